import { operations } from '../../../shared';
import { searchAction } from '../action';

/** Find only: Zapier's Find or Create Product pairs it with Create Product (zapier/src/index.ts). */
export const findProduct = searchAction(operations.findProduct, {
  key: 'find_product',
  noun: 'Product',
  label: 'Find Product',
  description: 'Finds a product of your catalogue by SKU (any case) or by name.',
  input: (inputData) => ({ sku: inputData.sku, name: inputData.name }),
});
