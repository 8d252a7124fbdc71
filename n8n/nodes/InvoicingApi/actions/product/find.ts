/**
 * Product → Find: shared/operations/findProduct.ts, by SKU or name; with Create If Not Found, a SKU that
 * names nothing becomes a product from the Create form (as Zapier's Find or Create Product).
 */
import { FIELDS, operations } from '../../../../../shared';
import { property } from '../../../../editor/properties';
import { param, type NodeOperation } from '../common';
import { productInput, productProperties } from './create';

const { findProduct: operation } = operations;
const { sku, name } = operation.fields;
const { createIfNotFound } = FIELDS.product;
const CREATING = { show: { [createIfNotFound.key]: [true] } };

export const find: NodeOperation = {
  operation,
  option: {
    name: 'Find',
    value: 'find',
    action: 'Find a product',
    description: 'Find a product by SKU or name, and optionally create it if none exists',
  },
  properties: [
    property(sku, { displayOptions: { show: { [createIfNotFound.key]: [false] } } }),
    property(name, { displayOptions: { show: { [createIfNotFound.key]: [false] } } }),
    property(createIfNotFound),
    ...productProperties.map((entry) => ({ ...entry, displayOptions: CREATING })),
  ],
  execute: async (context, i, connection, send) => {
    const creating = param(context, createIfNotFound.key, i, false) === true;
    const given = creating
      ? { ...productInput(context, i), [createIfNotFound.key]: true }
      : { [sku.key]: param(context, sku.key, i), [name.key]: param(context, name.key, i) };
    return (await operation.run(connection, given, send)) ?? [];
  },
};
