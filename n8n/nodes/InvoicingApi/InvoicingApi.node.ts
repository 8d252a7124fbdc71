import {
  NodeConnectionTypes,
  NodeOperationError,
  type IExecuteFunctions,
  type INodeExecutionData,
  type INodeType,
  type INodeTypeDescription,
} from 'n8n-workflow';

import { FIELDS, SERVICE, mapConcurrent } from '../../lib/core';
import { nodeErrorFor } from '../../lib/errors';
import { CREDENTIAL, connectionOf, sender } from '../../lib/transport';
import { actions, param } from './actions';
import { clientOperation, clientProperties } from './resources/client';
import { invoiceOperation, invoiceProperties } from './resources/invoice';

/** Requests in flight at once when many items arrive; the test-key limit is 25 a second. */
export const DEFAULT_CONCURRENCY = 5;

const { idempotencyKey } = FIELDS.invoice;
const IDEMPOTENCY_HELP = `${idempotencyKey.help} When empty, one is made from the execution, the node and the item, ` +
  'so Retry On Fail never creates an invoice twice.';

export class InvoicingApi implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Invoicing API',
    name: 'invoicingApi',
    icon: { light: 'file:../../icons/invoicingApi.svg', dark: 'file:../../icons/invoicingApi.dark.svg' },
    group: ['output'],
    version: 1,
    subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
    description: 'Create invoices with line items, send them on WhatsApp and keep clients in sync',
    defaults: { name: 'Invoicing API' },
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
        options: [
          { name: 'Client', value: 'client' },
          { name: 'Invoice', value: 'invoice' },
        ],
        default: 'invoice',
      },
      invoiceOperation,
      clientOperation,
      ...invoiceProperties,
      ...clientProperties,
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
            description: `How many items are sent to ${SERVICE.displayName} at the same time; a rate-limited request waits and is sent again`,
          },
          {
            displayName: idempotencyKey.label,
            name: idempotencyKey.key,
            type: 'string',
            default: '',
            placeholder: `e.g. ${idempotencyKey.example}`,
            description: IDEMPOTENCY_HELP,
            displayOptions: { show: { '/resource': ['invoice'], '/operation': ['create'] } },
          },
        ],
      },
    ],
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    const resource = param(this, 'resource', 0) as string;
    const operation = param(this, 'operation', 0) as string;
    const action = actions[resource]?.[operation];
    if (!action) throw new NodeOperationError(this.getNode(), `Unsupported operation "${operation}" for "${resource}"`);

    const connection = await connectionOf(this);
    const send = sender(this);
    // One item needs no lanes, and each parameter read costs the engine some microseconds.
    const concurrency = items.length > 1 ? param(this, 'options.concurrency', 0, DEFAULT_CONCURRENCY) as number : 1;

    const perItem = await mapConcurrent(items.length, concurrency, async (itemIndex) => {
      try {
        const result = await action(this, itemIndex, connection, send);
        return (Array.isArray(result) ? result : [result]).map((json) => ({
          json: json as INodeExecutionData['json'],
          pairedItem: { item: itemIndex },
        }));
      } catch (error) {
        const nodeError = nodeErrorFor(this.getNode(), error, itemIndex);
        if (!this.continueOnFail()) throw nodeError;
        return [{ json: { error: nodeError.message }, pairedItem: { item: itemIndex } }];
      }
    });
    return [perItem.flat()];
  }
}
