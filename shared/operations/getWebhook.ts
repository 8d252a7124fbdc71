import { z } from 'zod';
import { sampleWebhook } from '../samples';
import { webhookIdSchema } from '../schemas/primitives';
import { webhookSubscriptionSchema } from '../schemas/resources';
import { defineOperation, isAbsent, read, runOperation, type Connection, type Send } from './define';

export const getWebhook = defineOperation({
  method: 'GET',
  path: '/webhooks/{webhook_id}',
  status: 200,
  contract: 'registering-a-receiver',
  response: webhookSubscriptionSchema,
  input: z.object({ webhook_id: webhookIdSchema }).strict(),
  result: (body) => read(webhookSubscriptionSchema, body),
  sample: sampleWebhook,
});

/** Subscription still present and enabled on the service? A 404 means it was deleted there. */
export async function webhookIsActive(connection: Connection, webhookId: string, send: Send): Promise<boolean> {
  try {
    return (await runOperation(getWebhook, connection, { webhook_id: webhookId }, send)).status === 'enabled';
  } catch (error) {
    if (isAbsent(error)) return false;
    throw error;
  }
}
