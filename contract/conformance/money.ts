/**
 * The rows about money and dates (docs/api-contract.md, "GST computation and rounding" and "Dates, the time zone
 * and the due date"): every tax invoice any answer of the run carried is recomputed with the contract's own
 * arithmetic (shared/gst/tax.ts), and due dates are compared as calendar dates. The rows split the figures so
 * that one wrong figure is one row: a line's heads adding up to its tax, then (standing on that) each head and
 * the invoice's sums, and `amount_due` on its own; a given due date, then (standing on it) the terms' dates.
 */
import {
  PAYMENT_TERMS_KEYS,
  addDays,
  daysBetween,
  dueDateFor,
  gstRate,
  gstState,
  lineAmount,
  lineTax,
  operations,
  todayIn,
  type SupplyType,
} from '../../shared';
import type { Assumption, Context } from './context';
import type { Exchange } from './http';
import type { Thing } from './inputs';
import { NotCheckable, type Verdict } from './verdict';

const HEADS = ['cgst', 'sgst', 'utgst', 'igst'] as const;
const TOTALS = ['taxable_value', 'cgst', 'sgst', 'utgst', 'igst', 'total_tax', 'total'] as const;
const headSum = (line: Thing) => HEADS.reduce((sum, head) => sum + Number(line[head]), 0);

/** Lines whose half-up rounding shows: 9 % of ₹1.50 is 13.5 paise, 1.5 × ₹333.33 is 49,999.5 paise. */
const ROUNDING_LINES = [
  { amount: 150, gst_rate: '18' },
  { quantity: 1.5, unit: 'hrs', unit_price: 33333, gst_rate: '5' },
  { amount: 99999, gst_rate: '0.25' },
  { amount: 777, gst_rate: '3' },
  { amount: 1001, gst_rate: '40' },
  { amount: 12345, gst_rate: 'exempt' },
];

/** Every tax invoice an answer of the run carried (a create, a list, an event's payload), with its answer. */
export function taxInvoicesSeen(ctx: Context): Array<{ invoice: Thing; exchange: Exchange }> {
  const found: Array<{ invoice: Thing; exchange: Exchange }> = [];
  const scan = (value: unknown, exchange: Exchange) => {
    if (Array.isArray(value)) value.forEach((item) => scan(item, exchange));
    else if (value && typeof value === 'object') {
      const object = value as Thing;
      if (object.object === 'invoice' && object.tax && Array.isArray(object.items))
        found.push({ invoice: object, exchange });
      else Object.values(object).forEach((inner) => scan(inner, exchange));
    }
  };
  for (const exchange of ctx.client.exchanges) if (exchange.answer.status < 300) scan(exchange.answer.body, exchange);
  return found;
}

const whole = (...values: unknown[]) => values.every((value) => Number.isInteger(value));
/**
 * A line these rows can recompute: its figures whole paise, its rate and supply ones the contract knows. Another
 * type is the field rows' difference (field Invoice.items.cgst…), not a wrong figure.
 */
const readable = (line: Thing, invoice: Thing) =>
  whole(line.amount, line.tax, line.total, ...HEADS.map((head) => line[head])) &&
  (line.quantity === undefined || typeof line.quantity === 'number') &&
  (line.unit_price === undefined || whole(line.unit_price)) &&
  typeof line.gst_rate === 'string' &&
  gstRate(line.gst_rate) !== undefined &&
  ['intra_state', 'inter_state'].includes(invoice.tax?.supply_type) &&
  typeof invoice.tax?.place_of_supply === 'string';
const UNREADABLE = 'no tax invoice line this run saw had figures of the types the contract gives (see the field rows)';

/** Runs `check` on each line of each tax invoice seen, keeping the first three differences. */
function eachLine(ctx: Context, verdict: Verdict, check: (line: Thing, invoice: Thing) => string | undefined) {
  let differences = 0;
  let lines = 0;
  for (const { invoice, exchange } of taxInvoicesSeen(ctx)) {
    invoice.items.forEach((line: Thing, index: number) => {
      if (line?.gst_rate === undefined || !readable(line, invoice)) return;
      lines += 1;
      const wrong = check(line, invoice);
      if (wrong && differences++ < 3) verdict.differs(`${invoice.number} line ${index + 1}: ${wrong}`, exchange);
    });
  }
  if (!lines) throw new NotCheckable(UNREADABLE);
}

/** The line's tax as the contract computes it, from the figures the answer gives for the line and invoice. */
const expected = (line: Thing, invoice: Thing) =>
  lineTax(
    Number(line.amount),
    String(line.gst_rate),
    invoice.tax.supply_type as SupplyType,
    Boolean(gstState(String(invoice.tax.place_of_supply))?.ut),
  );

