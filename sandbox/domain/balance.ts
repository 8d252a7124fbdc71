/**
 * What an invoice is owed and owes back, one rule for payments, refunds and notes (docs/api-contract.md, "A
 * note's effect on the invoice" and "Refunds"): it is worth its total as issued plus its debit notes less its
 * credit notes; of what is kept of its payments, what falls short is owed and what goes beyond is owed back.
 */
import type { Invoice } from '../../shared';

export const worth = (invoice: Invoice) =>
  invoice.amount_due + (invoice.amount_debited ?? 0) - (invoice.amount_credited ?? 0);

/** `amount_remaining`, and `amount_refundable` once the invoice has a note (absent before, read as 0). */
export function balance(invoice: Invoice, paid: number): Pick<Invoice, 'amount_remaining' | 'amount_refundable'> {
  const value = worth(invoice);
  const noted = invoice.amount_credited !== undefined || invoice.amount_debited !== undefined;
  return {
    amount_remaining: Math.max(0, value - paid),
    ...(noted ? { amount_refundable: Math.max(0, paid - value) } : {}),
  };
}
