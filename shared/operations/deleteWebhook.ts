import { z } from 'zod';
import { webhookIdSchema } from '../schemas/primitives';
import { defineOperation, isAbsent, runOperation, type Connection, type Send } from './define';

export const deleteWebhook = defineOperation({
  method: 'DELETE',
  path: '/webhooks/{webhook_id}',
  status: 204,
  contract: 'registering-a-receiver',
  input: z.object({ webhook_id: webhookIdSchema }).strict(),
  result: () => ({ deleted: true as const }),
});

/** Deleting something already gone is the outcome we wanted (a second delete answers 404). */
export async function deleteWebhookIfExists(
  connection: Connection,
  webhookId: string,
  send: Send,
): Promise<{ deleted: boolean }> {
  try {
    return await runOperation(deleteWebhook, connection, { webhook_id: webhookId }, send);
  } catch (error) {
    if (isAbsent(error, [404, 410])) return { deleted: false };
    throw error;
  }
}
