/**
 * One REST-hook trigger per event type, all built here: subscribe with Zapier's target URL for that one
 * event, keep the webhook id and signing secret in subscribeData, verify every delivery against the raw
 * body before it can start a Zap, and show recent real events in the editor.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import {
  EVENT_CATALOGUE, deleteWebhookIfExists, flattenEvent, operations, receiveWebhook, recentEventRecords, runOperation,
  sampleEventsByType, type EventType, type FlatEventRecord,
} from '../../../shared';
import { call } from '../api';
import { outputFields } from '../fields';

interface SubscribeData { id: string; secret: string }

export function hookTrigger(type: EventType) {
  const event = EVENT_CATALOGUE[type];
  const sample = flattenEvent(sampleEventsByType[type]);

  const performSubscribe = (z: ZObject, bundle: Bundle): Promise<SubscribeData> =>
    call(z, bundle, async (connection, send) => {
      const webhook = await runOperation(operations.createWebhook, connection,
        { url: bundle.targetUrl, events: [type], description: `Zapier: ${event.label}` }, send);
      return { id: webhook.id, secret: webhook.secret };
    });

  const performUnsubscribe = (z: ZObject, bundle: Bundle) =>
    call(z, bundle, (connection, send) =>
      deleteWebhookIfExists(connection, (bundle.subscribeData as SubscribeData).id, send));

  /** Anything unsigned, tampered, stale or of another type is dropped: an empty array starts no Zap. */
  const perform = (z: ZObject, bundle: Bundle): FlatEventRecord[] => {
    const received = receiveWebhook({
      secret: (bundle.subscribeData as Partial<SubscribeData> | undefined)?.secret ?? '',
      headers: bundle.rawRequest?.headers ?? {},
      rawBody: bundle.rawRequest?.content ?? '',
      types: [type],
    });
    if (received.outcome === 'accepted') return [received.record];
    z.console.log(received.outcome === 'rejected' ? received.message : `Ignored an event of type ${received.event.type}.`);
    return [];
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
      outputFields: outputFields(sample),
    },
  };
}