/** Two tax invoices of the run's own, within the supplier's state and across states, with rounding lines. */
async function makeTaxInvoices(ctx: Context): Promise<void> {
  const supplier = await ctx.world.send(operations.getAccount, {});
  const home = String((supplier.answer.body as Thing | undefined)?.state ?? '');
  const away = home === '29' ? '27' : '29';
  for (const place of [home, away].filter(Boolean)) {
    const items = ROUNDING_LINES.map((line) => ({ description: `Conformance ${ctx.tag} rounding`, ...line }));
    const input = ctx.world.input(operations.createInvoice, { items, place_of_supply: place });
    if (typeof input !== 'string') await ctx.world.send(operations.createInvoice, input);
  }
}

export function taxRows(): Assumption[] {
  return [
    {
      id: 'tax.line-total',
      kind: 'tax',
      says:
        "each tax invoice line's amount is quantity × unit price (half-up), its heads add up to its tax as the " +
        "contract's per-line rounding gives it, and its total is amount + tax",
      decidedIn: 'gst-computation-and-rounding',
      ifDiffers: 'a Zap or workflow files or forwards a tax figure that does not add up',
      async run(ctx, verdict) {
        await makeTaxInvoices(ctx);
        eachLine(ctx, verdict, (line, invoice) => {
          if (line.unit_price !== undefined && line.quantity !== undefined) {
            const amount = lineAmount(Math.round(Number(line.quantity) * 1000), Number(line.unit_price));
            if (line.amount !== amount)
              return `amount ${line.amount} for ${line.quantity} × ${line.unit_price}; half-up gives ${amount}`;
          }
          const tax = expected(line, invoice).tax;
          const heads = HEADS.map((head) => `${head.toUpperCase()} ${line[head]}`).join(' + ');
          if (headSum(line) !== tax) return `${heads} = ${headSum(line)}, not the ${tax} the contract's rounding gives`;
          if (line.tax !== tax) return `tax ${line.tax}, not its heads' ${tax}`;
          return line.total === line.amount + line.tax ? undefined : `total ${line.total}, not amount + tax`;
        });
      },
    },
    {
      id: 'tax.line-heads',
      kind: 'tax',
      says:
        'each head of each line is its own half-up rounding: within a state CGST = SGST (or UTGST) = half the ' +
        'rate, across states IGST the whole rate',
      decidedIn: 'gst-computation-and-rounding',
      ifDiffers: 'CGST and SGST are filed unequal, or a head is levied on a supply it does not apply to',
      dependsOn: ['tax.line-total'],
      async run(ctx, verdict) {
        eachLine(ctx, verdict, (line, invoice) => {
          const want = expected(line, invoice);
          const wrong = HEADS.filter((head) => line[head] !== want[head]);
          return wrong.length
            ? `${wrong.map((head) => `${head.toUpperCase()} ${line[head]}`).join(', ')}; the contract gives ` +
                `${wrong.map((head) => want[head]).join(', ')} (${invoice.tax.supply_type}, ${line.gst_rate} %)`
            : undefined;
        });
      },
    },
    {
      id: 'tax.totals',
      kind: 'tax',
      says: "a tax invoice's taxable value, heads, total tax and total are the sums of its lines'",
      decidedIn: 'gst-computation-and-rounding',
      ifDiffers: "the invoice's GST totals disagree with its own lines",
      dependsOn: ['tax.line-total', 'tax.line-heads'],
      async run(ctx, verdict) {
        const seen = taxInvoicesSeen(ctx).filter(
          ({ invoice }) =>
            whole(...TOTALS.map((key) => invoice.tax[key])) &&
            invoice.items.every((line: Thing) => readable(line, invoice)),
        );
        if (!seen.length) throw new NotCheckable(UNREADABLE);
        let differences = 0;
        for (const { invoice, exchange } of seen) {
          const sum = (pick: (line: Thing) => number) =>
            invoice.items.reduce((total: number, line: Thing) => total + pick(line), 0);
          const lines: Record<(typeof TOTALS)[number], number> = {
            taxable_value: sum((line) => Number(line.amount)),
            ...Object.fromEntries(HEADS.map((head) => [head, sum((line) => Number(line[head] ?? 0))])),
            total_tax: sum((line) => Number(line.tax ?? 0)),
            total: sum((line) => Number(line.total ?? line.amount)),
          } as never;
          const wrong = TOTALS.filter((key) => invoice.tax[key] !== lines[key]);
          if (wrong.length && differences++ < 3)
            verdict.differs(
              `${invoice.number}: ` +
                wrong.map((key) => `tax.${key} ${invoice.tax[key]}, its lines sum to ${lines[key]}`).join('; '),
              exchange,
            );
        }
      },
    },
    {
      id: 'tax.amount-due',
      kind: 'tax',
      says: "a tax invoice's amount_due is its tax.total",
      decidedIn: 'gst-computation-and-rounding',
      ifDiffers: 'payments and reminders ask for another amount than the tax invoice bills',
      async run(ctx, verdict) {
        const seen = taxInvoicesSeen(ctx).filter(({ invoice }) => whole(invoice.amount_due, invoice.tax.total));
        if (!seen.length) throw new NotCheckable(UNREADABLE);
        const wrong = seen.filter(({ invoice }) => invoice.amount_due !== invoice.tax.total);
        for (const { invoice, exchange } of wrong.slice(0, 3))
          verdict.differs(
            `${invoice.number}: amount_due ${invoice.amount_due}, tax.total ${invoice.tax.total}`,
            exchange,
          );
      },
    },
  ];
}

