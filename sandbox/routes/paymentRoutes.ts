import { listPaymentsQuerySchema, operations, recordPaymentInputSchema, validateInput } from '../../shared';
import { applyPayment } from '../domain/invoicePayments';
import { invoiceOr404 } from '../domain/invoices';
import { orNotFound } from '../domain/problems';
import { referenceKey } from '../storage/collections';
import { isoNow } from '../storage/records';
import type { Router } from './router';
import { listPage } from './listPage';

/** Recording a payment that arrived outside UPI (or a UPI one the bank reported), and finding payments again. */
export function paymentRoutes(router: Router): void {
  const { recordPayment, getPayment, listPayments } = operations;
  router
    .on(recordPayment.method, recordPayment.route, (req, ctx) => {
      const input = validateInput(recordPaymentInputSchema, req.body);
      const { payment } = ctx.data.store.transaction(() =>
        applyPayment(ctx, invoiceOr404(ctx, req.params.invoice_id), {
          method: input.method,
          amount: input.amount,
          upi: input.upi ? { utr: input.upi.utr, vpa: input.upi.vpa ?? null } : null,
          reference: input.reference ?? null,
          note: input.note ?? null,
          paid_at: input.paid_at ?? isoNow(),
        }),
      );
      return { status: 201, body: payment };
    })
    .on(getPayment.method, getPayment.route, (req, ctx) => ({
      status: 200,
      body: orNotFound(ctx.data.payments.get(req.params.payment_id), 'payment', req.params.payment_id),
    }))
    .on(listPayments.method, listPayments.route, (req, ctx) => {
      const query = validateInput(listPaymentsQuerySchema, req.query);
      const where = {
        invoice_id: query.invoice_id,
        utr: query.utr,
        reference: referenceKey(query.reference) ?? undefined,
        method: query.method,
        'paid_at >=': query.paid_from,
        'paid_at <': query.paid_before,
      };
      return { status: 200, body: listPage(ctx.data.payments, query, where, (p) => p) };
    });
}
