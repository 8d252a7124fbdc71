import type { Bundle, ZObject } from 'zapier-platform-core';
import { clientInputFromFields, operations, runOperation, sampleClient } from '../../../shared';
import { call } from '../api';
import { clientInputFields } from '../clientFields';
import { outputFields } from '../fields';

const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, (connection, send) =>
    runOperation(operations.createClient, connection, clientInputFromFields(bundle.inputData), send));

export const createClient = {
  key: 'create_client',
  noun: 'Client',
  display: {
    label: 'Create Client',
    description: 'Creates a client with contact details, a WhatsApp number and a billing address.',
  },
  operation: {
    inputFields: clientInputFields({ emailRequired: true }),
    perform,
    sample: sampleClient,
    outputFields: outputFields(sampleClient),
  },
};
