import { z } from 'zod';
import { validateInput, webhookIdSchema } from '../../shared';
import { eventOr404 } from '../domain/eventLog';
import { webhookOr404 } from '../domain/webhookSubscriptions';
import { type DeliveryRecord, isoNow } from '../storage/records';
import type { Router } from './router';
import { listPage, pageQuerySchema } from './listPage';

export const deliveryLogQuerySchema = pageQuerySchema.extend({
  event_id: z.string().optional(),
  webhook_id: z.string().optional(),
});

/** Times as the contract writes them (ISO), where the queue keeps epoch milliseconds. */
const presentDelivery = (delivery: DeliveryRecord) => ({
  ...delivery,
  next_attempt_at: delivery.next_attempt_at === null ? null : isoNow(delivery.next_attempt_at),
  first_attempt_at: delivery.first_attempt_at === null ? null : isoNow(delivery.first_attempt_at),
  due_since: delivery.due_since === undefined ? null : isoNow(delivery.due_since),
});

const redeliverInputSchema = z.object({ webhook_id: webhookIdSchema.optional() }).strict();

/** Sandbox-only: the delivery log, what is still owed, redelivery, and an invoice's events (for the dashboard). */
export function deliveryRoutes(router: Router): void {
  router
    .on('GET', '/v1/test_helpers/deliveries', (req, { data }) => {
      const query = validateInput(deliveryLogQuerySchema, req.query);
      return {
        status: 200,
        body: listPage(data.attempts, query, { event_id: query.event_id, webhook_id: query.webhook_id }, (a) => a),
      };
    })
    .on('GET', '/v1/test_helpers/events/:id/owed', (req, ctx) => {
      const event = eventOr404(ctx, req.params.id);
      const owed = ctx.data.deliveries.findAll({ event_id: event.id, state: 'pending' }).map((delivery) => ({
        ...presentDelivery(delivery),
        waiting_behind: ctx.engine.catchingUp.waitingBehind(delivery),
      }));
      return { status: 200, body: { object: 'list', data: owed, has_more: false } };
    })
    .on('GET', '/v1/test_helpers/webhooks/catching_up', (_req, ctx) => {
      const data = ctx.data.webhooks.findAll({ deleted: 0 }).flatMap((webhook) => {
        const backlog = ctx.engine.catchingUp.backlog(webhook.id);
        return backlog
          ? [
              {
                webhook_id: webhook.id,
                owed: backlog.owed,
                next_event_id: backlog.oldest.event_id,
                next_attempt_at: presentDelivery(backlog.oldest).next_attempt_at,
              },
            ]
          : [];
      });
      return { status: 200, body: { object: 'list', data, has_more: false } };
    })
    .on('POST', '/v1/test_helpers/events/:id/redeliver', (req, ctx) => {
      const input = validateInput(redeliverInputSchema, req.body ?? {});
      const event = eventOr404(ctx, req.params.id);
      const only = input.webhook_id ? webhookOr404(ctx, input.webhook_id) : undefined;
      const created = ctx.data.store.transaction(() => ctx.engine.enqueue(event.id, event.type, ctx.account.id, only));
      ctx.engine.kick();
      return { status: 200, body: { object: 'list', data: created.map(presentDelivery), has_more: false } };
    })
    .on('GET', '/v1/test_helpers/invoices/:id/events', (req, ctx) => {
      const query = validateInput(pageQuerySchema, req.query);
      return { status: 200, body: listPage(ctx.data.events, query, { invoice_id: req.params.id }, (e) => e) };
    });
}
