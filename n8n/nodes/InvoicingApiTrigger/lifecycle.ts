/**
 * The remote webhook's life, as n8n drives it on activation and deactivation: reuse the subscription in
 * static data while the service still has it for the same URL and events, otherwise replace it; delete
 * it on deactivation, where one already gone counts as deleted.
 */
import type { IHookFunctions } from 'n8n-workflow';

import {
  SERVICE,
  deleteWebhookIfExists,
  triggerInput,
  operations,
  runOperation,
  webhookIsActive,
  type Connection,
  type Send,
} from '../../../shared';
import { nodeErrorFor } from '../../transport/errors';
import { connectionOf, sender } from '../../transport/connection';
import { replayMissed } from './replay';
import { forgetSubscription, saveSubscription, subscriptionOf } from './subscription';

/** The Events chosen, sorted; none chosen is refused before any request (shared's trigger rule). */
function selectedEvents(context: IHookFunctions): string[] {
  try {
    return [...triggerInput('events', { events: context.getNodeParameter('events', []) }).events].sort();
  } catch (error) {
    throw nodeErrorFor(context.getNode(), error);
  }
}

const sameEvents = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().every((event, i) => event === b[i]);

async function withService<T>(
  context: IHookFunctions,
  work: (connection: Connection, send: Send) => Promise<T>,
): Promise<T> {
  try {
    return await work(await connectionOf(context), sender(context));
  } catch (error) {
    throw nodeErrorFor(context.getNode(), error);
  }
}

export async function subscriptionIsCurrent(context: IHookFunctions): Promise<boolean> {
  const events = selectedEvents(context);
  const stored = subscriptionOf(context);
  if (!stored) return false;
  return await withService(context, async (connection, send) => {
    const matches = stored.url === context.getNodeWebhookUrl('default') && sameEvents(stored.events, events);
    if (matches && (await webhookIsActive(connection, stored.id, send))) {
      await replayMissed(context, connection, send, stored.id);
      return true;
    }
    // Deleted or disabled on the service, or registered for other events: replace it, leave no stray.
    await deleteWebhookIfExists(connection, stored.id, send);
    forgetSubscription(context);
    return false;
  });
}

export async function createSubscription(context: IHookFunctions): Promise<boolean> {
  const url = context.getNodeWebhookUrl('default') ?? '';
  const events = selectedEvents(context);
  const description = `${SERVICE.n8n.packageName}: ${context.getWorkflow().name ?? context.getWorkflow().id}`.slice(
    0,
    200,
  );
  return await withService(context, async (connection, send) => {
    const created = await runOperation(operations.createWebhook, connection, { url, events, description }, send);
    saveSubscription(context, { id: created.id, secret: created.secret, events, url });
    await replayMissed(context, connection, send, created.id);
    return true;
  });
}

export async function deleteSubscription(context: IHookFunctions): Promise<boolean> {
  const stored = subscriptionOf(context);
  if (stored) await withService(context, (connection, send) => deleteWebhookIfExists(connection, stored.id, send));
  forgetSubscription(context);
  return true;
}
