/** Client → Create or Update: shared/operations/upsertClient.ts, on the same form as Create. */
import { operations } from '../../../../../shared';
import type { NodeOperation } from '../common';
import { clientInput, clientProperties } from './create';

export const upsert: NodeOperation = {
  operation: operations.upsertClient,
  option: {
    name: 'Create or Update',
    value: 'upsert',
    action: 'Create or update a client',
    description: 'Create a new record, or update the current one if it already exists (upsert)',
  },
  properties: clientProperties,
  execute: async (context, i, connection, send) =>
    (await operations.upsertClient.run(connection, clientInput(context, i), send)).client,
};
