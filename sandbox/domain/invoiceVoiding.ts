/** Voiding (docs/api-contract.md, "Voiding"): only while nothing is paid; a void invoice owes nothing. */
import { type Invoice, VOID, formatMinor } from '../../shared';
import { isoNowFor } from './clock';
import type { Context } from './context';
import { recordInvoiceEvent } from './eventLog';
import { standing } from './invoiceStanding';
import { Problem } from './problems';

export function voidInvoice(ctx: Context, invoice: Invoice): Invoice {
  if (invoice.status === VOID) return standing(ctx, invoice);
  if (invoice.amount_paid > 0) {
    const money = (amount: number) => formatMinor(amount, invoice.currency);
    throw new Problem(
      409,
      'invoice_has_payments',
      `${invoice.number} cannot be voided: ${money(invoice.amount_paid)} of ` +
        `${money(invoice.amount_due)} has been paid. Refund the payments first, or leave the invoice as it is.`,
    );
  }
  const now = isoNowFor(ctx);
  const voided: Invoice = { ...invoice, status: VOID, amount_remaining: 0, voided_at: now, updated_at: now };
  ctx.data.invoices.replace(voided);
  const shown = standing(ctx, voided);
  recordInvoiceEvent(ctx, 'invoice.voided', shown, {});
  return shown;
}

/** A void invoice takes no payment (409 invoice_void), however the money would come. */
export function refuseIfVoid(invoice: Invoice): void {
  if (invoice.status === VOID) {
    throw new Problem(
      409,
      'invoice_void',
      `Invoice ${invoice.number} is void: it cannot be paid. Create a new invoice for what is owed.`,
    );
  }
}
