/** Invoice → Create: shared/operations/createInvoice.ts, with line items as fields or one JSON array. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { deriveIdempotencyKey, isBlank, operations, runOperation } from '../../../../../shared';
import { emailLocator, locatorId } from '../../../../lib/pickers';
import { property } from '../../../../lib/properties';
import { param, type NodeOperation } from '../common';

const { createInvoice: operation } = operations;
const { client_email, currency, items, description, amount, amount_unit, auto_send_whatsapp, idempotency_key } = operation.fields;

export const LINE_ITEMS_JSON_EXAMPLE = JSON.stringify([{ description: description.example, amount: amount.example }]);

/** Under the node's Options, shown for this operation only. */
export const idempotencyKeyOption: INodeProperties = {
  displayName: idempotency_key.label,
  name: idempotency_key.key,
  type: 'string',
  default: '',
  placeholder: `e.g. ${idempotency_key.example}`,
  description: `${idempotency_key.help} When empty, one is made from the execution, the node and the item, ` +
    'so Retry On Fail never creates an invoice, or records a payment, twice.',
  // Invoice → Create and Payment → Record (the two other pairs these lists allow do not exist).
  displayOptions: { show: { '/resource': ['invoice', 'payment'], '/operation': ['create', 'record'] } },
};

/** Line items from the fixed collection, or from one JSON array (typed in, or mapped by an expression). */
function lineItems(context: IExecuteFunctions, itemIndex: number): unknown {
  if (param(context, 'itemsInput', itemIndex) === 'json') {
    const value = param(context, 'itemsJson', itemIndex);
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  const entries = (param(context, `${items.key}.item`, itemIndex, []) as IDataObject[]) ?? [];
  return entries.map((entry) => ({ description: entry[description.key], amount: entry[amount.key] }));
}

/**
 * The key the service deduplicates on. Without one from the user it comes from the n8n instance, the
 * execution, the node and the item: Retry On Fail (same execution) can never create the same invoice
 * twice, and execution 1 of another n8n (a copied workflow, a reset database) is not mistaken for ours.
 */
export function idempotencyKey(context: IExecuteFunctions, itemIndex: number): unknown {
  const given = param(context, `options.${idempotency_key.key}`, itemIndex, '');
  if (!isBlank(given)) return given;
  return deriveIdempotencyKey([context.getInstanceId(), context.getExecutionId(), context.getNode().id, itemIndex]);
}

export const create: NodeOperation = {
  option: {
    name: 'Create',
    value: 'create',
    action: 'Create an invoice',
    description: 'Create an invoice with line items for a client, and optionally send it on WhatsApp',
  },
  properties: [
    emailLocator(client_email),
    property(currency, {
      type: 'options',
      typeOptions: { loadOptionsMethod: 'currencies' },
      default: currency.example,
      description: `${currency.help} Another currency: switch to Expression and type its code.`,
    }),
    {
      displayName: 'Line Items Input',
      name: 'itemsInput',
      type: 'options',
      noDataExpression: true,
      options: [
        { name: 'Using Fields Below', value: 'fields' },
        { name: 'Using JSON', value: 'json' },
      ],
      default: 'fields',
      description: 'Enter the line items one by one, or map one JSON array of them from an earlier node',
    },
    {
      displayName: items.label,
      name: items.key,
      type: 'fixedCollection',
      typeOptions: { multipleValues: true, sortable: true },
      placeholder: 'Add Line Item',
      default: {},
      required: items.required,
      description: items.help,
      displayOptions: { show: { itemsInput: ['fields'] } },
      options: [{ name: 'item', displayName: 'Line Item', values: [property(description), property(amount)] }],
    },
    {
      displayName: `${items.label} (JSON)`,
      name: 'itemsJson',
      type: 'json',
      default: '[]',
      required: items.required,
      placeholder: LINE_ITEMS_JSON_EXAMPLE,
      description: `${items.help} A JSON array of objects with a description and an amount, e.g. ${LINE_ITEMS_JSON_EXAMPLE}`,
      displayOptions: { show: { itemsInput: ['json'] } },
    },
    property(amount_unit),
    property(auto_send_whatsapp),
  ],
  execute: (context, i, connection, send) => runOperation(operation, connection, {
    client_email: locatorId(context, 'client', client_email, i),
    currency: param(context, currency.key, i),
    items: lineItems(context, i),
    amount_unit: param(context, amount_unit.key, i, 'main'),
    auto_send_whatsapp: param(context, auto_send_whatsapp.key, i, false),
    idempotency_key: idempotencyKey(context, i),
  }, send),
};
