/** Client → Get: shared/operations/getClient.ts. */
import { operations, runOperation } from '../../../../../shared';
import { property } from '../../../../lib/properties';
import { param, type NodeOperation } from '../common';

const { getClient: operation } = operations;
const { client_id } = operation.fields;

export const get: NodeOperation = {
  operation,
  option: { name: 'Get', value: 'get', action: 'Get a client', description: 'Get a client by its ID' },
  properties: [property(client_id)],
  execute: (context, i, connection, send) =>
    runOperation(operation, connection, { client_id: param(context, client_id.key, i) }, send),
};
