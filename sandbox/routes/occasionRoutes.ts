import { randomInt } from 'node:crypto';
import {
  type Invoice, formatMinor, operations, simulateDisputeInputSchema, simulatePaymentInputSchema, simulateViewInputSchema,
  validateInput,
} from '../../shared';
import type { Context } from '../domain/context';
import { isoNow } from '../storage/collections';
import { newId } from '../storage/ids';
import { Problem } from '../domain/problems';
import type { Router } from './router';
import { emitEvent } from './eventRoutes';
import { invoiceOr404 } from './invoiceRoutes';
import { applyPayment } from '../domain/invoicePayments';

const UPI_HANDLES = ['okaxis', 'oksbi', 'okhdfcbank', 'ybl', 'paytm'];

/** A payer VPA that reads like the client's own (ana.sharma@example.com → ana.sharma@okaxis). */
function payerVpa(email: string): string {
  const name = email.split('@')[0].toLowerCase().replace(/[^a-z0-9.]/g, '') || 'payer';
  return `${name}@${UPI_HANDLES[randomInt(UPI_HANDLES.length)]}`;
}

/** UPI transaction references are 12 digits. */
function utr(): string {
  return String(randomInt(1e11, 1e12));
}

function paymentAmount(invoice: Invoice, requested: number | undefined): number {
  const remaining = invoice.amount_remaining;
  const format = (amount: number) => `${amount} (${formatMinor(amount, invoice.currency)})`;
  const refuse = (message: string) => {
    throw new Problem(422, 'validation_failed', message, [{ param: 'amount', message }]);
  };
  if (remaining <= 0) refuse(`Amount: invoice ${invoice.number} has nothing left to pay (status ${invoice.status})`);
  const amount = requested ?? remaining;
  if (amount < 1) refuse(`Amount must be at least 1 ${invoice.currency} minor unit`);
  if (amount > remaining) refuse(`Amount must be at most the amount remaining, ${format(remaining)}`);
  return amount;
}

/** The spec's three occasions, on demand: each changes the invoice and emits its event. */
function update(ctx: Context, invoice: Invoice, changes: Partial<Invoice>): Invoice {
  const updated = { ...invoice, ...changes, updated_at: isoNow() };
  ctx.data.invoices.replace(updated);
  return updated;
}

const occur = (ctx: Context, work: () => object) => ({ status: 200, body: ctx.data.store.transaction(work) });

export function occasionRoutes(router: Router): void {
  const { simulateView, simulatePayment, simulateDispute } = operations;
  router
    .on(simulateView.method, simulateView.route, (req, ctx) => {
      const input = validateInput(simulateViewInputSchema, req.body ?? {});
      return occur(ctx, () => {
        const invoice = invoiceOr404(ctx, req.params.invoice_id);
        const now = isoNow();
        const viewed = update(ctx, invoice, { status: invoice.status === 'open' ? 'viewed' : invoice.status,
          viewed_at: invoice.viewed_at ?? now });
        return emitEvent(ctx, 'invoice.viewed', viewed, { view: { viewed_at: now, channel: input.channel } });
      });
    })
    .on(simulatePayment.method, simulatePayment.route, (req, ctx) => {
      const input = validateInput(simulatePaymentInputSchema, req.body ?? {});
      return occur(ctx, () => {
        const invoice = invoiceOr404(ctx, req.params.invoice_id);
        const amount = paymentAmount(invoice, input.amount);
        return applyPayment(ctx, invoice, { method: 'upi', amount, upi: { vpa: payerVpa(invoice.client_email), utr: utr() },
          reference: null, note: null, paid_at: isoNow() }).event;
      });
    })
    .on(simulateDispute.method, simulateDispute.route, (req, ctx) => {
      const input = validateInput(simulateDisputeInputSchema, req.body ?? {});
      return occur(ctx, () => {
        const invoice = invoiceOr404(ctx, req.params.invoice_id);
        const now = isoNow();
        const disputed = update(ctx, invoice, { status: 'disputed', disputed_at: now });
        const dispute = { id: newId('dsp'), reason: input.reason, ...(input.note ? { note: input.note } : {}), opened_at: now };
        return emitEvent(ctx, 'invoice.disputed', disputed, { dispute });
      });
    });
}
