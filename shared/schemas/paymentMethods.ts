/**
 * The payment methods, declared below both the field catalogue (fields.ts, whose Method choices read them)
 * and the payment inputs (which accept them), so neither imports the other, and a bundle that needs only the
 * catalogue's words (the n8n credential) carries no payment schema.
 */

/** The method whose payments carry UPI details (a UTR, the payer's UPI ID). */
export const UPI = 'upi';
/** The payment methods the service accepts, each with the word editors show for it. */
export const PAYMENT_METHOD_LABELS = {
  [UPI]: 'UPI',
  bank_transfer: 'Bank Transfer',
  cash: 'Cash',
  other: 'Other',
} as const;
type PaymentMethod = keyof typeof PAYMENT_METHOD_LABELS;
export const PAYMENT_METHODS = Object.keys(PAYMENT_METHOD_LABELS) as [PaymentMethod, ...PaymentMethod[]];
