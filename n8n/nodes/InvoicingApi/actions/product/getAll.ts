/** Product → Get Many: shared/operations/listProducts.ts, page after page. */
import { listAll, operations } from '../../../../../shared';
import { property } from '../../../../editor/properties';
import { getManyOption, listing, listProperties, type NodeOperation } from '../common';

const { listProducts: operation } = operations;
const { limit, sku, search, archived } = operation.fields;

export const getAll: NodeOperation = {
  operation,
  option: getManyOption('products', 'List the products of your catalogue, newest first, optionally filtered'),
  properties: listProperties(limit, [property(sku), property(search), property(archived)]),
  execute: (context, i, connection, send) => {
    const { max, filters } = listing(context, i, limit);
    return listAll(operation, connection, filters, send, max);
  },
};
