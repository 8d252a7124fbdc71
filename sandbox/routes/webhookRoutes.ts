import { generateWebhookSecret, operations, validateInput, webhookCreateInputSchema } from '../../shared';
import { Problem } from '../domain/problems';
import type { Context } from '../domain/context';
import { type WebhookRecord, isoNow } from '../storage/collections';
import { newId } from '../storage/ids';
import { orNotFound } from '../domain/problems';
import type { Router } from './router';
import { checkWebhookUrl } from '../domain/webhookUrls';
import { listPage, pageQuerySchema } from './listPage';

/** What the API shows of a subscription: never the secret (that is returned once, on create). */
export function publicWebhook(record: WebhookRecord) {
  const { secret: _secret, deleted: _deleted, catching_up: _catchingUp, ...shown } = record;
  return shown;
}

export function webhookOr404(ctx: Context, id: string): WebhookRecord {
  const record = ctx.data.webhooks.get(id);
  return orNotFound(record?.deleted ? undefined : record, 'webhook subscription', id);
}

export function webhookRoutes(router: Router): void {
  const { createWebhook, listWebhooks, getWebhook, deleteWebhook, recoverWebhook } = operations;
  router
    .on(createWebhook.method, createWebhook.route, (req, ctx) => {
      const input = validateInput(webhookCreateInputSchema, req.body);
      checkWebhookUrl(input.url, ctx.core.ownPort());
      const record: WebhookRecord = {
        id: newId('we'), object: 'webhook_endpoint', url: input.url, events: [...new Set(input.events)],
        status: 'enabled', description: input.description ?? null, secret: generateWebhookSecret(), created_at: isoNow(),
      };
      ctx.data.webhooks.insert(record);
      return { status: 201, body: { ...publicWebhook(record), secret: record.secret } };
    })
    .on(listWebhooks.method, listWebhooks.route, (req, ctx) => {
      const query = validateInput(pageQuerySchema, req.query);
      return { status: 200, body: listPage(ctx.data.webhooks, query, { deleted: 0 }, publicWebhook) };
    })
    .on(getWebhook.method, getWebhook.route, (req, ctx) => ({ status: 200, body: publicWebhook(webhookOr404(ctx, req.params.webhook_id)) }))
    .on(deleteWebhook.method, deleteWebhook.route, (req, ctx) => {
      const record = webhookOr404(ctx, req.params.webhook_id);
      ctx.data.store.transaction(() => {
        ctx.data.webhooks.replace({ ...record, deleted: true });
        ctx.engine.cancelFor(record.id);
      });
      return { status: 204 };
    })
    .on(recoverWebhook.method, recoverWebhook.route, (req, ctx) => {
      const input = recoverWebhook.validate({ ...(req.body as object ?? {}), webhook_id: req.params.webhook_id });
      const record = webhookOr404(ctx, input.webhook_id);
      if (!ctx.data.events.get(input.after)) {
        throw new Problem(404, 'not_found', `After names no event kept by the service: ${input.after}. ` +
          'Events older than 30 days are no longer available, so what followed it cannot all be replayed.',
        [{ param: 'after', message: 'After must be the ID of an event that is still kept' }]);
      }
      const selected = new Set<string>(record.events);
      const owed = ctx.data.events.select('seq > (SELECT seq FROM events WHERE id = ?) ORDER BY seq', input.after)
        .filter((event) => selected.has(event.type)).map((event) => event.id);
      if (record.status === 'enabled') {
        ctx.data.store.transaction(() => ctx.engine.recover(record, owed, ctx.account.id));
        ctx.engine.kick();
      }
      return { status: 202, body: { object: 'webhook_recovery', webhook_id: record.id, after: input.after,
        queued: record.status === 'enabled' ? owed.length : 0 } };
    });
}
