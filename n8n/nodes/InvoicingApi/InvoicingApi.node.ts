import {
  NodeConnectionTypes,
  NodeOperationError,
  type IExecuteFunctions,
  type INodeExecutionData,
  type INodeType,
  type INodeTypeDescription,
} from 'n8n-workflow';

import { SERVICE, displayNoun, mapConcurrent } from '../../../shared';
import { nodeErrorFor } from '../../transport/errors';
import { listSearch, loadOptions } from '../../editor/pickers';
import { CREDENTIAL, connectionOf, sender } from '../../transport/connection';
import { client } from './actions/client';
import { creditNote } from './actions/creditNote';
import { debitNote } from './actions/debitNote';
import { eInvoice } from './actions/eInvoice';
import { ItemWithBinary, param, type Action } from './actions/common';
import { idempotencyKeyOption } from './actions/idempotency';
import { invoice } from './actions/invoice';
import { payment } from './actions/payment';
import { product } from './actions/product';
import { refund } from './actions/refund';
import { DEFAULT_VERSION, VERSIONS } from './versions';

/** Requests in flight at once when many items arrive; the test-key limit is 25 a second. */
const DEFAULT_CONCURRENCY = 5;

/**
 * Every resource, in the order their fields are declared; the Resource list shows them by their noun
 * (displayNoun, the word Zapier ends each label with), alphabetically as n8n's own nodes do.
 */
const resources = { invoice, client, payment, product, refund, creditNote, debitNote, eInvoice };
type ResourceKey = keyof typeof resources;
const resourceKeys = Object.keys(resources) as ResourceKey[];
const each = <T>(read: (one: (typeof resources)[ResourceKey]) => T): Record<string, T> =>
  Object.fromEntries(resourceKeys.map((key) => [key, read(resources[key])]));

const actions: Record<string, Record<string, Action>> = each((one) => one.actions);

export class InvoicingApi implements INodeType {
  description: INodeTypeDescription = {
    displayName: SERVICE.displayName,
    name: 'invoicingApi',
    icon: { light: 'file:../../icons/invoicingApi.svg', dark: 'file:../../icons/invoicingApi.dark.svg' },
    group: ['output'],
    version: VERSIONS,
    defaultVersion: DEFAULT_VERSION,
    subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
    description: 'Create invoices with line items, send them on WhatsApp, keep clients in sync and reconcile payments',
    defaults: { name: SERVICE.displayName },
    usableAsTool: true,
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: CREDENTIAL, required: true }],
    properties: [
      {
        displayName: 'Resource',
        name: 'resource',
        type: 'options',
        noDataExpression: true,
        options: resourceKeys
          .map((value) => ({ name: displayNoun(value), value }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        default: 'invoice',
      },
      ...resourceKeys.flatMap((key) => resources[key].properties),
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add Option',
        default: {},
        options: [
          {
            displayName: 'Max Concurrent Requests',
            name: 'concurrency',
            type: 'number',
            typeOptions: { minValue: 1, maxValue: 25 },
            default: DEFAULT_CONCURRENCY,
            description:
              `How many items are sent to ${SERVICE.displayName} at the same time; ` +
              `a rate-limited request waits and is sent again`,
          },
          idempotencyKeyOption(each((one) => one.operations)),
        ],
      },
    ],
  };

  methods = { listSearch, loadOptions };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    const resource = param(this, 'resource', 0) as string;
    const operation = param(this, 'operation', 0) as string;
    const action = actions[resource]?.[operation];
    if (!action) throw new NodeOperationError(this.getNode(), `Unsupported operation "${operation}" for "${resource}"`);

    const connection = await connectionOf(this);
    const send = sender(this);
    const concurrency = param(this, 'options.concurrency', 0, DEFAULT_CONCURRENCY) as number;

    const perItem = await mapConcurrent(items.length, concurrency, async (itemIndex) => {
      try {
        const result = await action(this, itemIndex, connection, send);
        return (Array.isArray(result) ? result : [result]).map((json) =>
          json instanceof ItemWithBinary
            ? { json: json.json, binary: json.binary, pairedItem: { item: itemIndex } }
            : { json: json as INodeExecutionData['json'], pairedItem: { item: itemIndex } },
        );
      } catch (error) {
        const nodeError = nodeErrorFor(this.getNode(), error, itemIndex);
        if (!this.continueOnFail()) throw nodeError;
        return [{ json: { error: nodeError.message }, pairedItem: { item: itemIndex } }];
      }
    });
    return [perItem.flat()];
  }
}
