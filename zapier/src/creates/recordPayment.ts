/** Record Payment: a bank transfer, cash or a UPI payment the bank reported, against an invoice. */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { PICKER_HELP, knownInput, operations } from '../../../shared';
import { call } from '../api';
import { inputField, outputFields } from '../fields';
import { owedInvoiceDropdown } from '../pickers';

const { recordTypedPayment: operation } = operations;

const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, (connection, send) => operation.run(connection, knownInput(operation.fields, bundle.inputData), send));

export const recordPayment = {
  key: 'record_payment',
  noun: 'Payment',
  display: {
    label: 'Record Payment',
    description: 'Creates a payment on an invoice for money received outside UPI (a bank transfer, cash) or reported by your bank.',
  },
  operation: {
    inputFields: Object.values(operation.fields).map((spec) => (spec.key === 'invoice_id'
      ? inputField(spec, { choices: owedInvoiceDropdown, search: 'find_invoice.id', helpText: PICKER_HELP.owedInvoice })
      : inputField(spec))),
    perform,
    sample: operation.sample,
    outputFields: outputFields(operation.sample, operation.labels),
  },
};
