import type { Bundle, ZObject } from 'zapier-platform-core';
import { operations } from '../../../shared';
import { call, searchResult } from '../api';
import { inputField, outputFields } from '../fields';

const { findPayment: operation } = operations;

const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, (connection, send) => searchResult(operation.run(connection,
    { utr: bundle.inputData.utr, reference: bundle.inputData.reference }, send)));

export const findPayment = {
  key: 'find_payment',
  noun: 'Payment',
  display: {
    label: 'Find Payment',
    description: 'Finds a payment by its UPI reference (UTR) or its bank reference, as a bank statement line shows it.',
  },
  operation: {
    inputFields: Object.values(operation.fields).map((spec) => inputField(spec)),
    perform,
    sample: operation.sample,
    outputFields: outputFields(operation.sample, operation.labels),
  },
};
