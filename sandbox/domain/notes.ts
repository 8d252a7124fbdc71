/**
 * Credit and debit notes (docs/api-contract.md, "Credit notes and debit notes"): what a note may take of
 * its invoice, its GST at the invoice's own rate and supply (shared/gst/notes.ts), the note itself, and the
 * invoice's new balance, written together in the caller's transaction.
 */
import {
  type CreditNote,
  type DebitNote,
  type Invoice,
  type NoteKind,
  type NoteLineFigures,
  NOTE_NUMBER_PREFIX,
  VOID,
  askedTaxable,
  fieldLabel,
  formatMinor,
  gstState,
  lineBalances,
  lumpSumLine,
  noteLine,
  noteTotals,
  singleRate,
  todayIn,
} from '../../shared';
import { newId } from '../storage/ids';
import { isoNow } from '../storage/records';
import { balance, worth } from './balance';
import { timeZoneOf } from './clock';
import type { Context } from './context';
import { standing } from './invoiceStanding';
import { recordEvent } from './eventLog';
import { einvoices, noteSource, report } from './einvoicing';
import { Problem } from './problems';

type Note = CreditNote | DebitNote;

/** A note's body, as the route validated it (amount in minor units). */
export interface NoteRequest {
  note_reason: string;
  line?: number;
  quantity?: number;
  taxable_amount?: number;
  note?: string;
}

const WORDS = {
  credit: { object: 'credit_note', prefix: 'cn', collection: 'creditNotes' },
  debit: { object: 'debit_note', prefix: 'dn', collection: 'debitNotes' },
} as const;

const refuse = (param: string, code: string, message: string): never => {
  throw new Problem(422, code, message, [{ param, message }]);
};

/** The account's next number in the note's own series: CN-000001, DN-000001. */
function nextNumber(ctx: Context, kind: NoteKind): string {
  const counter = `${WORDS[kind].object}_counter:${ctx.account.id}`;
  const next = Number(ctx.data.store.meta(counter, () => '0')) + 1;
  ctx.data.store.setMeta(counter, String(next));
  return `${NOTE_NUMBER_PREFIX[kind]}${String(next).padStart(6, '0')}`;
}

/** Every note on the invoice so far, credit and debit, oldest first. */
export function notesOf(ctx: Context, invoice: Invoice): Array<{ kind: NoteKind; lines: NoteLineFigures[] }> {
  const of = (kind: NoteKind) =>
    ctx.data[WORDS[kind].collection].findAll({ invoice_id: invoice.id }).map((note) => ({
      kind,
      lines: note.lines.map((line) => ({ ...line, line: line.line ?? null })) as NoteLineFigures[],
    }));
  return [...of('credit'), ...of('debit')];
}

/** The note's lines: one invoice line by units or amount, a lump sum, or all that remains of every line. */
function figures(ctx: Context, kind: NoteKind, invoice: Invoice, request: NoteRequest): NoteLineFigures[] {
  const place = invoice.tax?.place_of_supply;
  const issued = {
    supply: invoice.tax?.supply_type === 'inter_state' ? ('inter_state' as const) : ('intra_state' as const),
    unionTerritory: place ? gstState(place)?.ut === true : false,
  };
  const balances = lineBalances(invoice.items, notesOf(ctx, invoice));
  const money = (amount: number) => formatMinor(amount, invoice.currency);
  if (request.line !== undefined) {
    const index = request.line - 1;
    const line = invoice.items[index];
    const count = invoice.items.length;
    if (!line) {
      refuse(
        'line',
        'line_not_found',
        `${fieldLabel('line')} ${request.line} is not a line of ${invoice.number}, which has ` +
          `${count} line${count === 1 ? '' : 's'} (1 to ${count})`,
      );
    }
    const balance = balances[index];
    if (
      kind === 'credit' &&
      request.quantity !== undefined &&
      Math.round(request.quantity * 1000) > balance.thousandths
    ) {
      refuse(
        'quantity',
        'credit_exceeds_remaining',
        `${fieldLabel('quantity')} must be at most ` +
          `${balance.thousandths / 1000}, the units of line ${request.line} of ${invoice.number} not yet credited`,
      );
    }
    const ask =
      request.quantity !== undefined ? { quantity: request.quantity } : { amount: request.taxable_amount as number };
    const taxable = askedTaxable(kind, line, ask, balance);
    if (kind === 'credit' && taxable > balance.amount) {
      refuse(
        request.quantity !== undefined ? 'quantity' : 'taxable_amount',
        'credit_exceeds_remaining',
        `${fieldLabel('taxable_amount')} must be at most ${money(balance.amount)}, ` +
          `the taxable value of line ${request.line} of ${invoice.number} not yet credited`,
      );
    }
    const quantity = request.quantity;
    return [
      noteLine(request.line, line, taxable, issued, { balance, ...(quantity === undefined ? {} : { quantity }) }),
    ];
  }
  if (request.taxable_amount !== undefined) {
    const rate = singleRate(invoice.items);
    if (!rate) {
      const rates = [...new Set(invoice.items.map((line) => line.gst_rate))].join(', ');
      refuse(
        'taxable_amount',
        'lump_sum_mixed_rates',
        `${fieldLabel('taxable_amount')} alone (a lump sum) needs an invoice with ` +
          `one GST rate, and ${invoice.number} has several (${rates}): give ${fieldLabel('line')} to say which line`,
      );
    }
    return [lumpSumLine(request.taxable_amount, rate?.rate, issued)];
  }
  return balances.flatMap((balance, index) =>
    balance.amount > 0 ? [noteLine(index + 1, invoice.items[index], balance.amount, issued, { balance })] : [],
  );
}

