/**
 * Voiding (docs/api-contract.md, "Voiding" and "Voiding a tax invoice"): only while nothing is paid; a tax
 * invoice also only before it is sent or within 24 hours of issue. A void invoice owes nothing.
 */
import { type Invoice, VOID, formatMinor } from '../../shared';
import { isoNowFor, nowFor } from './clock';
import type { Context } from './context';
import { recordInvoiceEvent } from './eventLog';
import { standing } from './invoiceStanding';
import { Problem } from './problems';

/** The IRP cancels an e-invoice's IRN only within 24 hours of its generation (GSTN/NIC e-invoice API). */
export const IRP_CANCELLATION_WINDOW_MS = 24 * 60 * 60 * 1000;

const CREDIT_NOTE_WAY = 'A tax invoice is corrected with a credit note: use Create Credit Note';

function refuseIfPaid(invoice: Invoice): void {
  if (invoice.amount_paid <= 0) return;
  const money = (amount: number) => formatMinor(amount, invoice.currency);
  const way = invoice.tax
    ? `${CREDIT_NOTE_WAY}, and Record Refund for the money going back.`
    : 'Record Refund for the payments first, or leave the invoice as it is.';
  throw new Problem(
    409,
    'invoice_has_payments',
    `${invoice.number} cannot be voided: ${money(invoice.amount_paid)} of ${money(invoice.amount_due)} ` +
      `has been paid. ${way}`,
  );
}

/** Sent once anything handed it to the client (Send Invoice, or Send on WhatsApp at creation). */
const wasSent = (ctx: Context, invoice: Invoice) =>
  ctx.data.events.findOne({ invoice_id: invoice.id, type: 'invoice.sent' }) !== undefined;

function refuseIfIssued(ctx: Context, invoice: Invoice): void {
  if (!invoice.tax) return;
  const age = nowFor(ctx).getTime() - Date.parse(invoice.created_at);
  if (age <= IRP_CANCELLATION_WINDOW_MS || !wasSent(ctx, invoice)) return;
  throw new Problem(
    409,
    'invoice_issued',
    `${invoice.number} cannot be voided: it is a tax invoice sent to the client and issued more than 24 hours ago ` +
      '(a tax invoice may be cancelled only before it is sent or within 24 hours of issue). ' +
      'Correct it with a credit note instead: use Create Credit Note.',
  );
}

export function voidInvoice(ctx: Context, invoice: Invoice): Invoice {
  if (invoice.status === VOID) return standing(ctx, invoice);
  refuseIfPaid(invoice);
  refuseIfIssued(ctx, invoice);
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