/** "One day after", "2 days before": a due date's distance from the one expected, as dates. */
const offBy = (answered: string, wanted: string) => {
  const days = daysBetween(wanted, answered);
  return `${Math.abs(days)} day${Math.abs(days) === 1 ? '' : 's'} ${days > 0 ? 'after' : 'before'}`;
};
const isDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The invoice as created and as read again: both must carry the due date. */
async function createdAndRead(ctx: Context, extra: Thing): Promise<Exchange[]> {
  const input = ctx.world.input(operations.createInvoice, extra);
  if (typeof input === 'string') throw new NotCheckable(input);
  const created = await ctx.world.send(operations.createInvoice, input);
  const id = (created.answer.body as Thing | undefined)?.id;
  if (created.answer.status >= 300 || typeof id !== 'string')
    throw new NotCheckable(`Create Invoice with ${JSON.stringify(extra)} answered ${created.answer.status}`);
  return [created, await ctx.world.send(operations.getInvoice, { invoice_id: id })];
}

export function dueDateRows(): Assumption[] {
  return [
    {
      id: 'createInvoice.due-date.given',
      kind: 'due-date',
      says: 'an invoice created with due_date D answers due_date D, as created and as read',
      decidedIn: 'dates-the-time-zone-and-the-due-date',
      ifDiffers: 'reminders, overdue triggers and due-date filters act on another day than the one given',
      async run(ctx, verdict) {
        const given = addDays(todayIn(new Date()), 20);
        for (const exchange of await createdAndRead(ctx, { due_date: given, payment_terms: undefined })) {
          const answered = (exchange.answer.body as Thing | undefined)?.due_date;
          if (!isDate(answered)) throw new NotCheckable(`due_date is ${JSON.stringify(answered)} (see its field row)`);
          verdict.that(
            answered === given,
            `due_date is ${answered}, ${offBy(answered, given)} the ${given} it was given`,
            exchange,
          );
        }
      },
    },
    {
      id: 'createInvoice.due-date.terms',
      kind: 'due-date',
      says:
        'an invoice created with payment terms (due_on_receipt, net_7 … net_60) is due that many days after its ' +
        "issue date in the account's time zone",
      decidedIn: 'dates-the-time-zone-and-the-due-date',
      ifDiffers: 'invoices made with Net 15 are reminded of, and triggered as overdue, on another day',
      dependsOn: ['createInvoice.due-date.given'],
      async run(ctx, verdict) {
        const account = await ctx.world.send(operations.getAccount, {});
        const zone = (account.answer.body as Thing | undefined)?.time_zone;
        try {
          todayIn(new Date(), zone);
        } catch {
          throw new NotCheckable(`the account's time_zone ${JSON.stringify(zone)} is no zone (see its field row)`);
        }
        for (const terms of PAYMENT_TERMS_KEYS) {
          for (const exchange of await createdAndRead(ctx, { payment_terms: terms })) {
            const invoice = exchange.answer.body as Thing;
            // The issue date is the date of its creation on the account's wall clock.
            const created = new Date(String(invoice.created_at));
            const answered = invoice.due_date;
            const timestamp = typeof invoice.created_at === 'string' && isDate(invoice.created_at.slice(0, 10));
            if (!isDate(answered) || !timestamp || Number.isNaN(created.getTime()) || invoice.payment_terms !== terms)
              throw new NotCheckable(
                `${terms}: due_date ${JSON.stringify(answered)}, created_at ${JSON.stringify(invoice.created_at)}, ` +
                  `payment_terms ${JSON.stringify(invoice.payment_terms)} (see their field rows)`,
              );
            const wanted = dueDateFor(terms, todayIn(created, zone));
            verdict.that(
              answered === wanted,
              `${terms}: due_date is ${answered}, ${offBy(answered, wanted)} the ${wanted} its terms give`,
              exchange,
            );
          }
        }
      },
    },
  ];
}
