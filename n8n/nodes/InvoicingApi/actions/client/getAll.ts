/** Client → Get Many: shared/operations/listClients.ts, page after page. */
import { listAll, operations } from '../../../../../shared';
import { property } from '../../../../editor/properties';
import { listProperties, listing, type NodeOperation } from '../common';

const { listClients: operation } = operations;
const { limit, email } = operation.fields;

export const getAll: NodeOperation = {
  operation,
  option: {
    name: 'Get Many',
    value: 'getAll',
    action: 'Get many clients',
    description: 'List clients, newest first, optionally filtered by email',
  },
  properties: listProperties(limit, [property(email)]),
  execute: (context, i, connection, send) => {
    const { max, filters } = listing(context, i, limit);
    return listAll(operation, connection, filters, send, max);
  },
};
