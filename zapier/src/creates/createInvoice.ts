/**
 * Create Invoice: line items as a Zapier line-item group, checked by the shared schema before sending.
 * Every other field of the operation is shown and sent as the catalogue declares it, so a field added
 * to the operation appears here without an edit.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { PICKER_HELP, knownInput, operations, runOperation } from '../../../shared';
import { call } from '../api';
import { inputField, outputFields } from '../fields';
import { clientEmailDropdown } from '../pickers';

const { createInvoice: operation } = operations;
const { client_email, items, description, amount } = operation.fields;
const lineItemKeys = [description.key, amount.key];

/**
 * Zapier sends a line-item group as `items: [{description, amount}]`; when the children are mapped
 * without the group (or through `invoke`), they arrive as parallel top-level values instead.
 */
export function lineItems(inputData: Record<string, unknown>): unknown {
  if (inputData.items !== undefined) return inputData.items;
  const column = (key: string) => {
    const value = inputData[key];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  };
  const descriptions = column(description.key);
  const amounts = column(amount.key);
  if (!descriptions.length && !amounts.length) return undefined;
  return Array.from({ length: Math.max(descriptions.length, amounts.length) },
    (_, index) => ({ description: descriptions[index], amount: amounts[index] }));
}

const perform = (z: ZObject, bundle: Bundle) => {
  const input = bundle.inputData;
  const raw = {
    ...Object.fromEntries(Object.entries(knownInput(operation.fields, input)).filter(([key]) => !lineItemKeys.includes(key))),
    items: lineItems(input),
  };
  return call(z, bundle, (connection, send) => runOperation(operation, connection, raw, send));
};

export const createInvoice = {
  key: 'create_invoice',
  noun: 'Invoice',
  display: {
    label: 'Create Invoice',
    description: 'Creates an invoice with line items for a client, and can send it on WhatsApp right away.',
  },
  operation: {
    inputFields: Object.values(operation.fields).filter((spec) => !lineItemKeys.includes(spec.key)).map((spec) => (
      spec === items
        // Zapier's schema refuses helpText beside children, so the group's help leads its first field's.
        ? { key: items.key, label: items.label, required: items.required,
          children: [inputField(description, { helpText: `${items.help} ${description.help}` }), inputField(amount)] }
        // Existing clients to pick from; a new or mapped e-mail is still accepted (and creates the client).
        : spec === client_email ? inputField(spec, { choices: clientEmailDropdown, helpText: PICKER_HELP.clientEmail })
          : inputField(spec))),
    perform,
    sample: operation.sample,
    outputFields: outputFields(operation.sample, operation.labels),
  },
};
