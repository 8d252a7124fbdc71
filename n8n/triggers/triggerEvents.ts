/**
 * What both trigger nodes share: the Events choice (the shared catalogue, several at once) and the item
 * an event becomes (the flat record to map, plus the event as the service sent it).
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { EVENT_CATALOGUE, EVENT_TYPES, FIELDS, flattenEvent, type WebhookEvent } from '../../shared';

export const eventsProperty: INodeProperties = {
  displayName: FIELDS.webhook.events.label,
  name: FIELDS.webhook.events.key,
  type: 'multiOptions',
  required: true,
  default: [],
  description: 'The events that start this workflow',
  options: EVENT_TYPES.map((type) => ({
    name: EVENT_CATALOGUE[type].label,
    value: type,
    description: EVENT_CATALOGUE[type].description,
  })),
};

export function eventItem(event: WebhookEvent): INodeExecutionData {
  return { json: { ...flattenEvent(event), event: event as unknown as IDataObject } };
}
