import type { Bundle, ZObject } from 'zapier-platform-core';
import { operations } from '../../../shared';
import { call, searchResult } from '../api';
import { inputField, outputFields } from '../fields';

const { findClient: operation } = operations;

const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, (connection, send) => searchResult(operation.run(connection, { email: bundle.inputData.email }, send)));

export const findClient = {
  key: 'find_client',
  noun: 'Client',
  display: {
    label: 'Find Client',
    description: 'Finds a client by e-mail address.',
  },
  operation: {
    inputFields: Object.values(operation.fields).map((spec) => inputField(spec)),
    perform,
    sample: operation.sample,
    outputFields: outputFields(operation.sample, operation.labels),
  },
};
