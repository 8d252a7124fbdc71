/** Client → Get: shared/operations/getClient.ts. */
import { operations, runOperation } from '../../../../../shared';
import { locator, locatorId } from '../../../../editor/pickers';
import type { NodeOperation } from '../common';

const { getClient: operation } = operations;
const { client_id } = operation.fields;

export const get: NodeOperation = {
  operation,
  option: { name: 'Get', value: 'get', action: 'Get a client', description: 'Get a client by its ID' },
  properties: [locator('client', client_id, 'clients')],
  execute: (context, i, connection, send) =>
    runOperation(operation, connection, { client_id: locatorId(context, 'client', client_id, i) }, send),
};
