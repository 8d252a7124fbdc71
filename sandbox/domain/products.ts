/**
 * The catalogue (contract: "The product resource"): one product per SKU in the account, compared without
 * case and surrounding spaces; archiving keeps a product (and its SKU) for the invoices that used it.
 */
import { type Product, type ProductCreateInput, fieldLabel, kindCodeProblem } from '../../shared';
import { newId } from '../storage/ids';
import { isoNow } from '../storage/records';
import { referenceKey } from '../storage/collections';
import type { Context } from './context';
import { recordEvent } from './eventLog';
import { Problem, orNotFound } from './problems';

/** The product a SKU names in this account, archived or not (a SKU names one product for good). */
export function productBySku(ctx: Context, sku: string): Product | undefined {
  return ctx.data.products.findOne({ sku: referenceKey(sku) as string });
}

function skuTaken(ctx: Context, sku: string, except?: string): void {
  const existing = productBySku(ctx, sku);
  if (existing && existing.id !== except) {
    throw new Problem(
      409,
      'product_exists',
      `A product with the SKU ${existing.sku} already exists (${existing.id}); update that product instead.`,
      [{ param: 'sku', message: `${fieldLabel('sku')} ${sku} already belongs to product ${existing.id}` }],
    );
  }
}

/** An update is checked against the product as it will be: a new code for the old kind, or the other way round. */
function kindMatchesCode(product: Product): void {
  const problem = kindCodeProblem(product.product_type, product.hsn_sac);
  if (problem) {
    const message = `${fieldLabel('hsn_sac')} ${problem}`;
    throw new Problem(422, 'validation_failed', message, [{ param: 'hsn_sac', message }]);
  }
}

export function createProduct(ctx: Context, input: ProductCreateInput): Product {
  skuTaken(ctx, input.sku);
  const now = isoNow();
  const product: Product = {
    id: newId('prod'),
    object: 'product',
    ...input,
    archived: false,
    created_at: now,
    updated_at: now,
  };
  ctx.data.store.transaction(() => {
    ctx.data.products.insert(product);
    recordEvent(ctx, 'product.created', { product });
  });
  return product;
}

/**
 * The product after `changes` (undefined ones stay), with `product.updated` carrying the old value of every
 * field that moved; unchanged, it is answered as it is and nothing is emitted (as a client's update).
 */
export function updateProduct(ctx: Context, product: Product, input: Record<string, unknown>): Product {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (typeof changes.sku === 'string') skuTaken(ctx, changes.sku, product.id);
  const moved = Object.keys(changes).filter(
    (key) => JSON.stringify(product[key] ?? null) !== JSON.stringify(changes[key]),
  );
  if (!moved.length) return product;
  const updated: Product = { ...product, ...changes, updated_at: isoNow() };
  kindMatchesCode(updated);
  const previous = Object.fromEntries(moved.map((key) => [key, product[key] ?? null]));
  ctx.data.store.transaction(() => {
    ctx.data.products.replace(updated);
    recordEvent(ctx, 'product.updated', { product: updated, previous_attributes: previous });
  });
  return updated;
}

export const productOr404 = (ctx: Context, id: string): Product => orNotFound(ctx.data.products.get(id), 'product', id);
