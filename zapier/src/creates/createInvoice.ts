/** Create Invoice: line items as a Zapier line-item group, checked by the shared schema before sending. */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { FIELDS, operations, runOperation, samplePresentedInvoice } from '../../../shared';
import { call } from '../api';
import { inputField, outputFields } from '../fields';

const { description, amount } = FIELDS.item;

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
    client_email: input.client_email,
    currency: input.currency,
    items: lineItems(input),
    auto_send_whatsapp: input.auto_send_whatsapp,
  };
  return call(z, bundle, (connection, send) => runOperation(operations.createInvoice, connection, raw, send,
    { idempotencyKey: input[FIELDS.invoice.idempotencyKey.key] }));
};

export const createInvoice = {
  key: 'create_invoice',
  noun: 'Invoice',
  display: {
    label: 'Create Invoice',
    description: 'Creates an invoice with line items for a client, and can send it on WhatsApp right away.',
  },
  operation: {
    inputFields: [
      inputField(FIELDS.invoice.clientEmail),
      inputField(FIELDS.invoice.currency),
      // Zapier's schema refuses helpText beside children, so the group's help leads its first field's.
      { key: FIELDS.invoice.items.key, label: FIELDS.invoice.items.label, required: true,
        children: [inputField(description, { helpText: `${FIELDS.invoice.items.help} ${description.help}` }), inputField(amount)] },
      inputField(FIELDS.invoice.autoSendWhatsapp),
      inputField(FIELDS.invoice.idempotencyKey),
    ],
    perform,
    sample: samplePresentedInvoice,
    outputFields: outputFields(samplePresentedInvoice),
  },
};
