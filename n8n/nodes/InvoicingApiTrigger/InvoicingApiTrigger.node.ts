import {
  NodeConnectionTypes,
  type IDataObject,
  type IExecuteFunctions,
  type IHookFunctions,
  type INodeExecutionData,
  type INodeType,
  type INodeTypeDescription,
  type IWebhookFunctions,
  type IWebhookResponseData,
} from 'n8n-workflow';

import { SERVICE, receiveWebhook } from '../../../shared';
import { eventItem, eventsProperty } from '../../triggers/triggerEvents';
import { CREDENTIAL } from '../../transport/connection';
import { createSubscription, deleteSubscription, subscriptionIsCurrent } from './lifecycle';
import { firstDelivery, keepDeliveries } from './deliveries';
import { advanceCursor, replayProperty } from './replay';
import { subscriptionOf } from './subscription';

export class InvoicingApiTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: `${SERVICE.displayName} Trigger`,
    name: 'invoicingApiTrigger',
    icon: { light: 'file:../../icons/invoicingApi.svg', dark: 'file:../../icons/invoicingApi.dark.svg' },
    group: ['trigger'],
    // Version 2 behaves as 1 in every way this package decides. It exists for n8n: for a start node of type
    // version 1, n8n evaluates a binary-data option expression on every delivery (`parseRequestBody` in
    // webhook-helpers.js), which takes an expression isolate even under N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE;
    // from version 2 on a delivery needs none. Workflows saved on version 1 keep it and work unchanged.
    version: [1, 2],
    defaultVersion: 2,
    subtitle: '={{$parameter["events"].join(", ")}}',
    description:
      'Starts the workflow when an invoice is created, viewed, paid or disputed, or a client is created or changed',
    defaults: { name: `${SERVICE.displayName} Trigger` },
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: CREDENTIAL, required: true }],
    webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
    properties: [eventsProperty, replayProperty],
  };

  webhookMethods = {
    default: {
      async checkExists(this: IHookFunctions): Promise<boolean> {
        return await subscriptionIsCurrent(this);
      },
      async create(this: IHookFunctions): Promise<boolean> {
        return await createSubscription(this);
      },
      async delete(this: IHookFunctions): Promise<boolean> {
        return await deleteSubscription(this);
      },
    },
  };

  /**
   * Verifies the Standard Webhooks signature over the raw body before anything else; a forged, stale
   * or unsigned delivery gets 401 and starts nothing. Unselected event types and repeats of a
   * `webhook-id` already seen are acknowledged (so the service stops retrying) but start nothing.
   */
  async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
    const stored = subscriptionOf(this);
    const request = this.getRequestObject() as ReturnType<IWebhookFunctions['getRequestObject']> & { rawBody?: Buffer };
    const received = receiveWebhook({
      secret: stored?.secret ?? '',
      headers: this.getHeaderData() as IDataObject as Record<string, string | string[] | undefined>,
      rawBody: request.rawBody ?? JSON.stringify(this.getBodyData()),
      types: this.getNodeParameter('events', []) as string[],
    });
    if (received.outcome === 'rejected') {
      this.getResponseObject().status(401).json({ error: received.message });
      return { noWebhookResponse: true };
    }
    if (received.outcome === 'ignored' || !firstDelivery(this, stored?.id ?? '', received.event.id)) {
      return { webhookResponse: { received: true } };
    }
    return { workflowData: [[eventItem(received.event)]] };
  }

  /**
   * The first step of the execution a delivery started: passes its item on unchanged, and records the
   * event's id where n8n keeps it (see deliveries.ts for why `webhook()` alone cannot).
   */
  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    keepDeliveries(this, items.map((item) => String(item.json.event_id ?? '')).filter(Boolean));
    advanceCursor(
      this,
      items
        .map((item) => item.json.event as IDataObject | undefined)
        .filter((event) => typeof event?.id === 'string' && typeof event.created_at === 'string')
        .map((event) => ({ id: String(event?.id), created_at: String(event?.created_at) })),
    );
    return [items.map((item, index) => ({ ...item, pairedItem: { item: index } }))];
  }
}
