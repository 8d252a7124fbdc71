import type { Bundle, ZObject } from 'zapier-platform-core';
import { FIELDS, clientInputFromFields, operations, runOperation, sampleClient } from '../../../shared';
import { call } from '../api';
import { clientInputFields } from '../clientFields';
import { inputField, outputFields } from '../fields';

const perform = (z: ZObject, bundle: Bundle) => {
  const raw = { client_id: bundle.inputData.client_id, ...clientInputFromFields(bundle.inputData) };
  return call(z, bundle, (connection, send) => runOperation(operations.updateClient, connection, raw, send));
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
      inputField(FIELDS.client.id, { search: 'find_client.id' }),
      ...clientInputFields({ emailRequired: false }),
    ],
    perform,
    sample: sampleClient,
    outputFields: outputFields(sampleClient),
  },
};
