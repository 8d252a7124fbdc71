import type { Bundle, ZObject } from 'zapier-platform-core';
import { PICKER_HELP, clientInputFromFields, operations, runOperation } from '../../../shared';
import { call } from '../api';
import { inputField, outputFields } from '../fields';
import { clientDropdown } from '../pickers';

const { updateClient: operation } = operations;
const { client_id: clientId, ...form } = operation.fields;

const perform = (z: ZObject, bundle: Bundle) => {
  const raw = { client_id: bundle.inputData.client_id, ...clientInputFromFields(bundle.inputData) };
  return call(z, bundle, (connection, send) => runOperation(operation, connection, raw, send));
};

export const updateClient = {
  key: 'update_client',
  noun: 'Client',
  display: {
    label: 'Update Client',
    description: 'Updates an existing client. Fields left empty keep their current value.',
  },
  operation: {
    inputFields: [
      inputField(clientId, { choices: clientDropdown, search: 'find_client.id', helpText: PICKER_HELP.client }),
      ...Object.values(form).map((spec) => inputField(spec)),
    ],
    perform,
    sample: operation.sample,
    outputFields: outputFields(operation.sample, operation.labels),
  },
};
