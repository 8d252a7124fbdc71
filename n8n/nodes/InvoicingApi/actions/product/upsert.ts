/** Product → Create or Update: shared/operations/upsertProduct.ts (by SKU), on the same form as Create. */
import { operations } from '../../../../../shared';
import type { NodeOperation } from '../common';
import { productInput, productProperties } from './create';

export const upsert: NodeOperation = {
  operation: operations.upsertProduct,
  option: {
    name: 'Create or Update',
    value: 'upsert',
    action: 'Create or update a product',
    description: 'Create a new record, or update the current one if it already exists (upsert)',
  },
  properties: productProperties,
  execute: async (context, i, connection, send) =>
    (await operations.upsertProduct.run(connection, productInput(context, i), send)).product,
};
