/** The catalogue's endpoints (contract: "The product resource", "Products: list, find, create or update by SKU"). */
import {
  listProductsQuerySchema,
  operations,
  productCreateInputSchema,
  productUpdateInputSchema,
  validateInput,
} from '../../shared';
import { createProduct, productOr404, updateProduct } from '../domain/products';
import { referenceKey } from '../storage/collections';
import { containsWords } from '../storage/documentFilters';
import { listPage } from './listPage';
import type { Router } from './router';

export function productRoutes(router: Router): void {
  const { createProduct: create, getProduct, updateProduct: update, listProducts } = operations;
  router
    .on(create.method, create.route, (req, ctx) => ({
      status: 201,
      body: createProduct(ctx, validateInput(productCreateInputSchema, req.body)),
    }))
    .on(getProduct.method, getProduct.route, (req, ctx) => ({
      status: 200,
      body: productOr404(ctx, req.params.product_id),
    }))
    .on(update.method, update.route, (req, ctx) => {
      const product = productOr404(ctx, req.params.product_id);
      return { status: 200, body: updateProduct(ctx, product, validateInput(productUpdateInputSchema, req.body)) };
    })
    .on(listProducts.method, listProducts.route, (req, ctx) => {
      const query = validateInput(listProductsQuerySchema, req.query);
      // A SKU names one product, archived or not; otherwise archived ones only when asked.
      const archived = query.sku === undefined ? (query.archived ? 1 : 0) : undefined;
      const where = {
        sku: query.sku === undefined ? undefined : (referenceKey(query.sku) as string),
        archived,
        ...containsWords(['name', 'sku', 'description'], query.search),
      };
      return { status: 200, body: listPage(ctx.data.products, query, where, (p) => p) };
    });
}
