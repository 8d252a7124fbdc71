import type { Bundle, ZObject } from 'zapier-platform-core';
import { FIELDS, findInvoice as findInvoiceByIdOrNumber, samplePresentedInvoice } from '../../../shared';
import { call, searchResult } from '../api';
import { inputField, outputFields } from '../fields';

const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, (connection, send) => searchResult(findInvoiceByIdOrNumber(connection,
    { invoice_id: bundle.inputData.invoice_id, number: bundle.inputData.number }, send)));

export const findInvoice = {
  key: 'find_invoice',
  noun: 'Invoice',
  display: {
    label: 'Find Invoice',
    description: 'Finds an invoice by its ID or by its invoice number.',
  },
  operation: {
    inputFields: [inputField(FIELDS.invoice.id), inputField(FIELDS.invoice.number)],
    perform,
    sample: samplePresentedInvoice,
    outputFields: outputFields(samplePresentedInvoice),
  },
};
