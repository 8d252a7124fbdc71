import {
  operations,
  simulateDisputeInputSchema,
  simulatePaymentInputSchema,
  simulateViewInputSchema,
  validateInput,
} from '../../shared';
import type { Context } from '../domain/context';
import { invoiceOr404 } from '../domain/invoices';
import { dispute, payByUpi, view } from '../domain/testHelpers';
import type { Router } from './router';

/** Each answers with the event it recorded. */
const occur = (ctx: Context, work: () => object) => ({ status: 200, body: ctx.data.store.transaction(work) });

/** The contract's test helpers: `POST /v1/test_helpers/invoices/{id}/view|pay|dispute`. */
export function testHelperRoutes(router: Router): void {
  const { simulateView, simulatePayment, simulateDispute } = operations;
  router
    .on(simulateView.method, simulateView.route, (req, ctx) => {
      const input = validateInput(simulateViewInputSchema, req.body ?? {});
      return occur(ctx, () => view(ctx, invoiceOr404(ctx, req.params.invoice_id), input));
    })
    .on(simulatePayment.method, simulatePayment.route, (req, ctx) => {
      const input = validateInput(simulatePaymentInputSchema, req.body ?? {});
      return occur(ctx, () => payByUpi(ctx, invoiceOr404(ctx, req.params.invoice_id), input.amount));
    })
    .on(simulateDispute.method, simulateDispute.route, (req, ctx) => {
      const input = validateInput(simulateDisputeInputSchema, req.body ?? {});
      return occur(ctx, () => dispute(ctx, invoiceOr404(ctx, req.params.invoice_id), input));
    });
}
