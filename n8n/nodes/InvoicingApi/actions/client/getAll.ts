/** Client → Get Many: shared/operations/listClients.ts, page after page. */
import { listAll, operations } from '../../../../../shared';
import { property } from '../../../../editor/properties';
import { getManyOption, listing, listProperties, type NodeOperation } from '../common';

const { listClients: operation } = operations;
const { limit, email } = operation.fields;

export const getAll: NodeOperation = {
  operation,
  option: getManyOption('clients', 'List clients, newest first, optionally filtered by email'),
  properties: listProperties(limit, [property(email)]),
  execute: (context, i, connection, send) => {
    const { max, filters } = listing(context, i, limit);
    return listAll(operation, connection, filters, send, max);
  },
};