/** The invoice after the note: what it is worth, owed and owed back (contract: "A note's effect on the invoice"). */
function corrected(invoice: Invoice, kind: NoteKind, total: number, now: string): Invoice {
  const credited = (invoice.amount_credited ?? 0) + (kind === 'credit' ? total : 0);
  const debited = (invoice.amount_debited ?? 0) + (kind === 'debit' ? total : 0);
  const noted = { ...invoice, amount_credited: credited, amount_debited: debited };
  const owed = balance(noted, invoice.amount_paid);
  const remaining = owed.amount_remaining;
  const settled = remaining === 0 && invoice.amount_paid > 0 && invoice.status !== 'disputed';
  const reopened = remaining > 0 && invoice.status === 'paid';
  return {
    ...noted,
    ...owed,
    status: settled ? 'paid' : reopened ? 'partially_paid' : invoice.status,
    updated_at: now,
  };
}

/** Issues a credit or debit note on the invoice, or refuses it in the contract's words; emits its two events. */
export function issueNote(ctx: Context, kind: NoteKind, invoice: Invoice, request: NoteRequest): Note {
  if (invoice.status === VOID) {
    throw new Problem(409, 'invoice_void', `Invoice ${invoice.number} is void: no ${kind} note can be issued on it.`);
  }
  const money = (amount: number) => formatMinor(amount, invoice.currency);
  const lines = figures(ctx, kind, invoice, request);
  const totals = noteTotals(lines);
  if (kind === 'credit') {
    const left = worth(invoice);
    if (left <= 0 || !lines.length) {
      throw new Problem(
        409,
        'nothing_to_credit',
        `${invoice.number} has nothing left to credit: its notes so far ` +
          `have credited all of it (${money(invoice.amount_credited ?? 0)}).`,
      );
    }
    if (totals.total > left) {
      refuse(
        request.line === undefined ? 'taxable_amount' : 'line',
        'credit_exceeds_remaining',
        `${fieldLabel('taxable_amount')} is more than remains creditable of ${invoice.number}: ` +
          `this note would credit ${money(totals.total)} with GST, and ${money(left)} remains ` +
          '(its total less earlier credit notes)',
      );
    }
  }
  const now = isoNow();
  const tax = invoice.tax;
  const note = {
    id: newId(WORDS[kind].prefix),
    object: WORDS[kind].object,
    number: nextNumber(ctx, kind),
    status: 'issued',
    invoice_id: invoice.id,
    invoice_number: invoice.number,
    invoice_date: todayIn(new Date(invoice.created_at), timeZoneOf(ctx.account)),
    note_reason: request.note_reason,
    note: request.note ?? null,
    currency: invoice.currency,
    lines: lines.map((figure) => {
      const source = figure.line === null ? undefined : invoice.items[figure.line - 1];
      return {
        description: source?.description ?? (request.note || 'Lump sum'),
        hsn_sac: source?.hsn_sac ?? null,
        gst_rate: source ? (source.gst_rate ?? null) : (singleRate(invoice.items)?.rate ?? null),
        ...(source?.unit ? { unit: source.unit } : {}),
        ...(source?.unit_price !== undefined ? { unit_price: source.unit_price } : {}),
        ...figure,
      };
    }),
    ...totals,
    ...(tax
      ? {
          tax: {
            supplier_gstin: tax.supplier_gstin,
            supplier_state: tax.supplier_state,
            client_gstin: tax.client_gstin,
            place_of_supply: tax.place_of_supply,
            place_of_supply_name: tax.place_of_supply_name,
            supply_type: tax.supply_type,
          },
        }
      : {}),
    livemode: false,
    created_at: now,
  } as Note;
  // Issue 41: a note on an e-invoiced B2B invoice is reported too; its outcome is the note's own fields.
  if (einvoices(ctx, tax)) Object.assign(note, report(ctx, noteSource(ctx, note, { ...invoice, tax }), note.id));
  ctx.data[WORDS[kind].collection].insert(note as never);
  const after = corrected(invoice, kind, totals.total, now);
  ctx.data.invoices.replace(after);
  const data = { [WORDS[kind].object]: note, invoice: standing(ctx, after) };
  recordEvent(ctx, kind === 'credit' ? 'credit_note.created' : 'debit_note.created', data);
  recordEvent(ctx, kind === 'credit' ? 'invoice.credited' : 'invoice.debited', data);
  return note;
}
