/**
 * What a user sees of an object: the service's fields plus a formatted twin of every amount, and the
 * labels of its fields, keyed by the field's place in the flat output Zapier shows (`items[]amount`,
 * `whatsapp__status`, `address__city`). The labels are read from the catalogue (fields.ts): a field
 * declared there shows in its resource's answer unless it is marked `inputOnly`.
 */
import { FIELDS, shownLabel, type FieldLabel } from './fields';
import { formatMinor } from './money';
import type { Invoice, Payment, Product } from './schemas/resources';
import type { Refund } from './schemas/refunds';
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

const { record, invoice, client, payment, item, product, refund, note, debitNote } = FIELDS;
const { livemode, updatedAt, ...common } = record;

export const INVOICE_LABELS = outputLabels(record, { clientId: alsoShown(client.id) }, invoice);

export const CLIENT_LABELS = outputLabels(common, { updatedAt }, client);

export const PAYMENT_LABELS = outputLabels(
  common,
  { livemode, invoiceId: alsoShown(invoice.id), currency: invoice.currency },
  payment,
);

export const PRODUCT_LABELS = outputLabels(
  common,
  { updatedAt, currency: invoice.currency, unit: item.unit, hsnSac: item.hsnSac, gstRate: item.gstRate },
  product,
);

export const REFUND_LABELS = outputLabels(
  common,
  {
    livemode,
    paymentId: alsoShown(payment.id),
    invoiceId: alsoShown(invoice.id),
    currency: invoice.currency,
  },
  refund,
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
  amount_refunded_formatted?: string;
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

/**
 * A labelled field the service leaves out of an object the answer has (`voided_at` before a void,
 * `whatsapp.error_code` when nothing failed) is answered as null: what a step shows is then the same set of keys
 * whatever state the object is in, the set its sample and Zapier's outputFields list (Zapier's checks D024 and
 * T004, docs/zapier-checks.md). An absent parent (`tax` on an invoice without GST) stays absent, and so do
 * line-item keys unless `lines` is set: a null there would claim a GST breakdown an invoice without GST does not
 * have, while on a tax invoice every line has one and only a typed line's `product_id` and `sku` are missing.
 */
export function withLabelledNulls<T extends object>(answer: T, labels: OutputLabels, lines = false): T {
  const out: Record<string, unknown> = { ...(answer as Record<string, unknown>) };
  for (const key of Object.keys(labels)) {
    const [list, item] = key.split('[]');
    if (item !== undefined) {
      const entries = out[list];
      if (lines && Array.isArray(entries))
        out[list] = entries.map((entry) =>
          typeof entry === 'object' && entry !== null && !(item in entry) ? { ...entry, [item]: null } : entry,
        );
      continue;
    }
    const [head, child] = key.split('__');
    const parent = out[head];
    if (child === undefined) {
      if (!(head in out)) out[head] = null;
    } else if (typeof parent === 'object' && parent !== null && !Array.isArray(parent) && !(child in parent)) {
      out[head] = { ...parent, [child]: null };
    }
  }
  return out as T;
}

/** `amount_refunded` is absent on answers from before refunds (issue 40); its twin only beside it. */
const refundedTwin = (amount: number | null | undefined, format: (amount: number) => string) =>
  typeof amount === 'number' ? { amount_refunded_formatted: format(amount) } : {};

export function presentInvoice(invoice: Invoice): PresentedInvoice {
  const format = (amount: number) => formatMinor(amount, invoice.currency);
  return withLabelledNulls(presentedInvoice(invoice, format), INVOICE_LABELS, Boolean(invoice.tax));
}

function presentedInvoice(invoice: Invoice, format: (amount: number) => string): PresentedInvoice {
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
    ...refundedTwin(invoice.amount_refunded, format),
  };
}

export type PresentedPayment = Payment & { amount_formatted: string; amount_refunded_formatted?: string };

export function presentPayment(payment: Payment): PresentedPayment {
  const format = (amount: number) => formatMinor(amount, payment.currency);
  return withLabelledNulls(
    { ...payment, amount_formatted: format(payment.amount), ...refundedTwin(payment.amount_refunded, format) },
    PAYMENT_LABELS,
  );
}

export type PresentedProduct = Product & { unit_price_formatted: string };

export function presentProduct(product: Product): PresentedProduct {
  return { ...product, unit_price_formatted: formatMinor(product.unit_price, product.currency) };
}

export type PresentedRefund = Refund & { amount_formatted: string };

export function presentRefund(refund: Refund): PresentedRefund {
  return { ...refund, amount_formatted: formatMinor(refund.amount, refund.currency) };
}

export type PresentedNote<N extends Note = Note> = N & Record<string, unknown>;

/** A note as users see it: every amount of it and of its lines with its formatted twin. */
export function presentNote<N extends Note>(value: N): PresentedNote<N> {
  const format = (amount: number) => formatMinor(amount, value.currency);
  const presented = {
    ...withTwins(value, ['taxable_value', ...TAX_AMOUNTS.slice(1)], format),
    lines: value.lines.map((line) => withTwins(line, ['amount', ...LINE_AMOUNTS], format)),
  };
  // A line noted by amount has no quantity, unit or unit price: answered null, as its sample and outputFields list.
  const labels = value.object === 'debit_note' ? DEBIT_NOTE_LABELS : CREDIT_NOTE_LABELS;
  return withLabelledNulls(presented, labels, true);
}
