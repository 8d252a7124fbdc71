import { z } from 'zod';
import { sampleWebhook } from '../samples';
import { listQuery } from '../schemas/primitives';
import { listPageSchema, webhookSubscriptionSchema } from '../schemas/resources';
import { defineOperation, read } from './define';

/** The query, as the service (and the sandbox) checks it. */
export const listWebhooksQuerySchema = z.object(listQuery).strict();

const webhookPage = listPageSchema(webhookSubscriptionSchema);

export const listWebhooks = defineOperation({
  method: 'GET',
  path: '/webhooks',
  status: 200,
  contract: 'registering-a-receiver',
  response: webhookPage,
  input: listWebhooksQuerySchema,
  result: (body) => read(webhookPage, body),
  sample: { object: 'list' as const, data: [sampleWebhook], has_more: false },
});
