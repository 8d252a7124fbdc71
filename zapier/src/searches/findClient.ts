import type { Bundle, ZObject } from 'zapier-platform-core';
import { FIELDS, findClientByEmail, sampleClient } from '../../../shared';
import { call, searchResult } from '../api';
import { inputField, outputFields } from '../fields';

const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, (connection, send) => searchResult(findClientByEmail(connection, bundle.inputData.email, send)));

export const findClient = {
  key: 'find_client',
  noun: 'Client',
  display: {
    label: 'Find Client',
    description: 'Finds a client by e-mail address.',
  },
  operation: {
    inputFields: [inputField(FIELDS.client.email)],
    perform,
    sample: sampleClient,
    outputFields: outputFields(sampleClient),
  },
};
