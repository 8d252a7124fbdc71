/**
 * Invoice events as one flat record a non-developer maps directly: the invoice's state after the event,
 * amounts with formatted twins, whether it is now fully paid, and what happened (the view, the payment
 * with its UPI reference, the dispute). Each field's label is the catalogue's (fields.ts), or is
 * declared here when only this record has the field.
 */
import { FIELDS, shownLabel, type FieldLabel } from '../fields';
import { formatMinor } from '../money';
import type { InvoiceEvent } from '../schemas/webhookEvents';

type Flat = string | number | boolean | null;

const { record, invoice, client, payment, refund, event, viewAndDispute, sending, note } = FIELDS;
const prefixed = (prefix: string, entry: FieldLabel) => `${prefix} ${shownLabel(entry)}`;

/** What every event record starts with (client events' too), keyed by its place in the record. */
export const ENVELOPE_LABELS = {
  id: shownLabel(record.id),
  event_id: event.id.label,
  event_type: event.type.label,
  occurred_at: event.occurredAt.label,
  livemode: shownLabel(record.livemode),
};

/** The envelope's values, for those labels: the same lines at the top of every event record. */
export function envelope(event: { id: string; type: string; created_at: string; livemode: boolean }) {
  return {
    id: event.id,
    event_id: event.id,
    event_type: event.type,
    occurred_at: event.created_at,
    livemode: event.livemode,
  };
}

/**
 * A tax invoice's GST figures on every invoice event (null on an invoice without GST;
 * contract: "The GST fields on the wire").
 */
const TAX_FIGURES = ['taxable_value', 'cgst', 'sgst', 'utgst', 'igst', 'total_tax'] as const;
const taxLabel = (key: string) => (invoice as Readonly<Record<string, FieldLabel>>)[key];
const TAX_LABELS: Record<string, string> = {
  client_gstin: invoice.clientGstin.label,
  place_of_supply: invoice.placeOfSupplyName.label,
  supply_type: invoice.supplyType.label,
  ...Object.fromEntries(
    TAX_FIGURES.flatMap((key) => [
      [`tax_${key}`, taxLabel(`tax_${key}`).label],
      [`tax_${key}_formatted`, taxLabel(`tax_${key}_formatted`).label],
    ]),
  ),
};

function taxRecord(
  tax: InvoiceEvent['data']['invoice']['tax'],
  format: (amount: number) => string,
): Record<string, Flat> {
  return {
    client_gstin: tax?.client_gstin ?? null,
    place_of_supply: tax ? `${tax.place_of_supply} ${tax.place_of_supply_name}` : null,
    supply_type: tax?.supply_type ?? null,
    ...Object.fromEntries(
      TAX_FIGURES.flatMap((key) => [
        [`tax_${key}`, tax ? tax[key] : null],
        [`tax_${key}_formatted`, tax ? format(tax[key]) : null],
      ]),
    ),
  };
}

/** A note's figures on its events (credit and debit alike), and what the notes did to the invoice. */
const NOTE_FIGURES = ['taxable_value', 'total_tax', 'total'] as const;
const NOTE_EFFECTS = ['amount_credited', 'amount_debited', 'amount_refundable'] as const;
const invoiceLabel = (key: string) => (invoice as Readonly<Record<string, FieldLabel>>)[key].label;
/** Issue 41: an e-invoice event's record carries the IRP's answer as the invoice now has it. */
const EINVOICE_KEYS = [
  'einvoiceStatus',
  'irn',
  'ackNo',
  'ackDate',
  'signedQr',
  'einvoiceErrorCode',
  'einvoiceErrorMessage',
  'einvoiceCancelledAt',
  'einvoiceCancelReason',
] as const;
const EINVOICE_LABELS: Record<string, string> = Object.fromEntries(
  EINVOICE_KEYS.map((name) => [FIELDS.invoice[name].key, FIELDS.invoice[name].label]),
);
const einvoiceRecord = (invoice: Record<string, unknown>): Record<string, Flat> =>
  Object.fromEntries(
    EINVOICE_KEYS.map((name) => FIELDS.invoice[name].key).map((key) => [key, (invoice[key] as Flat) ?? null]),
  );

