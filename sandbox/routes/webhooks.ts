import { generateWebhookSecret, validateInput, webhookCreateInputSchema } from '../../shared';
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
  router
    .on('POST', '/v1/webhooks', (req, ctx) => {
      const input = validateInput(webhookCreateInputSchema, req.body);
      checkWebhookUrl(input.url, ctx.core.ownPort());
      const record: WebhookRecord = {
        id: newId('we'), object: 'webhook_endpoint', url: input.url, events: [...new Set(input.events)],
        status: 'enabled', description: input.description ?? null, secret: generateWebhookSecret(), created_at: isoNow(),
      };
      ctx.data.webhooks.insert(record);
      return { status: 201, body: { ...publicWebhook(record), secret: record.secret } };
    })
    .on('GET', '/v1/webhooks', (req, ctx) => {
      const query = validateInput(pageQuerySchema, req.query);
      return { status: 200, body: listPage(ctx.data.webhooks, query, { deleted: 0 }, publicWebhook) };
    })
    .on('GET', '/v1/webhooks/:id', (req, ctx) => ({ status: 200, body: publicWebhook(webhookOr404(ctx, req.params.id)) }))
    .on('DELETE', '/v1/webhooks/:id', (req, ctx) => {
      const record = webhookOr404(ctx, req.params.id);
      ctx.data.store.transaction(() => {
        ctx.data.webhooks.replace({ ...record, deleted: true });
        ctx.engine.cancelFor(record.id);
      });
      return { status: 204 };
    });
}
