import type { Bundle, ZObject } from 'zapier-platform-core';
import { PICKER_HELP, operations } from '../../../shared';
import { call, searchResult } from '../api';
import { inputField, outputFields } from '../fields';
import { invoiceDropdown } from '../pickers';

const { findInvoice: operation } = operations;

const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, (connection, send) => searchResult(operation.run(connection,
    { invoice_id: bundle.inputData.invoice_id, number: bundle.inputData.number, client_gstin: bundle.inputData.client_gstin }, send)));

export const findInvoice = {
  key: 'find_invoice',
  noun: 'Invoice',
  display: {
    label: 'Find Invoice',
    description: 'Finds an invoice by its ID, by its invoice number, or the newest tax invoice for a client GSTIN.',
  },
  operation: {
    inputFields: Object.values(operation.fields).map((spec) =>
      (spec.key === 'invoice_id' ? inputField(spec, { choices: invoiceDropdown, helpText: PICKER_HELP.invoice }) : inputField(spec))),
    perform,
    sample: operation.sample,
    outputFields: outputFields(operation.sample, operation.labels),
  },
};
