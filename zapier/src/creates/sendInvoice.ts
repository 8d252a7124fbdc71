/** Send Invoice: the invoice or a payment reminder, on WhatsApp or by e-mail; sending again is a resend. */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { operations, runOperation } from '../../../shared';
import { call } from '../api';
import { inputField, outputFields } from '../fields';
import { invoicePickerField } from '../pickers';

const { sendInvoice: operation } = operations;

const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, (connection, send) => runOperation(operation, connection, bundle.inputData, send));

export const sendInvoice = {
  key: 'send_invoice',
  noun: 'Invoice Delivery',
  display: {
    label: 'Send Invoice',
    description: 'Sends an invoice, or a payment reminder with its UPI link, on WhatsApp or by e-mail; Invoice Sent or Invoice Delivery Failed says how it went.',
  },
  operation: {
    inputFields: Object.values(operation.fields).map((spec) => (spec.key === 'invoice_id' ? invoicePickerField(spec) : inputField(spec))),
    perform,
    sample: operation.sample,
    outputFields: outputFields(operation.sample, operation.labels),
  },
};
