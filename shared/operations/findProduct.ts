/**
 * Find Product by SKU or name (contract: "Products: list, find, create or update by SKU"); undefined when
 * there is none. With Create If Not Found (n8n; Zapier pairs the search with Create Product itself) a SKU
 * that names nothing becomes a product from the create fields given beside it.
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { PRODUCT_LABELS, type PresentedProduct } from '../outputs';
import { samplePresentedProduct } from '../samples';
import { booleanInputOrFalse, optional, optionalText } from '../schemas/primitives';
import { validateGiven } from '../validation';
import { PRODUCT_FORM, createProduct, skuInput } from './createProduct';
import { fieldsOf, runOperation, type Connection, type Send } from './define';
import { sameText } from './findClient';
import { listProducts } from './listProducts';

/** SKUs compare as the service compares them: without case and without the spaces around them. */
export const sameSku = sameText;

const input = z
  .object({
    sku: optional(skuInput),
    name: optionalText(200),
    create_if_not_found: optional(booleanInputOrFalse),
  })
  .passthrough()
  .refine((given) => given.sku !== undefined || given.name !== undefined, {
    path: ['sku'],
    message: 'is required (such as TSHIRT-RED-M), or a Product Name instead',
  });

/** For callers holding an already valid SKU (the upsert, a line's check). Archived products count: a SKU names one. */
export async function productBySku(connection: Connection, sku: string, send: Send) {
  const page = await runOperation(listProducts, connection, { sku, limit: 1 }, send);
  return page.data.find((product) => sameSku(product.sku, sku));
}

/** The newest active product whose name is the one asked, ignoring case. */
async function productByName(connection: Connection, name: string, send: Send) {
  const page = await runOperation(listProducts, connection, { search: name, limit: 100 }, send);
  return page.data.find((product) => sameText(product.name, name));
}

async function run(connection: Connection, raw: unknown, send: Send): Promise<PresentedProduct | undefined> {
  const given = validateGiven(input, raw ?? {});
  const found = given.sku
    ? await productBySku(connection, given.sku, send)
    : await productByName(connection, given.name as string, send);
  if (found || !given.create_if_not_found) return found;
  const { create_if_not_found: _create, ...fields } = given;
  return runOperation(createProduct, connection, fields, send);
}

const { product } = FIELDS;

export const findProduct = {
  input,
  // Create If Not Found is n8n's own switch (Zapier pairs the search with Create Product instead).
  fields: fieldsOf(input, [product.sku, product.name]),
  /** What Create If Not Found creates from, beside the SKU and name. */
  createFields: PRODUCT_FORM,
  labels: PRODUCT_LABELS,
  sample: samplePresentedProduct,
  run,
};
