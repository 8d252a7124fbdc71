/**
 * Which deliveries this trigger has already turned into executions, so a repeat of an event (the
 * service's retry or redelivery, or a replayed request) starts nothing. Two stores, because of how a
 * real n8n server treats what `webhook()` writes:
 *
 * - n8n saves the workflow's static data after `webhook()` only while no execution starts from it: when
 *   one does, creating the execution's own Workflow over the same static data resets its "changed"
 *   flag first (n8n's live-webhooks.js, then WorkflowRunner.run), so the id written there is lost. The
 *   execution saves static data itself when something changes it during the run; so the trigger's own
 *   `execute` (the execution's first step) writes the ids again, and n8n keeps them from then on.
 * - Until that execution has finished, and for copies arriving at the same moment, the ids are held in
 *   this process's memory, checked and recorded in one synchronous step.
 */
import type { IDataObject, IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

import { nodeState } from '../../triggers/nodeState';

/** Retries of one event share its id; a few hundred covers the service's retry schedule. */
const REMEMBERED = 300;
const RECENT_SUBSCRIPTIONS = 100;

/** Per subscription (workflow and remote webhook), the ids this process has accepted. */
const inMemory = new Map<string, string[]>();

const persisted = (data: IDataObject): string[] =>
  Array.isArray(data.recentDeliveries) ? (data.recentDeliveries as string[]) : [];

const remember = (seen: string[], ids: string[]) =>
  [...seen.filter((id) => !ids.includes(id)), ...ids].slice(-REMEMBERED);

/** True the first time `eventId` reaches this subscription in this server; records it. */
export function firstDelivery(context: IWebhookFunctions, subscriptionId: string, eventId: string): boolean {
  const key = `${context.getWorkflow().id ?? ''}:${subscriptionId}`;
  const data = nodeState(context);
  const held = inMemory.get(key) ?? [];
  if (held.includes(eventId) || persisted(data).includes(eventId)) return false;
  inMemory.delete(key);
  inMemory.set(key, remember(held, [eventId]));
  if (inMemory.size > RECENT_SUBSCRIPTIONS) inMemory.delete(inMemory.keys().next().value as string);
  data.recentDeliveries = remember(persisted(data), [eventId]);
  return true;
}

/** In the execution the delivery started: writes its id where n8n saves it when the execution ends. */
export function keepDeliveries(context: IExecuteFunctions, eventIds: string[]): void {
  const data = nodeState(context);
  if (typeof data.webhookId !== 'string') return;
  data.recentDeliveries = remember(persisted(data), eventIds);
}
