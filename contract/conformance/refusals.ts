/**
 * The refusals the connectors rely on, and the PDF as a document (docs/api-contract.md, "Voiding", "Sending and
 * resending", "Recording a payment", "The PDF"). Each row makes its own invoice and pays it as it needs, so a
 * refusal is checked on exactly the state it is about; they come after the lists, so no list or filter sees them.
 */
import { PDF_MEDIA_TYPE, operations, pdfFileName, type Operation } from '../../shared';
import type { Assumption, Context } from './context';
import type { Exchange } from './http';
import type { Thing } from './inputs';
import { NotCheckable, type Verdict } from './verdict';

const body = (exchange: Exchange) => (exchange.answer.body ?? {}) as Thing;

/** A new invoice of the run's own, paid `share` of what it owes (0: nothing, 1: all of it). */
async function invoicePaid(ctx: Context, share: number): Promise<Thing> {
  const invoice = await ctx.world.fresh('invoice_id');
  if (!invoice) throw new NotCheckable('the run could not create an invoice');
  const amount = Math.floor(Number(invoice.amount_remaining) * share);
  if (amount <= 0) return invoice;
  const paid = await send(ctx, operations.recordPayment, { invoice_id: invoice.id, method: 'bank_transfer', amount });
  if (paid.answer.status >= 300)
    throw new NotCheckable(`paying ${amount} of ${invoice.id} answered ${paid.answer.status}`);
  return invoice;
}

async function send(ctx: Context, operation: Operation, extra: Thing): Promise<Exchange> {
  const input = ctx.world.input(operation, extra);
  if (typeof input === 'string') throw new NotCheckable(input);
  return ctx.world.send(operation, input);
}

interface Refusal {
  id: string;
  says: string;
  decidedIn: string;
  ifDiffers: string;
  /** What the invoice owes when refused: a share of it paid. */
  paid: number;
  request(ctx: Context, invoice: Thing): Promise<Exchange>;
  status: number;
  code: string;
  /** What else the refusal must say, beyond its status and code. */
  also?(verdict: Verdict, exchange: Exchange): void;
  /** Rows whose rule this refusal's words follow. */
  dependsOn?: string[];
}

const REFUSALS: Refusal[] = [
  {
    id: 'voidInvoice.refused.paid',
    says: 'voiding a paid invoice answers 409 invoice_has_payments',
    decidedIn: 'voiding',
    ifDiffers: 'Void Invoice cancels money already received instead of telling the user to refund first',
    paid: 1,
    request: (ctx, invoice) => send(ctx, operations.voidInvoice, { invoice_id: invoice.id }),
    status: 409,
    code: 'invoice_has_payments',
  },
  {
    id: 'voidInvoice.refused.part-paid',
    says: 'voiding a part-paid invoice answers 409 invoice_has_payments',
    decidedIn: 'voiding',
    ifDiffers: 'Void Invoice cancels an invoice a client has started paying, and its payments are orphaned',
    paid: 0.5,
    request: (ctx, invoice) => send(ctx, operations.voidInvoice, { invoice_id: invoice.id }),
    status: 409,
    code: 'invoice_has_payments',
  },
  {
    id: 'sendInvoice.refused.reminder-paid',
    says: 'a reminder for a paid invoice answers 409 invoice_paid',
    decidedIn: 'sending-and-resending',
    ifDiffers: 'a reminder Zap or workflow asks a client to pay an invoice they have paid',
    paid: 1,
    request: (ctx, invoice) =>
      send(ctx, operations.sendInvoice, { invoice_id: invoice.id, channel: 'email', kind: 'reminder' }),
    status: 409,
    code: 'invoice_paid',
  },
  {
    id: 'recordPayment.refused.over',
    says: "a payment above the invoice's amount_remaining answers 422 validation_failed on amount",
    decidedIn: 'recording-a-payment',
    ifDiffers: 'Record Payment books more than is owed, and the invoice shows money it never billed',
    paid: 0.5,
    request: async (ctx, invoice) => {
      const read = await ctx.world.send(operations.getInvoice, { invoice_id: invoice.id });
      const remaining = Number(body(read).amount_remaining);
      if (!(remaining > 0)) throw new NotCheckable(`${invoice.id} answered no amount_remaining`);
      return send(ctx, operations.recordPayment, {
        invoice_id: invoice.id,
        method: 'bank_transfer',
        amount: remaining + 1,
      });
    },
    status: 422,
    code: 'validation_failed',
    // errors[] naming each field is errors.validation's rule; this row is about the amount being refused.
    dependsOn: ['errors.validation'],
    also: (verdict, exchange) => {
      const errors = body(exchange).errors;
      if (!Array.isArray(errors)) throw new NotCheckable('errors is not a list (see its field row)');
      const params = (errors as Array<{ param?: string }>).map((error) => error?.param);
      verdict.that(params.includes('amount'), `errors[] names ${JSON.stringify(params)}, not amount`, exchange);
    },
  },
];

