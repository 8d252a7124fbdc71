/** Get Product: one product by its ID, archived or not (contract: "The product resource"). */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { PRODUCT_LABELS, presentProduct } from '../outputs';
import { samplePresentedProduct } from '../samples';
import { idInput } from '../schemas/primitives';
import { productSchema } from '../schemas/resources';
import { ID_PREFIX } from '../service';
import { defineOperation, read } from './define';

export const productIdSchema = idInput(ID_PREFIX.product);

export const getProduct = defineOperation({
  method: 'GET',
  path: '/products/{product_id}',
  status: 200,
  contract: 'the-product-resource',
  response: productSchema,
  input: z.object({ product_id: productIdSchema }).strict(),
  result: (body) => presentProduct(read(productSchema, body)),
  fields: [FIELDS.product.id],
  labels: PRODUCT_LABELS,
  sample: samplePresentedProduct,
});
