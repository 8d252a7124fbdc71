import { z } from 'zod';
import { presentInvoice, presentPayment, validateInput, webhookIdSchema } from '../../shared';
import type { Router } from '../router';
import { eventOr404 } from './events';
import { listPage, pageQuerySchema } from './lists';
import { publicWebhook, webhookOr404 } from './webhooks';

const deliveryLogQuerySchema = pageQuerySchema.extend({
  event_id: z.string().optional(),
  webhook_id: z.string().optional(),
});

const redeliverInputSchema = z.object({ webhook_id: webhookIdSchema.optional() }).strict();

/** Sandbox-only: the delivery log, redelivery, and one overview call for the dashboard. */
export function deliveryRoutes(router: Router): void {
  router
    .on('GET', '/v1/test_helpers/deliveries', (req, { data }) => {
      const query = validateInput(deliveryLogQuerySchema, req.query);
      return { status: 200, body: listPage(data.attempts, query,
        { event_id: query.event_id, webhook_id: query.webhook_id }, (a) => a) };
    })
    .on('POST', '/v1/test_helpers/events/:id/redeliver', (req, ctx) => {
      const input = validateInput(redeliverInputSchema, req.body ?? {});
      const event = eventOr404(ctx, req.params.id);
      const only = input.webhook_id ? webhookOr404(ctx, input.webhook_id) : undefined;
      const created = ctx.data.store.transaction(() => ctx.engine.enqueue(event.id, event.type, ctx.account.id, only));
      ctx.engine.kick();
      return { status: 200, body: { object: 'list', data: created, has_more: false } };
    })
    .on('GET', '/v1/test_helpers/overview', (_req, { data, account }) => ({
      status: 200,
      body: {
        account,
        invoices: listPage(data.invoices, { limit: 50 }, {}, presentInvoice),
        clients: listPage(data.clients, { limit: 50 }, {}, (c) => c),
        payments: listPage(data.payments, { limit: 50 }, {}, presentPayment),
        webhooks: listPage(data.webhooks, { limit: 50 }, { deleted: 0 }, publicWebhook),
        events: listPage(data.events, { limit: 50 }, {}, (e) => e),
        deliveries: listPage(data.attempts, { limit: 100 }, {}, (a) => a),
        pending: data.deliveries.list({ state: 'pending' }, 100)?.data ?? [],
      },
    }));
}