export function refusalRows(): Assumption[] {
  return REFUSALS.map((refusal) => ({
    id: refusal.id,
    kind: 'refusal',
    says: refusal.says,
    decidedIn: refusal.decidedIn,
    ifDiffers: refusal.ifDiffers,
    dependsOn: refusal.dependsOn,
    async run(ctx, verdict) {
      const invoice = await invoicePaid(ctx, refusal.paid);
      const exchange = await refusal.request(ctx, invoice);
      if (verdict.answer(exchange, refusal.status, refusal.code)) refusal.also?.(verdict, exchange);
    },
  }));
}

/** The PDF of a new invoice of the run's own, with the number it was created with. */
async function pdfOf(ctx: Context): Promise<{ exchange: Exchange; number: string }> {
  const invoice = await ctx.world.fresh('invoice_id');
  if (!invoice || typeof invoice.number !== 'string') throw new NotCheckable('the run could not create an invoice');
  const exchange = await ctx.world.send(operations.downloadInvoicePdf, { invoice_id: invoice.id });
  // The status is the request row's (downloadInvoicePdf.request); these rows read a success's document.
  if (exchange.answer.status >= 300) throw new NotCheckable(`the PDF answered ${exchange.answer.status}`);
  return { exchange, number: invoice.number };
}

const pdfRow = (
  id: string,
  says: string,
  ifDiffers: string,
  check: (verdict: Verdict, exchange: Exchange, number: string) => void,
): Assumption => ({
  id: `pdf.${id}`,
  kind: 'document',
  says,
  decidedIn: 'the-pdf',
  ifDiffers,
  async run(ctx, verdict) {
    const { exchange, number } = await pdfOf(ctx);
    check(verdict, exchange, number);
  },
});

export function pdfRows(): Assumption[] {
  return [
    pdfRow(
      'content-type',
      `an invoice's PDF answers Content-Type ${PDF_MEDIA_TYPE}`,
      'Zapier and n8n store the file with another type, and mail or storage steps do not open it as a PDF',
      (verdict, exchange) => {
        const type = exchange.answer.headers['content-type'] ?? '';
        verdict.that(type.split(';')[0].trim() === PDF_MEDIA_TYPE, `Content-Type is "${type}"`, exchange);
      },
    ),
    pdfRow(
      'body',
      'the PDF is a PDF file: its body starts %PDF-',
      'the file a step hands on cannot be opened',
      (verdict, exchange) => {
        const text =
          typeof exchange.answer.body === 'string' ? exchange.answer.body : JSON.stringify(exchange.answer.body);
        verdict.that(text.startsWith('%PDF-'), `the body starts ${JSON.stringify(text.slice(0, 12))}`, exchange);
      },
    ),
    pdfRow(
      'file-name',
      'the PDF answers Content-Disposition: attachment; filename="<invoice number>.pdf"',
      'the file is named otherwise than the Download Invoice PDF output says (file_name)',
      (verdict, exchange, number) => {
        const disposition = exchange.answer.headers['content-disposition'] ?? '';
        const wanted = `attachment; filename="${pdfFileName(number)}"`;
        verdict.that(disposition === wanted, `Content-Disposition is "${disposition}", not '${wanted}'`, exchange);
      },
    ),
  ];
}
