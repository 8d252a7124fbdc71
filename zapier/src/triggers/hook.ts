/**
 * One REST-hook trigger per event type, all built here: subscribe with Zapier's target URL for that one
 * event, keep the webhook id and signing secret in subscribeData, verify every delivery against the raw
 * body before it can start a Zap, and show recent real events in the editor.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import {
  DELIVERY_RETRY_WINDOW_SECONDS,
  EVENT_CATALOGUE,
  EVENT_LABELS,
  deleteWebhookIfExists,
  flattenEvent,
  operations,
  receiveWebhook,
  recentEventRecords,
  runOperation,
  sampleEventsByType,
  type EventType,
  type FlatEventRecord,
} from '../../../shared';
import { call } from '../api';
import { sampledOutputFields } from '../fields';

interface SubscribeData {
  id: string;
  secret: string;
}

/**
 * True the first time an event reaches this subscription. z.cache's set-if-absent settles two
 * deliveries racing each other; when the cache cannot be reached the event goes through, since a
 * repeated Zap run can be filtered on its id but a dropped payment cannot be recovered.
 */
async function firstDelivery(z: ZObject, subscriptionId: string, eventId: string): Promise<boolean> {
  const key = `delivery:${subscriptionId}:${eventId}`;
  try {
    if (await z.cache.get(key)) return false;
    return (await z.cache.set(key, true, DELIVERY_RETRY_WINDOW_SECONDS, undefined, true)) !== false;
  } catch {
    z.console.log(`Could not check whether ${eventId} was delivered before; passing it on.`);
    return true;
  }
}

export function hookTrigger(type: EventType) {
  const event = EVENT_CATALOGUE[type];
  const sample = flattenEvent(sampleEventsByType[type]);

  const performSubscribe = (z: ZObject, bundle: Bundle): Promise<SubscribeData> =>
    call(z, bundle, async (connection, send) => {
      const webhook = await runOperation(
        operations.createWebhook,
        connection,
        { url: bundle.targetUrl, events: [type], description: `Zapier: ${event.label}` },
        send,
      );
      return { id: webhook.id, secret: webhook.secret };
    });

  const performUnsubscribe = (z: ZObject, bundle: Bundle) =>
    call(z, bundle, (connection, send) =>
      deleteWebhookIfExists(connection, (bundle.subscribeData as SubscribeData).id, send),
    );

  /**
   * Anything unsigned, tampered, stale, of another type or already seen is dropped: an empty array starts
   * no Zap. Zapier does not deduplicate hook payloads and the service delivers at least once, so each
   * event id is remembered per subscription for the service's whole retry window.
   */
  const perform = async (z: ZObject, bundle: Bundle): Promise<FlatEventRecord[]> => {
    const subscription = bundle.subscribeData as Partial<SubscribeData> | undefined;
    if (!subscription?.secret) {
      z.console.log(
        `This ${event.label} trigger has no subscription (the Zap was never turned on, or was turned off), ` +
          `so no delivery can be verified; nothing was started.`,
      );
      return [];
    }
    const received = receiveWebhook({
      secret: subscription.secret,
      headers: bundle.rawRequest?.headers ?? {},
      rawBody: bundle.rawRequest?.content ?? '',
      types: [type],
    });
    if (received.outcome !== 'accepted') {
      z.console.log(
        received.outcome === 'rejected' ? received.message : `Ignored an event of type ${received.event.type}.`,
      );
      return [];
    }
    if (!(await firstDelivery(z, subscription?.id ?? '', received.event.id))) {
      z.console.log(`Ignored a repeated delivery of ${received.event.id}.`);
      return [];
    }
    return [received.record];
  };

  const performList = (z: ZObject, bundle: Bundle) =>
    call(z, bundle, async (connection, send) => {
      const records = await recentEventRecords(connection, type, send);
      return records.length ? records : [sample];
    });

  return {
    key: event.key,
    noun: event.noun,
    display: { label: event.label, description: event.description },
    operation: {
      type: 'hook' as const,
      performSubscribe,
      performUnsubscribe,
      perform,
      performList,
      sample,
      outputFields: sampledOutputFields(sample, EVENT_LABELS),
    },
  };
}
