import type { Bundle, ZObject } from 'zapier-platform-core';
import { FIELDS, findClientByEmail, sampleClient } from '../../../shared';
import { call } from '../api';
import { inputField, outputFields } from '../fields';

/** A search returns a list: empty means "not found", which lets Find or Create create the client. */
const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, async (connection, send) => {
    const client = await findClientByEmail(connection, bundle.inputData.email, send);
    return client ? [client] : [];
  });

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
