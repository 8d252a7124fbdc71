/**
 * What a user sees of an object: the service's fields plus a formatted twin of every amount, and the
 * labels of its fields, keyed by the field's place in the flat output Zapier shows (`items[]amount`,
 * `whatsapp__status`, `address__city`). The labels are read from the catalogue (fields.ts): a field
 * declared there shows in its resource's answer unless it is marked `inputOnly`.
 */
import { FIELDS, shownLabel, type FieldLabel } from './fields';
import { formatMinor } from './money';
import type { Invoice, Payment } from './schemas/resources';
import type { Note } from './schemas/notes';

/** Labels keyed by the field's place in Zapier's flat output. */
type OutputLabels = Readonly<Record<string, string>>;

/** Every field of the groups that an answer shows, later groups winning where two name one place. */
function outputLabels(...groups: ReadonlyArray<Readonly<Record<string, FieldLabel>>>): OutputLabels {
  return Object.fromEntries(
    groups
      .flatMap((group) => Object.values(group))
      .filter((entry) => !entry.inputOnly)
      .map((entry) => [entry.shownAt ?? entry.key, shownLabel(entry)]),
  );
}

/** A field its own resource only takes (an id) that another resource's answer shows (`client_id` on an invoice). */
const alsoShown = (entry: FieldLabel): FieldLabel => ({ ...entry, inputOnly: undefined });

const { record, invoice, client, payment, note, debitNote } = FIELDS;
const { livemode, updatedAt, ...common } = record;

export const INVOICE_LABELS = outputLabels(record, { clientId: alsoShown(client.id) }, invoice);

export const CLIENT_LABELS = outputLabels(common, { updatedAt }, client);

export const PAYMENT_LABELS = outputLabels(
  common,
  { livemode, invoiceId: alsoShown(invoice.id), currency: invoice.currency },
  payment,
);

/** The invoice's GST particulars as a note repeats them (`tax__supplier_gstin`, …), labelled as on the invoice. */
const issuedTax = {
  supplierGstin: invoice.supplierGstin,
  supplierState: invoice.supplierState,
  clientGstin: { ...invoice.clientGstin, inputOnly: undefined },
  taxPlaceOfSupply: invoice.taxPlaceOfSupply,
  placeOfSupplyName: invoice.placeOfSupplyName,
  supplyType: invoice.supplyType,
};
const noteCommon = { livemode, invoiceId: alsoShown(invoice.id), currency: invoice.currency, ...issuedTax };
const { creditNoteId: _credit, debitNoteId: _debit, ...noteFields } = note;
const creditOnly = Object.fromEntries(Object.entries(noteFields).filter(([name]) => !name.startsWith('credit')));

export const CREDIT_NOTE_LABELS = outputLabels(common, noteCommon, noteFields);
export const DEBIT_NOTE_LABELS = outputLabels(common, noteCommon, creditOnly, debitNote);

export type PresentedInvoice = Invoice & {
  items: Array<Invoice['items'][number] & { amount_formatted: string }>;
  amount_due_formatted: string;
  amount_paid_formatted: string;
  amount_remaining_formatted: string;
};

/**
 * The amounts of a line or of an invoice's tax figures that get a formatted twin
 * when present (GST, contract issue 30).
 */
const LINE_AMOUNTS = ['unit_price', 'cgst', 'sgst', 'utgst', 'igst', 'tax', 'total'] as const;
/** What notes did to the invoice, present once it has a note (contract: "A note's effect on the invoice"). */
const NOTE_EFFECTS = ['amount_credited', 'amount_debited', 'amount_refundable'] as const;
const TAX_AMOUNTS = ['taxable_value', 'cgst', 'sgst', 'utgst', 'igst', 'total_tax', 'total'] as const;

/** `{cgst: 9}` → `{cgst: 9, cgst_formatted: "₹0.09"}` for each key present. */
function withTwins<T extends object>(record: T, keys: readonly string[], format: (amount: number) => string): T {
  const twins = keys
    .filter((key) => typeof (record as Record<string, unknown>)[key] === 'number')
    .map((key) => [`${key}_formatted`, format((record as Record<string, number>)[key])]);
  return { ...record, ...Object.fromEntries(twins) };
}

export function presentInvoice(invoice: Invoice): PresentedInvoice {
  const format = (amount: number) => formatMinor(amount, invoice.currency);
  return {
    ...withTwins(invoice, NOTE_EFFECTS, format),
    ...(invoice.tax ? { tax: withTwins(invoice.tax, TAX_AMOUNTS, format) } : {}),
    items: invoice.items.map((item) => ({
      ...withTwins(item, LINE_AMOUNTS, format),
      amount_formatted: format(item.amount),
    })),
    amount_due_formatted: format(invoice.amount_due),
    amount_paid_formatted: format(invoice.amount_paid),
    amount_remaining_formatted: format(invoice.amount_remaining),
  };
}

export type PresentedPayment = Payment & { amount_formatted: string };

export function presentPayment(payment: Payment): PresentedPayment {
  return { ...payment, amount_formatted: formatMinor(payment.amount, payment.currency) };
}

export type PresentedNote<N extends Note = Note> = N & Record<string, unknown>;

/** A note as users see it: every amount of it and of its lines with its formatted twin. */
export function presentNote<N extends Note>(value: N): PresentedNote<N> {
  const format = (amount: number) => formatMinor(amount, value.currency);
  return {
    ...withTwins(value, ['taxable_value', ...TAX_AMOUNTS.slice(1)], format),
    lines: value.lines.map((line) => withTwins(line, ['amount', ...LINE_AMOUNTS], format)),
  };
}
