/**
 * Money going back to the client against one payment (docs/api-contract.md, "Refunds"): the refund row, the
 * payment's `amount_refunded`, the invoice's lower `amount_paid` and higher `amount_remaining` (its total and
 * tax stand: only a credit note reduces a tax invoice, CGST Act s.34), and `invoice.refunded` with all three,
 * written together in the caller's transaction.
 */
import { type Invoice, type Payment, type Refund, VOID, fieldLabel, formatMinor } from '../../shared';
import { newId } from '../storage/ids';
import { isoNow } from '../storage/records';
import type { Context } from './context';
import { recordInvoiceEvent } from './eventLog';
import { invoiceOr404 } from './invoices';
import { Problem } from './problems';
import { balance } from './balance';

export type RefundDetails = Pick<Refund, 'method' | 'amount' | 'upi' | 'reference' | 'note' | 'refunded_at'>;

const refundedOf = (payment: Payment) => payment.amount_refunded ?? 0;

/** The contract's refusals, in the order a refund meets them. */
function checkRefund(ctx: Context, invoice: Invoice, payment: Payment, details: RefundDetails): void {
  if (invoice.status === VOID) {
    throw new Problem(
      409,
      'invoice_void',
      `Invoice ${invoice.number} is void: its payments were refunded before it was voided, so ${payment.id} ` +
        'takes no refund.',
    );
  }
  const left = payment.amount - refundedOf(payment);
  if (left <= 0) {
    throw new Problem(
      422,
      'payment_fully_refunded',
      `Payment ${payment.id} has been refunded in full (${formatMinor(payment.amount, payment.currency)}).`,
    );
  }
  if (details.amount > left) {
    const message =
      `${fieldLabel('amount')} must be at most what remains refundable of ${payment.id}, ` +
      `${left} (${formatMinor(left, payment.currency)})`;
    throw new Problem(422, 'validation_failed', message, [{ param: 'amount', message }]);
  }
  if (details.refunded_at < payment.paid_at) {
    const message = `${fieldLabel('refunded_at')} must not be before the payment was made (${payment.paid_at})`;
    throw new Problem(422, 'validation_failed', message, [{ param: 'refunded_at', message }]);
  }
  const utr = details.upi?.utr;
  const existing = utr === undefined ? undefined : ctx.data.refunds.findOne({ utr });
  if (existing) {
    const message = `UPI reference ${utr} is already recorded as refund ${existing.id}`;
    throw new Problem(
      409,
      'refund_exists',
      `${message} of payment ${existing.payment_id}; one UPI transaction cannot be two refunds.`,
      [{ param: 'upi.utr', message }],
    );
  }
}

/** What is owed again decides the status; a dispute stands whatever money moves. */
function statusAfter(invoice: Invoice, paid: number, remaining: number): string {
  if (invoice.status === 'disputed') return 'disputed';
  if (remaining <= 0) return 'paid';
  if (paid > 0) return 'partially_paid';
  return invoice.viewed_at ? 'viewed' : 'open';
}

export function applyRefund(ctx: Context, payment: Payment, details: RefundDetails): Refund {
  const invoice = invoiceOr404(ctx, payment.invoice_id);
  checkRefund(ctx, invoice, payment, details);
  const now = isoNow();
  const refund: Refund = {
    id: newId('rf'),
    object: 'refund',
    payment_id: payment.id,
    invoice_id: invoice.id,
    amount: details.amount,
    currency: payment.currency,
    method: details.method,
    upi: details.upi,
    reference: details.reference,
    note: details.note,
    status: 'succeeded',
    refunded_at: details.refunded_at,
    created_at: now,
    livemode: false,
  };
  const refundedPayment: Payment = {
    ...payment,
    amount_refunded: refundedOf(payment) + details.amount,
    refund_ids: [...(payment.refund_ids ?? []), refund.id],
  };
  const paid = invoice.amount_paid - details.amount;
  // A balance a credit note left to refund is settled first; what is owed rises only by the rest.
  const owed = balance(invoice, paid);
  const status = statusAfter(invoice, paid, owed.amount_remaining);
  const updated: Invoice = {
    ...invoice,
    status,
    amount_paid: paid,
    ...owed,
    amount_refunded: (invoice.amount_refunded ?? 0) + details.amount,
    ...(status === 'paid' ? {} : { paid_at: null }),
    updated_at: now,
  };
  ctx.data.refunds.insert(refund);
  ctx.data.payments.replace(refundedPayment);
  ctx.data.invoices.replace(updated);
  recordInvoiceEvent(ctx, 'invoice.refunded', updated, { payment: refundedPayment, refund });
  return refund;
}
