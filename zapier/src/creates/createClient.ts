import type { Bundle, ZObject } from 'zapier-platform-core';
import { clientInputFromFields, operations, runOperation } from '../../../shared';
import { call } from '../api';
import { inputField, outputFields } from '../fields';

const { createClient: operation } = operations;

const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, (connection, send) =>
    runOperation(operation, connection, clientInputFromFields(bundle.inputData), send));

export const createClient = {
  key: 'create_client',
  noun: 'Client',
  display: {
    label: 'Create Client',
    description: 'Creates a client with contact details, a WhatsApp number and a billing address.',
  },
  operation: {
    inputFields: Object.values(operation.fields).map((spec) => inputField(spec)),
    perform,
    sample: operation.sample,
    outputFields: outputFields(operation.sample, operation.labels),
  },
};
