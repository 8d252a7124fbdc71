import { type WebhookCreateInput, generateWebhookSecret } from '../../shared';
import { newId } from '../storage/ids';
import { type WebhookRecord, isoNow } from '../storage/records';
import type { Context } from './context';
import { Problem, orNotFound } from './problems';
import { checkWebhookUrl } from './webhookUrls';

/** What the API shows of a subscription: never the secret (that is returned once, on create). */
export function publicWebhook(record: WebhookRecord) {
  const { secret: _secret, deleted: _deleted, catching_up: _catchingUp, ...shown } = record;
  return shown;
}

export function webhookOr404(ctx: Context, id: string): WebhookRecord {
  const record = ctx.data.webhooks.get(id);
  return orNotFound(record?.deleted ? undefined : record, 'webhook subscription', id);
}

export function createWebhook(ctx: Context, input: WebhookCreateInput): WebhookRecord {
  checkWebhookUrl(input.url, ctx.core.ownPort());
  const record: WebhookRecord = {
    id: newId('we'),
    object: 'webhook_endpoint',
    url: input.url,
    events: [...new Set(input.events)],
    status: 'enabled',
    description: input.description ?? null,
    secret: generateWebhookSecret(),
    created_at: isoNow(),
  };
  ctx.data.webhooks.insert(record);
  return record;
}

/** Deleted subscriptions stay as rows (a list cursor naming one still resolves); what they were owed is cancelled. */
export function deleteWebhook(ctx: Context, record: WebhookRecord): void {
  ctx.data.store.transaction(() => {
    ctx.data.webhooks.replace({ ...record, deleted: true });
    ctx.engine.cancelFor(record.id);
  });
}

/** Owes the subscription every selected event after `after` again (contract: the recover decision); how many. */
export function recoverAfter(ctx: Context, record: WebhookRecord, after: string): number {
  if (!ctx.data.events.get(after)) {
    throw new Problem(
      404,
      'not_found',
      `After names no event kept by the service: ${after}. ` +
        'Events older than 30 days are no longer available, so what followed it cannot all be replayed.',
      [{ param: 'after', message: 'After must be the ID of an event that is still kept' }],
    );
  }
  if (record.status !== 'enabled') return 0;
  const selected = new Set<string>(record.events);
  const owed = ctx.data.events
    .findAll({}, after)
    .filter((event) => selected.has(event.type))
    .map((event) => event.id);
  ctx.data.store.transaction(() => ctx.engine.recover(record, owed, ctx.account.id));
  ctx.engine.kick();
  return owed.length;
}
