/** Product → Get: shared/operations/getProduct.ts, archived or not. */
import { operations, runOperation } from '../../../../../shared';
import { locator, locatorId } from '../../../../editor/pickers';
import type { NodeOperation } from '../common';

const { getProduct: operation } = operations;
const { product_id } = operation.fields;

export const get: NodeOperation = {
  operation,
  option: { name: 'Get', value: 'get', action: 'Get a product', description: 'Get a product by its ID' },
  properties: [locator('product', product_id, 'products')],
  execute: (context, i, connection, send) =>
    runOperation(operation, connection, { product_id: locatorId(context, 'product', product_id, i) }, send),
};
