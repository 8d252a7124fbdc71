/** Void Invoice: cancels an invoice nothing has been paid on; a paid or partly paid one is refused in the service's words. */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { operations, runOperation } from '../../../shared';
import { call } from '../api';
import { outputFields } from '../fields';
import { invoicePickerField } from '../pickers';

const { voidInvoice: operation } = operations;

const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, (connection, send) => runOperation(operation, connection, bundle.inputData, send));

export const voidInvoice = {
  key: 'void_invoice',
  noun: 'Invoice',
  display: {
    label: 'Void Invoice',
    description: 'Cancels an invoice nothing has been paid on: it then owes nothing and cannot be paid or sent.',
  },
  operation: {
    inputFields: Object.values(operation.fields).map(invoicePickerField),
    perform,
    sample: operation.sample,
    outputFields: outputFields(operation.sample, operation.labels),
  },
};
