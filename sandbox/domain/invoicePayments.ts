/**
 * Money arriving on an invoice, however it arrives (a UPI payment the sandbox simulates, or one
 * recorded through the API): the payment row, the invoice's new balance and status, and `invoice.paid`
 * with the payment, written together in the caller's transaction.
 */
import { type Invoice, type Payment, fieldLabel, formatMinor } from '../../shared';
import { newId } from '../storage/ids';
import { type StoredEvent, isoNow } from '../storage/records';
import type { Context } from './context';
import { recordInvoiceEvent } from './eventLog';
import { refuseIfVoid } from './invoiceVoiding';
import { Problem } from './problems';

export type PaymentDetails = Pick<Payment, 'method' | 'amount' | 'upi' | 'reference' | 'note' | 'paid_at'>;

/** Nothing left to pay: 422 `invoice_already_paid` (contract: "Recording a payment"), however the money comes. */
export function refuseIfNothingLeft(invoice: Invoice): void {
  refuseIfVoid(invoice);
  if (invoice.amount_remaining <= 0) {
    throw new Problem(
      422,
      'invoice_already_paid',
      `Invoice ${invoice.number} has nothing left to pay (status ${invoice.status}).`,
    );
  }
}

/** The contract's refusals, in the order a payment meets them. */
export function checkPayment(ctx: Context, invoice: Invoice, payment: Pick<PaymentDetails, 'amount' | 'upi'>): void {
  refuseIfNothingLeft(invoice);
  if (payment.amount > invoice.amount_remaining) {
    const remaining = `${invoice.amount_remaining} (${formatMinor(invoice.amount_remaining, invoice.currency)})`;
    const message = `${fieldLabel('amount')} must be at most the amount remaining on ${invoice.number}, ${remaining}`;
    throw new Problem(422, 'validation_failed', message, [{ param: 'amount', message }]);
  }
  const utr = payment.upi?.utr;
  const existing = utr === undefined ? undefined : ctx.data.payments.findOne({ utr });
  if (existing) {
    throw new Problem(
      409,
      'payment_exists',
      `UPI reference ${utr} is already recorded as payment ${existing.id} ` +
        `on invoice ${existing.invoice_id}; one UPI transaction cannot settle two invoices, nor one twice.`,
      [{ param: 'upi.utr', message: `${fieldLabel('utr')} ${utr} is already recorded (${existing.id})` }],
    );
  }
}

export function applyPayment(
  ctx: Context,
  invoice: Invoice,
  details: PaymentDetails,
): { payment: Payment; event: StoredEvent } {
  checkPayment(ctx, invoice, details);
  const now = isoNow();
  const payment: Payment = {
    id: newId('pay'),
    object: 'payment',
    invoice_id: invoice.id,
    method: details.method,
    amount: details.amount,
    currency: invoice.currency,
    upi: details.upi,
    reference: details.reference,
    note: details.note,
    paid_at: details.paid_at,
    created_at: now,
    livemode: false,
  };
  const remaining = invoice.amount_remaining - details.amount;
  // A disputed invoice keeps its status: money arrives whatever the dispute says, and the dispute stands.
  const status = invoice.status === 'disputed' ? 'disputed' : remaining === 0 ? 'paid' : 'partially_paid';
  const updated: Invoice = {
    ...invoice,
    status,
    amount_paid: invoice.amount_paid + details.amount,
    amount_remaining: remaining,
    ...(remaining === 0 ? { paid_at: details.paid_at } : {}),
    updated_at: now,
  };
  ctx.data.payments.insert(payment);
  ctx.data.invoices.replace(updated);
  return { payment, event: recordInvoiceEvent(ctx, 'invoice.paid', updated, { payment }) };
}
