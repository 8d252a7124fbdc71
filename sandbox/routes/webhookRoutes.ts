import { operations, validateInput, webhookCreateInputSchema } from '../../shared';
import {
  createWebhook,
  deleteWebhook,
  publicWebhook,
  recoverAfter,
  webhookOr404,
} from '../domain/webhookSubscriptions';
import type { Router } from './router';
import { listPage, pageQuerySchema } from './listPage';

export function webhookRoutes(router: Router): void {
  const { createWebhook: create, listWebhooks, getWebhook, deleteWebhook: remove, recoverWebhook } = operations;
  router
    .on(create.method, create.route, (req, ctx) => {
      const record = createWebhook(ctx, validateInput(webhookCreateInputSchema, req.body));
      return { status: 201, body: { ...publicWebhook(record), secret: record.secret } };
    })
    .on(listWebhooks.method, listWebhooks.route, (req, ctx) => {
      const query = validateInput(pageQuerySchema, req.query);
      return { status: 200, body: listPage(ctx.data.webhooks, query, { deleted: 0 }, publicWebhook) };
    })
    .on(getWebhook.method, getWebhook.route, (req, ctx) => ({
      status: 200,
      body: publicWebhook(webhookOr404(ctx, req.params.webhook_id)),
    }))
    .on(remove.method, remove.route, (req, ctx) => {
      deleteWebhook(ctx, webhookOr404(ctx, req.params.webhook_id));
      return { status: 204 };
    })
    .on(recoverWebhook.method, recoverWebhook.route, (req, ctx) => {
      const input = recoverWebhook.validate({ ...((req.body as object) ?? {}), webhook_id: req.params.webhook_id });
      const record = webhookOr404(ctx, input.webhook_id);
      const queued = recoverAfter(ctx, record, input.after);
      return { status: 202, body: { object: 'webhook_recovery', webhook_id: record.id, after: input.after, queued } };
    });
}
