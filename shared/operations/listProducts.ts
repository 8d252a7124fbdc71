/** List Products: the catalogue, newest first; archived products only when asked (contract: "Products: list…"). */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { PRODUCT_LABELS, presentProduct } from '../outputs';
import { samplePresentedProduct } from '../samples';
import { booleanInputOrFalse, listQuery, optional, optionalText } from '../schemas/primitives';
import { listPageSchema, productSchema } from '../schemas/resources';
import { skuInput } from './createProduct';
import { defineOperation, presentedPage } from './define';

/** The query, as the service (and the sandbox) checks it. */
export const listProductsQuerySchema = z
  .object({
    ...listQuery,
    sku: optional(skuInput),
    search: optionalText(100),
    archived: optional(booleanInputOrFalse),
  })
  .strict();

export const listProducts = defineOperation({
  method: 'GET',
  path: '/products',
  status: 200,
  contract: 'products-list-find-create-or-update-by-sku',
  response: listPageSchema(productSchema),
  input: listProductsQuerySchema,
  result: presentedPage(productSchema, presentProduct),
  fields: [FIELDS.list.limit, FIELDS.product.sku, FIELDS.product.search, FIELDS.product.archivedOnly],
  labels: PRODUCT_LABELS,
  sample: { object: 'list' as const, data: [samplePresentedProduct], has_more: false },
});

export type ListProductsQuery = z.output<typeof listProductsQuerySchema>;
