/**
 * What the trigger keeps in the node's static data (persisted by n8n with the workflow): the remote
 * webhook's id and signing secret, what it was registered for, and (deliveries.ts) the ids of recent deliveries.
 */
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { nodeState } from '../../triggers/nodeState';

export interface Subscription {
  id: string;
  secret: string;
  events: string[];
  url: string;
}

type Context = IHookFunctions | IWebhookFunctions;

export function subscriptionOf(context: Context): Subscription | undefined {
  const data = nodeState(context);
  if (typeof data.webhookId !== 'string' || typeof data.webhookSecret !== 'string') return undefined;
  return {
    id: data.webhookId,
    secret: data.webhookSecret,
    events: Array.isArray(data.webhookEvents) ? (data.webhookEvents as string[]) : [],
    url: typeof data.webhookUrl === 'string' ? data.webhookUrl : '',
  };
}

export function saveSubscription(context: Context, subscription: Subscription): void {
  Object.assign(nodeState(context), {
    webhookId: subscription.id,
    webhookSecret: subscription.secret,
    webhookEvents: subscription.events,
    webhookUrl: subscription.url,
  });
}

export function forgetSubscription(context: Context): void {
  const data = nodeState(context);
  // recentDeliveries stays: event ids are the service's, so a replay into the next subscription is still a repeat.
  for (const key of ['webhookId', 'webhookSecret', 'webhookEvents', 'webhookUrl']) delete data[key];
}
