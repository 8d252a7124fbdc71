/** Subscribe a URL to event types; the answer carries the signing secret, once. */
import { z } from 'zod';
import { optionalText } from '../schemas/primitives';
import { onTheWire } from '../schemas/wire';
import { webhookSubscriptionSchema, type WebhookSubscription } from '../schemas/resources';
import { eventTypeInput } from './listEvents';
import { defineOperation, read, unexpected } from './define';

/** The scheme in any case; without flags, so docs/openapi.json states it as its `pattern`. */
const HTTP_URL = /^[Hh][Tt][Tt][Pp][Ss]?:\/\//;

/** The body, as the service (and the sandbox) checks it. */
export const webhookCreateInputSchema = z
  .object({
    // 2,048 characters: what browsers and most proxies carry; a longer receiver URL would not be reached anyway.
    url: onTheWire(
      z
        .string()
        .max(2048, 'must be at most 2048 characters')
        .url('must be a full URL such as https://hooks.example.com/invoices')
        .refine((url) => HTTP_URL.test(url), 'must start with https:// (or http:// for a local receiver)'),
      // Where the service delivers: no user name or password, and (the sandbox) no metadata or link-local host,
      // nor the sandbox's own port; `x-rule` names it, the domain words it (sandbox/domain/webhookUrls.ts).
      { format: 'uri', pattern: HTTP_URL.source, 'x-rule': 'receiver-address' },
    ),
    events: z.array(eventTypeInput).min(1, 'needs at least one event type'),
    description: optionalText(200),
  })
  .strict();

export const createWebhook = defineOperation({
  method: 'POST',
  path: '/webhooks',
  status: 201,
  contract: 'registering-a-receiver',
  response: webhookSubscriptionSchema.extend({ secret: z.string() }),
  input: webhookCreateInputSchema,
  result: (body) => {
    const subscription = read(webhookSubscriptionSchema, body);
    if (!subscription.secret) unexpected('the new webhook subscription came without its signing secret');
    return subscription as WebhookSubscription & { secret: string };
  },
});

export type WebhookCreateInput = z.output<typeof webhookCreateInputSchema>;
