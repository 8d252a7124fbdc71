/** Client → Update: shared/operations/updateClient.ts; fields left out keep their value. */
import type { IDataObject } from 'n8n-workflow';

import { clientInputFromFields, operations, runOperation } from '../../../../../shared';
import { locator, locatorId } from '../../../../editor/pickers';
import { property } from '../../../../editor/properties';
import { ADD_FIELD, param, UPDATE_FIELDS, type NodeOperation } from '../common';

const { updateClient: operation } = operations;
const { client_id, ...changes } = operation.fields;

export const update: NodeOperation = {
  operation,
  option: { name: 'Update', value: 'update', action: 'Update a client', description: 'Change the details of a client' },
  properties: [
    locator('client', client_id, 'clients'),
    {
      displayName: UPDATE_FIELDS,
      name: 'updateFields',
      type: 'collection',
      placeholder: ADD_FIELD,
      default: {},
      options: Object.values(changes).map((spec) => property(spec)),
    },
  ],
  execute: (context, i, connection, send) =>
    runOperation(
      operation,
      connection,
      {
        client_id: locatorId(context, 'client', client_id, i),
        ...clientInputFromFields((param(context, 'updateFields', i, {}) as IDataObject) ?? {}),
      },
      send,
    ),
};
