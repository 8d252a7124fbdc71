/**
 * Create or Update Product by SKU (contract: a connector operation built from find + create/patch, as
 * upsertClient is by e-mail). A create that loses a race (409 product_exists) falls back to the update.
 */
import { ApiError } from '../errors';
import type { PresentedProduct } from '../outputs';
import { createProduct } from './createProduct';
import { runOperation, type Connection, type Send } from './define';
import { productBySku } from './findProduct';
import { getProduct } from './getProduct';
import { updateProduct } from './updateProduct';

async function run(
  connection: Connection,
  raw: unknown,
  send: Send,
): Promise<{ product: PresentedProduct; created: boolean }> {
  // Validated as a create (every required field), so a new SKU never fails halfway after the lookup.
  const { idempotency_key: _key, ...input } = createProduct.validate(raw) as ReturnType<
    typeof createProduct.validate
  > & {
    amount_unit?: string;
  };
  const update = async (productId: string) => {
    const { sku: _sku, currency: _currency, amount_unit: _unit, ...changes } = input;
    const hasChanges = Object.values(changes).some((value) => value !== undefined);
    // The price is already in minor units here: the update is sent as such.
    const product = hasChanges
      ? await runOperation(updateProduct, connection, { product_id: productId, ...changes, amount_unit: 'minor' }, send)
      : await runOperation(getProduct, connection, { product_id: productId }, send);
    return { product, created: false };
  };
  const existing = await productBySku(connection, input.sku, send);
  if (existing) return update(existing.id);
  try {
    return {
      product: await runOperation(createProduct, connection, { ...input, amount_unit: 'minor' }, send),
      created: true,
    };
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'product_exists')) throw error;
    const raced = await productBySku(connection, input.sku, send);
    if (!raced) throw error;
    return update(raced.id);
  }
}

export const upsertProduct = {
  input: createProduct.input,
  fields: createProduct.fields,
  labels: createProduct.labels,
  sample: createProduct.sample,
  run,
};
