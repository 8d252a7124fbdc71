/** Invoice: Create, Get, Get Many. Every field is a catalogue entry (shared/fields.ts). */
import type { INodeProperties } from 'n8n-workflow';

import { FIELDS } from '../../../lib/core';
import { property, showFor } from '../../../lib/properties';
import { listProperties } from './list';

const { clientEmail, currency, items, autoSendWhatsapp, id, number, status } = FIELDS.invoice;
const { description, amount } = FIELDS.item;

export const LINE_ITEMS_JSON_EXAMPLE = JSON.stringify([{ description: description.example, amount: amount.example }]);

export const invoiceOperation: INodeProperties = {
  displayName: 'Operation',
  name: 'operation',
  type: 'options',
  noDataExpression: true,
  displayOptions: { show: { resource: ['invoice'] } },
  options: [
    {
      name: 'Create',
      value: 'create',
      action: 'Create an invoice',
      description: 'Create an invoice with line items for a client, and optionally send it on WhatsApp',
    },
    { name: 'Get', value: 'get', action: 'Get an invoice', description: 'Get an invoice by its ID' },
    {
      name: 'Get Many',
      value: 'getAll',
      action: 'Get many invoices',
      description: 'List invoices, newest first, optionally filtered',
    },
  ],
  default: 'create',
};

const create = showFor('invoice', ['create'], [
  property(clientEmail),
  property(currency),
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
    required: true,
    description: items.help,
    displayOptions: { show: { itemsInput: ['fields'] } },
    options: [{ name: 'item', displayName: 'Line Item', values: [property(description), property(amount)] }],
  },
  {
    displayName: `${items.label} (JSON)`,
    name: 'itemsJson',
    type: 'json',
    default: '[]',
    required: true,
    placeholder: LINE_ITEMS_JSON_EXAMPLE,
    description: `${items.help} A JSON array of objects with a description and an amount, e.g. ${LINE_ITEMS_JSON_EXAMPLE}`,
    displayOptions: { show: { itemsInput: ['json'] } },
  },
  property(autoSendWhatsapp),
]);

const get = showFor('invoice', ['get'], [property(id, { required: true })]);

const getAll = listProperties('invoice', [
  property(status),
  property(clientEmail, { required: false }),
  property(number),
]);

export const invoiceProperties: INodeProperties[] = [...create, ...get, ...getAll];
