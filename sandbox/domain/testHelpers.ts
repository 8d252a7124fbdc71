/**
 * The sandbox's view, pay and dispute test helpers, which make the spec's three events happen: a client
 * views the invoice, pays it over UPI, or disputes it. Each changes the invoice and records its event, in the
 * caller's transaction.
 */
import { randomInt } from 'node:crypto';
import { type Invoice, type SimulateDisputeInput, type SimulateViewInput, fieldLabel } from '../../shared';
import { newId } from '../storage/ids';
import { type StoredEvent, isoNow } from '../storage/records';
import type { Context } from './context';
import { recordInvoiceEvent } from './eventLog';
import { applyPayment, refuseIfNothingLeft } from './invoicePayments';
import { Problem } from './problems';

const UPI_HANDLES = ['okaxis', 'oksbi', 'okhdfcbank', 'ybl', 'paytm'];

/** A payer VPA that reads like the client's own (ana.sharma@example.com → ana.sharma@okaxis). */
function payerVpa(email: string): string {
  const name =
    email
      .split('@')[0]
      .toLowerCase()
      .replace(/[^a-z0-9.]/g, '') || 'payer';
  return `${name}@${UPI_HANDLES[randomInt(UPI_HANDLES.length)]}`;
}

/** UPI transaction references are 12 digits. */
function utr(): string {
  return String(randomInt(1e11, 1e12));
}

function update(ctx: Context, invoice: Invoice, changes: Partial<Invoice>): Invoice {
  const updated = { ...invoice, ...changes, updated_at: isoNow() };
  ctx.data.invoices.replace(updated);
  return updated;
}

export function view(ctx: Context, invoice: Invoice, input: SimulateViewInput): StoredEvent {
  const now = isoNow();
  const viewed = update(ctx, invoice, {
    status: invoice.status === 'open' ? 'viewed' : invoice.status,
    viewed_at: invoice.viewed_at ?? now,
  });
  return recordInvoiceEvent(ctx, 'invoice.viewed', viewed, { view: { viewed_at: now, channel: input.channel } });
}

/** A UPI payment of `amount` (default: what remains), with the same refusals as a recorded payment. */
export function payByUpi(ctx: Context, invoice: Invoice, amount: number | undefined): StoredEvent {
  refuseIfNothingLeft(invoice);
  if (amount !== undefined && amount < 1) {
    const message = `${fieldLabel('amount')} must be at least 1 ${invoice.currency} minor unit`;
    throw new Problem(422, 'validation_failed', message, [{ param: 'amount', message }]);
  }
  return applyPayment(ctx, invoice, {
    method: 'upi',
    amount: amount ?? invoice.amount_remaining,
    upi: { vpa: payerVpa(invoice.client_email), utr: utr() },
    reference: null,
    note: null,
    paid_at: isoNow(),
  }).event;
}

/** A dispute, from any status (contract §3). */
export function dispute(ctx: Context, invoice: Invoice, input: SimulateDisputeInput): StoredEvent {
  const now = isoNow();
  const disputed = update(ctx, invoice, { status: 'disputed', disputed_at: now });
  const opened = {
    id: newId('dsp'),
    reason: input.reason,
    ...(input.note ? { note: input.note } : {}),
    opened_at: now,
  };
  return recordInvoiceEvent(ctx, 'invoice.disputed', disputed, { dispute: opened });
}