const NOTE_LABELS: Record<string, string> = {
  note_id: 'Note ID',
  note_number: 'Note Number',
  note_reason: prefixed(note.note.label, note.reason),
  ...Object.fromEntries(
    NOTE_FIGURES.flatMap((key) => [
      [`note_${key}`, `Note ${taxLabel(`tax_${key}_formatted`).label} (Minor Units)`],
      [`note_${key}_formatted`, `Note ${taxLabel(`tax_${key}_formatted`).label}`],
    ]),
  ),
  ...Object.fromEntries(
    NOTE_EFFECTS.flatMap((key) => [
      [key, invoiceLabel(key)],
      [`${key}_formatted`, invoiceLabel(`${key}_formatted`)],
    ]),
  ),
};

type IssuedNote = { id: string; number: string; note_reason: string } & Record<(typeof NOTE_FIGURES)[number], number>;

function noteRecord(issued: IssuedNote, current: InvoiceEvent['data']['invoice'], format: (n: number) => string) {
  return {
    note_id: issued.id,
    note_number: issued.number,
    note_reason: issued.note_reason,
    ...Object.fromEntries(
      NOTE_FIGURES.flatMap((key) => [
        [`note_${key}`, issued[key]],
        [`note_${key}_formatted`, format(issued[key])],
      ]),
    ),
    ...Object.fromEntries(
      NOTE_EFFECTS.flatMap((key) => [
        [key, current[key] ?? 0],
        [`${key}_formatted`, format(current[key] ?? 0)],
      ]),
    ),
  };
}

export const INVOICE_EVENT_LABELS: Readonly<Record<string, string>> = {
  ...ENVELOPE_LABELS,
  invoice_id: invoice.id.label,
  invoice_number: invoice.number.label,
  invoice_status: prefixed('Invoice', invoice.status),
  invoice_url: invoice.hostedUrl.label,
  client_id: client.id.label,
  client_email: invoice.clientEmail.label,
  currency: invoice.currency.label,
  amount_due: invoice.amountDue.label,
  amount_due_formatted: invoice.amountDueFormatted.label,
  amount_paid: invoice.amountPaid.label,
  amount_paid_formatted: invoice.amountPaidFormatted.label,
  amount_remaining: invoice.amountRemaining.label,
  amount_remaining_formatted: invoice.amountRemainingFormatted.label,
  fully_paid: 'Fully Paid',
  view_channel: 'Viewed Via',
  viewed_at: 'Viewed At',
  payment_id: payment.id.label,
  payment_method: payment.method.label,
  payment_amount: prefixed('Payment', payment.amount),
  payment_amount_formatted: prefixed('Payment', payment.amountFormatted),
  payment_reference: prefixed('Payment', payment.reference),
  upi_utr: payment.utr.label,
  upi_vpa: payment.vpa.label,
  paid_at: payment.paidAt.label,
  dispute_id: 'Dispute ID',
  dispute_reason: viewAndDispute.reason.label,
  dispute_note: prefixed('Dispute', payment.note),
  disputed_at: 'Disputed At',
  whatsapp_status: invoice.whatsappStatus.label,
  invoice_created_at: prefixed('Invoice', record.createdAt),
  ...TAX_LABELS,
  delivery_id: sending.deliveryId.label,
  delivery_channel: shownLabel(sending.channel),
  delivery_kind: shownLabel(sending.kind),
  delivery_to: sending.to.label,
  delivery_status: sending.status.label,
  failure_code: sending.failureCode.label,
  failure_message: sending.failureMessage.label,
  due_date: invoice.dueDate.label,
  days_overdue: invoice.daysOverdue.label,
  upi_link: invoice.upiLink.label,
  voided_at: invoice.voidedAt.label,
  refund_id: refund.id.label,
  refund_amount: prefixed('Refund', refund.amount),
  refund_amount_formatted: prefixed('Refund', refund.amountFormatted),
  refund_method: 'Refund Method',
  refund_utr: prefixed('Refund', refund.utr),
  refund_reference: prefixed('Refund', refund.reference),
  refunded_at: refund.refundedAt.label,
  payment_amount_refunded: prefixed('Payment', payment.amountRefunded),
  payment_amount_refunded_formatted: prefixed('Payment', payment.amountRefundedFormatted),
  ...NOTE_LABELS,
  ...EINVOICE_LABELS,
};

