import { generateWebhookSecret, operations, validateInput, webhookCreateInputSchema } from '../../shared';
import type { Context } from '../context';
import { type WebhookRecord, isoNow } from '../data';
import { newId } from '../ids';
import { orNotFound } from '../problems';
import type { Router } from '../router';
import { checkWebhookUrl } from '../webhookUrl';
import { listPage, pageQuerySchema } from './lists';

/** What the API shows of a subscription: never the secret (that is returned once, on create). */
export function publicWebhook(record: WebhookRecord) {
  const { secret: _secret, deleted: _deleted, ...shown } = record;
  return shown;
}

export function webhookOr404(ctx: Context, id: string): WebhookRecord {
  const record = ctx.data.webhooks.get(id);
  return orNotFound(record?.deleted ? undefined : record, 'webhook subscription', id);
}

export function webhookRoutes(router: Router): void {
  const { createWebhook, listWebhooks, getWebhook, deleteWebhook } = operations;
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
    });
}
