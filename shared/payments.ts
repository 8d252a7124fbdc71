/** What a user sees of a payment: the service's fields plus the amount formatted, and their labels. */
import { formatMinor } from './money';
import type { Payment } from './schemas/resources';

export type PresentedPayment = Payment & { amount_formatted: string };

export function presentPayment(payment: Payment): PresentedPayment {
  return { ...payment, amount_formatted: formatMinor(payment.amount, payment.currency) };
}

/** Keyed by the field's path in Zapier's flat output (`upi__utr`). */
export const PAYMENT_LABELS: Readonly<Record<string, string>> = {
  id: 'ID',
  object: 'Object Type',
  invoice_id: 'Invoice ID',
  method: 'Payment Method',
  amount: 'Amount (Minor Units)',
  amount_formatted: 'Amount',
  currency: 'Currency',
  upi__utr: 'UPI Reference (UTR)',
  upi__vpa: 'Payer UPI ID (VPA)',
  reference: 'Reference',
  note: 'Note',
  paid_at: 'Paid At',
  created_at: 'Recorded At',
  livemode: 'Live Mode',
};