export function flattenInvoiceEvent(event: InvoiceEvent): Record<string, Flat> {
  const invoice = event.data.invoice;
  const format = (amount: number) => formatMinor(amount, invoice.currency);
  const record = {
    ...envelope(event),
    invoice_id: invoice.id,
    invoice_number: invoice.number,
    invoice_status: invoice.status,
    invoice_url: invoice.hosted_url,
    client_id: invoice.client_id,
    client_email: invoice.client_email,
    currency: invoice.currency,
    amount_due: invoice.amount_due,
    amount_due_formatted: format(invoice.amount_due),
    amount_paid: invoice.amount_paid,
    amount_paid_formatted: format(invoice.amount_paid),
    amount_remaining: invoice.amount_remaining,
    amount_remaining_formatted: format(invoice.amount_remaining),
    fully_paid: invoice.amount_remaining === 0 && invoice.amount_paid >= invoice.amount_due,
    ...taxRecord(invoice.tax, format),
  };
  switch (event.type) {
    case 'invoice.created':
      return { ...record, whatsapp_status: invoice.whatsapp.status, invoice_created_at: invoice.created_at };
    case 'invoice.viewed':
      return { ...record, view_channel: event.data.view.channel, viewed_at: event.data.view.viewed_at };
    case 'invoice.paid': {
      const payment = event.data.payment;
      return {
        ...record,
        payment_id: payment.id,
        payment_method: payment.method,
        payment_amount: payment.amount,
        payment_amount_formatted: formatMinor(payment.amount, payment.currency),
        payment_reference: payment.reference ?? null,
        upi_utr: payment.upi?.utr ?? null,
        upi_vpa: payment.upi?.vpa ?? null,
        paid_at: payment.paid_at,
      };
    }
    case 'invoice.disputed':
      return {
        ...record,
        dispute_id: event.data.dispute.id,
        dispute_reason: event.data.dispute.reason,
        dispute_note: event.data.dispute.note ?? null,
        disputed_at: event.data.dispute.opened_at,
      };
    case 'invoice.sent':
    case 'invoice.delivery_failed': {
      const delivery = event.data.delivery;
      return {
        ...record,
        delivery_id: delivery.id,
        delivery_channel: delivery.channel,
        delivery_kind: delivery.kind,
        delivery_to: delivery.to,
        delivery_status: delivery.status,
        failure_code: delivery.failure_code ?? null,
        failure_message: delivery.failure_message ?? null,
        upi_link: invoice.upi_link ?? null,
      };
    }
    case 'invoice.overdue':
      return {
        ...record,
        due_date: event.data.overdue.due_date,
        days_overdue: event.data.overdue.days_overdue,
        upi_link: invoice.upi_link ?? null,
      };
    case 'invoice.einvoice_generated':
    case 'invoice.einvoice_failed':
    case 'invoice.einvoice_cancelled':
      return { ...record, ...einvoiceRecord(invoice) };
    case 'invoice.voided':
      return { ...record, voided_at: invoice.voided_at ?? null };
    case 'invoice.refunded': {
      const { payment, refund } = event.data;
      const refunded = payment.amount_refunded ?? refund.amount;
      return {
        ...record,
        refund_id: refund.id,
        refund_amount: refund.amount,
        refund_amount_formatted: format(refund.amount),
        refund_method: refund.method,
        refund_utr: refund.upi?.utr ?? null,
        refund_reference: refund.reference ?? null,
        refunded_at: refund.refunded_at,
        payment_id: payment.id,
        payment_amount_refunded: refunded,
        payment_amount_refunded_formatted: format(refunded),
        upi_link: invoice.upi_link ?? null,
      };
    }
    case 'credit_note.created':
    case 'invoice.credited':
      return { ...record, ...noteRecord(event.data.credit_note, invoice, format) };
    case 'debit_note.created':
    case 'invoice.debited':
      return { ...record, ...noteRecord(event.data.debit_note, invoice, format) };
  }
}
