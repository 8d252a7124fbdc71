import { listRefundsQuerySchema, operations, recordRefundInputSchema, validateInput } from '../../shared';
import { orNotFound } from '../domain/problems';
import { applyRefund } from '../domain/refunds';
import { referenceKey } from '../storage/collections';
import { isoNow } from '../storage/records';
import type { Router } from './router';
import { listPage } from './listPage';

/** Recording money sent back against a payment, and finding refunds again (contract: "Refunds"). */
export function refundRoutes(router: Router): void {
  const { recordRefund, getRefund, listRefunds } = operations;
  router
    .on(recordRefund.method, recordRefund.route, (req, ctx) => {
      const input = validateInput(recordRefundInputSchema, req.body);
      const payment = orNotFound(ctx.data.payments.get(req.params.payment_id), 'payment', req.params.payment_id);
      const refund = ctx.data.store.transaction(() =>
        applyRefund(ctx, payment, {
          method: input.method,
          amount: input.amount,
          upi: input.upi ? { utr: input.upi.utr } : null,
          reference: input.reference ?? null,
          note: input.note ?? null,
          refunded_at: input.refunded_at ?? isoNow(),
        }),
      );
      return { status: 201, body: refund };
    })
    .on(getRefund.method, getRefund.route, (req, ctx) => ({
      status: 200,
      body: orNotFound(ctx.data.refunds.get(req.params.refund_id), 'refund', req.params.refund_id),
    }))
    .on(listRefunds.method, listRefunds.route, (req, ctx) => {
      const query = validateInput(listRefundsQuerySchema, req.query);
      const where = {
        payment_id: query.payment_id,
        invoice_id: query.invoice_id,
        utr: query.utr,
        reference: referenceKey(query.reference) ?? undefined,
      };
      return { status: 200, body: listPage(ctx.data.refunds, query, where, (r) => r) };
    });
}
