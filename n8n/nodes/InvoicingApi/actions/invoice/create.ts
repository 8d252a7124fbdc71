/**
 * Invoice → Create: shared/operations/createInvoice.ts. Every field of the operation shows as the
 * catalogue declares it, except the line items (fields or one JSON array) and the idempotency key (under
 * Options), so a field added to the operation appears here without an edit.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operations, runOperation, type FieldSpec } from '../../../../../shared';
import { emailLocator, locatorId, productLineLocator, productOfLine } from '../../../../editor/pickers';
import { property } from '../../../../editor/properties';
import { ADD_FIELD, param, type NodeOperation } from '../common';
import { idempotencyKey } from '../idempotency';
import { amountUnitProperties, defaultAmountUnit } from '../../versions';

const { createInvoice: operation } = operations;
const {
  client_email,
  currency,
  items,
  description,
  amount,
  amount_unit,
  idempotency_key,
  quantity,
  unit,
  unit_price,
  hsn_sac,
  gst_rate,
  place_of_supply,
  due_date,
  payment_terms,
  product_id,
  sku,
} = operation.fields;
/** A line's optional particulars (quantity and unit price, HSN/SAC, GST rate), behind the line's own Add Field. */
const lineExtras = [quantity, unit, unit_price, hsn_sac, gst_rate];
/** The invoice's GST option, behind its own Add Field, so a B2C shop never sees it. */
const invoiceGst = [place_of_supply];
/** When it is due: a date or payment terms, behind Add Field, as an invoice without one is never overdue. */
const invoiceDue = [due_date, payment_terms];

/**
 * Where a field is more than its declaration: the client picked from a list, the currency from n8n's load
 * options, Amounts Are In once per node version (versions.ts).
 */
const picked: Partial<Record<string, INodeProperties | INodeProperties[]>> = {
  [amount_unit.key]: amountUnitProperties(property(amount_unit)),
  [client_email.key]: emailLocator(client_email),
  [currency.key]: property(currency, {
    type: 'options',
    typeOptions: { loadOptionsMethod: 'currencies' },
    default: currency.example,
    description: `${currency.help} Another currency: switch to Expression and type its code.`,
  }),
};

const LINE_ITEMS_JSON_EXAMPLE = JSON.stringify([{ description: description.example, amount: amount.example }]);

/** The fields shown one to one: all but the line items' and the idempotency key. */
const plain = Object.values(operation.fields).filter(
  (spec) =>
    ![
      items,
      description,
      amount,
      idempotency_key,
      product_id,
      sku,
      ...lineExtras,
      ...invoiceGst,
      ...invoiceDue,
    ].includes(spec),
);

/** The state lists (GST rate, place of supply) as dropdowns; the schema still judges a mapped value. */
const listed = (spec: FieldSpec) =>
  spec.choices
    ? property(spec, {
        type: 'options',
        options: spec.choices.map(({ value, label }) => ({ name: label, value })),
        default: String(spec.example ?? spec.choices[0].value),
      })
    : property(spec);

const lineItemProperties: INodeProperties[] = [
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
    options: [
      {
        name: 'item',
        displayName: 'Line Item',
        values: [
          // Issue 42: the line filled from a product; what the line gives itself (a unit price, a quantity) wins.
          productLineLocator(product_id),
          property(sku),
          property(description),
          property(amount),
          {
            displayName: 'Quantity, Unit Price and GST',
            name: 'more',
            type: 'collection',
            placeholder: ADD_FIELD,
            default: {},
            options: lineExtras.map(listed),
          },
        ],
      },
    ],
  },
  {
    displayName: `${items.label} (JSON)`,
    name: 'itemsJson',
    type: 'json',
    default: '[]',
    required: items.required,
    placeholder: LINE_ITEMS_JSON_EXAMPLE,
    description:
      `${items.help} A JSON array of objects with a description and an amount, ` + `e.g. ${LINE_ITEMS_JSON_EXAMPLE}`,
    displayOptions: { show: { itemsInput: ['json'] } },
  },
  {
    displayName: 'Due',
    name: 'due',
    type: 'collection',
    placeholder: 'Add Due Date or Payment Terms',
    default: {},
    description: 'When the client should pay; without either, the invoice is never overdue',
    options: invoiceDue.map(listed),
  },
  {
    displayName: 'GST',
    name: 'gst',
    type: 'collection',
    placeholder: ADD_FIELD,
    default: {},
    description: "Only for a GST tax invoice whose place of supply is not the client's",
    options: invoiceGst.map(listed),
  },
];

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
  return entries.map((entry) => ({
    ...productOfLine(entry[product_id.key]),
    sku: entry[sku.key],
    description: entry[description.key],
    amount: entry[amount.key],
    ...(entry.more as IDataObject | undefined),
  }));
}

/** What the editor shows for a field: the line items their own way, the rest one to one (picked where it is more). */
function shown(spec: FieldSpec): INodeProperties[] {
  if (spec === items) return lineItemProperties;
  if (!plain.some((entry) => entry === spec)) return [];
  return [picked[spec.key] ?? property(spec)].flat();
}

/** A one-to-one field's value: the client's e-mail from its picker, the others as typed or mapped. */
function valueOf(context: IExecuteFunctions, spec: FieldSpec, itemIndex: number): unknown {
  if (spec === client_email) return locatorId(context, 'client', client_email, itemIndex);
  return param(context, spec.key, itemIndex, spec === amount_unit ? defaultAmountUnit(context) : spec.default);
}

export const create: NodeOperation = {
  operation,
  option: {
    name: 'Create',
    value: 'create',
    action: 'Create an invoice',
    description: 'Create an invoice with line items for a client, and optionally send it on WhatsApp',
  },
  properties: Object.values(operation.fields).flatMap(shown),
  execute: (context, i, connection, send) =>
    runOperation(
      operation,
      connection,
      {
        ...Object.fromEntries(plain.map((spec) => [spec.key, valueOf(context, spec, i)])),
        items: lineItems(context, i),
        ...(param(context, 'due', i, {}) as IDataObject),
        ...(param(context, 'gst', i, {}) as IDataObject),
        idempotency_key: idempotencyKey(context, i),
      },
      send,
    ),
};
