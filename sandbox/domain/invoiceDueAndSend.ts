/**
 * What Create Invoice adds for issue 29: the due date (a date, or payment terms counted from today in the
 * account's time zone) and, with auto_send_whatsapp, the same delivery and events as Send Invoice.
 */
import { type CreateInvoiceInput, type Invoice, daysBetween, dueDateFor, fieldLabel } from '../../shared';
import { todayFor } from './clock';
import type { Context } from './context';
import { sendInvoice } from './invoiceSending';
import { standing } from './invoiceStanding';
import { Problem } from './problems';

export function dueDateOf(ctx: Context, input: CreateInvoiceInput): Pick<Invoice, 'due_date' | 'payment_terms'> {
  const today = todayFor(ctx);
  if (input.payment_terms)
    return { due_date: dueDateFor(input.payment_terms, today), payment_terms: input.payment_terms };
  if (!input.due_date) return { due_date: null, payment_terms: null };
  if (daysBetween(today, input.due_date) < 0) {
    const message = `${fieldLabel('due_date')} must be today (${today}, India time) or later, not ${input.due_date}`;
    throw new Problem(422, 'validation_failed', message, [{ param: 'due_date', message }]);
  }
  return { due_date: input.due_date, payment_terms: null };
}

/**
 * The invoice as answered: sent on WhatsApp when asked (invoice.sent or invoice.delivery_failed follows
 * invoice.created).
 */
export function sendAtCreation(ctx: Context, created: Invoice): Invoice {
  if (!created.auto_send_whatsapp) return standing(ctx, created);
  const delivery = sendInvoice(ctx, created, 'whatsapp', 'invoice');
  if (delivery.status !== 'failed' || created.whatsapp.status === 'failed') return standing(ctx, created);
  // A test number that fails (not on WhatsApp, …): the invoice's WhatsApp block says so too.
  const failed = {
    ...created,
    whatsapp: { status: 'failed', error_code: delivery.failure_code, error_message: delivery.failure_message },
  };
  ctx.data.invoices.replace(failed);
  return standing(ctx, failed);
}
