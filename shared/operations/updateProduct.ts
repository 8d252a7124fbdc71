/**
 * Update Product: the given fields change, blank ones keep their value; Archived archives or restores.
 * The price is in the product's own currency, which is read first (a product's currency is fixed at create).
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { gstRateInput, hsnSacInput } from '../gst/inputs';
import { PRODUCT_LABELS, presentProduct } from '../outputs';
import { samplePresentedProduct } from '../samples';
import { amountInput, booleanInputOrFalse, oneOf, optional } from '../schemas/primitives';
import { builtAround } from '../schemas/builtAround';
import { productSchema } from '../schemas/resources';
import { onTheWire } from '../schemas/wire';
import { KIND_MATCHES_CODE, PRODUCT_FORM, PRODUCT_KINDS, kindMatchesCode, productShape } from './createProduct';
import { defineOperation, read } from './define';
import { getProduct, productIdSchema } from './getProduct';

const { currency: _currency, ...changeable } = productShape;
const changes = {
  ...changeable,
  name: optional(productShape.name),
  sku: optional(productShape.sku),
  product_type: optional(oneOf(PRODUCT_KINDS)),
  hsn_sac: optional(hsnSacInput),
  gst_rate: optional(gstRateInput),
  unit_price: optional(amountInput),
  archived: optional(booleanInputOrFalse),
};
const hasChange = (input: Record<string, unknown>) =>
  Object.entries(input).some(([key, value]) => key !== 'product_id' && key !== 'amount_unit' && value !== undefined);
const NOTHING_TO_CHANGE = {
  message:
    'Give at least one field to change: name, SKU, goods or service, price, HSN/SAC, GST rate, unit, ' +
    'description or archived',
};

/** The body, as the service (and the sandbox) checks it. */
export const productUpdateInputSchema = onTheWire(
  z.object(changes).strict().superRefine(kindMatchesCode).refine(hasChange, NOTHING_TO_CHANGE),
  { ...KIND_MATCHES_CODE, minProperties: 1 },
);

const { product } = FIELDS;

export const updateProduct = defineOperation({
  method: 'PATCH',
  path: '/products/{product_id}',
  status: 200,
  contract: 'the-product-resource',
  response: productSchema,
  input: builtAround(z.object({ product_id: productIdSchema, ...changes }).strict(), (shape) =>
    shape.superRefine(kindMatchesCode).refine(hasChange, NOTHING_TO_CHANGE),
  ),
  bodySchema: productUpdateInputSchema,
  amounts: { at: ['unit_price'], currency: { from: getProduct, key: 'product_id' } },
  result: (body) => presentProduct(read(productSchema, body)),
  fields: [
    product.id,
    ...PRODUCT_FORM.filter((spec) => spec !== FIELDS.invoice.currency),
    product.archived,
    FIELDS.invoice.amountUnit,
  ],
  labels: PRODUCT_LABELS,
  sample: samplePresentedProduct,
  display: {
    resource: 'product',
    label: 'Update Product',
    description:
      'Updates a product of your catalogue (Archived takes it out of the pickers); fields left empty keep their value.',
    action: 'Update a product',
  },
});

export type ProductUpdateInput = z.output<typeof productUpdateInputSchema>;
