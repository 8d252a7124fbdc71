/**
 * Re-send to one subscription everything it selected that was recorded after a given event, oldest
 * first, one at a time (contract: "Replaying missed events"). The webhook trigger's only way to have
 * missed events start executions: n8n's activation hooks cannot start any, deliveries can.
 */
import { z } from 'zod';
import { eventIdSchema, webhookIdSchema } from '../schemas/primitives';
import { defineOperation, isAbsent, read, runOperation, type Connection, type Send } from './define';

const recoveryAnswerSchema = z
  .object({ object: z.literal('webhook_recovery'), queued: z.number().int().nonnegative() })
  .passthrough();

export const recoverWebhook = defineOperation({
  method: 'POST',
  path: '/webhooks/{webhook_id}/recover',
  status: 202,
  contract: 'replaying-missed-events',
  response: recoveryAnswerSchema,
  input: z.object({ webhook_id: webhookIdSchema, after: eventIdSchema }).strict(),
  result: (body) => read(recoveryAnswerSchema, body),
});

/**
 * Asks for the events after `after`; `undefined` when the service no longer keeps that event (older
 * than 30 days, or from another account), so what came after it cannot all be replayed.
 */
export async function recoverAfter(
  connection: Connection,
  webhookId: string,
  after: string,
  send: Send,
): Promise<{ queued: number } | undefined> {
  try {
    return await runOperation(recoverWebhook, connection, { webhook_id: webhookId, after }, send);
  } catch (error) {
    if (isAbsent(error, [404])) return undefined;
    throw error;
  }
}
