/**
 * Create Product: an entry of the account's catalogue, which an invoice line may name instead of spelling
 * its particulars (contract: "The product resource", issue 42).
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { readHsnSac } from '../gst/hsn';
import { gstRateInput, hsnSacInput } from '../gst/inputs';
import { PRODUCT_LABELS, presentProduct } from '../outputs';
import { samplePresentedProduct } from '../samples';
import {
  MAX_DESCRIPTION,
  amountInput,
  currencyInput,
  echo,
  idempotencyKeySchema,
  oneOf,
  optional,
  optionalText,
  textInput,
} from '../schemas/primitives';
import { builtAround } from '../schemas/builtAround';
import { productSchema } from '../schemas/resources';
import { onTheWire } from '../schemas/wire';
import { defineOperation, read } from './define';

export const PRODUCT_KINDS = ['goods', 'service'] as const;
export const MAX_SKU = 64;

/** A SKU as a shop's order carries it: no spaces inside, so a pasted list of two never reads as one SKU. */
export const skuInput = onTheWire(
  textInput(MAX_SKU).superRefine((sku, ctx) => {
    if (/\s/.test(sku)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message:
          `must have no spaces inside (you entered ${echo(sku)}); ` +
          'write it as your shop does, such as TSHIRT-RED-M',
      });
    }
  }),
  { minLength: 1, maxLength: MAX_SKU, pattern: '^\\S+$' },
);

/**
 * CGST Rules 2017 rule 46(g): goods carry an HSN code and services a SAC, so a code of the other kind is a
 * wrong particular; the kind of a code is shared/gst/hsn.ts's reading (a SAC starts 99). The words after
 * the field's label, or undefined when kind and code agree (or either is missing). The service checks an
 * update against the product as it will be.
 */
export function kindCodeProblem(kind: unknown, code: unknown): string | undefined {
  const reading = typeof kind === 'string' && typeof code === 'string' && code ? readHsnSac(code) : undefined;
  if (!reading?.ok || (kind === 'service') === (reading.kind === 'sac')) return undefined;
  return kind === 'service'
    ? `is an HSN code, which is for goods, but Goods or Service is service (you entered ${reading.code}); ` +
        'a service takes a 6-digit SAC starting 99, such as 998314, or set Goods or Service to goods'
    : `is a SAC, which is for services, but Goods or Service is goods (you entered ${reading.code}); ` +
        'goods take an HSN code of 4, 6 or 8 digits such as 8471, or set Goods or Service to service';
}

export function kindMatchesCode(given: { product_type?: string; hsn_sac?: string }, ctx: z.RefinementCtx): void {
  const message = kindCodeProblem(given.product_type, given.hsn_sac);
  if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['hsn_sac'], message });
}

/** kindMatchesCode as docs/openapi.json states it. */
export const KIND_MATCHES_CODE = {
  allOf: [
    {
      if: { properties: { product_type: { const: 'service' } }, required: ['product_type', 'hsn_sac'] },
      then: { properties: { hsn_sac: { pattern: '^99' } } },
    },
    {
      if: { properties: { product_type: { const: 'goods' } }, required: ['product_type', 'hsn_sac'] },
      then: { properties: { hsn_sac: { not: { pattern: '^99' } } } },
    },
  ],
};

export const productShape = {
  name: textInput(200),
  sku: skuInput,
  product_type: oneOf(PRODUCT_KINDS),
  hsn_sac: optional(hsnSacInput),
  gst_rate: optional(gstRateInput),
  unit: optionalText(30),
  unit_price: amountInput,
  currency: currencyInput,
  description: optionalText(MAX_DESCRIPTION),
};

/** The body, as the service (and the sandbox) checks it. */
export const productCreateInputSchema = onTheWire(
  z.object(productShape).strict().superRefine(kindMatchesCode),
  KIND_MATCHES_CODE,
);

const { product, item, invoice } = FIELDS;

/** The form both Create Product and Create or Update Product show. */
export const PRODUCT_FORM = [
  product.name,
  product.sku,
  product.productType,
  product.unitPrice,
  invoice.currency,
  item.hsnSac,
  item.gstRate,
  item.unit,
  product.description,
];

export const createProduct = defineOperation({
  method: 'POST',
  path: '/products',
  status: 201,
  contract: 'the-product-resource',
  response: productSchema,
  input: builtAround(z.object({ ...productShape, idempotency_key: optional(idempotencyKeySchema) }).strict(), (shape) =>
    shape.superRefine(kindMatchesCode),
  ),
  bodySchema: productCreateInputSchema,
  amounts: { at: ['unit_price'], currency: 'currency' },
  result: (body) => presentProduct(read(productSchema, body)),
  fields: [...PRODUCT_FORM, FIELDS.invoice.amountUnit, FIELDS.invoice.idempotencyKey],
  labels: PRODUCT_LABELS,
  sample: samplePresentedProduct,
  display: {
    resource: 'product',
    label: 'Create Product',
    description: 'Creates a product of your catalogue with its SKU, HSN/SAC, GST rate, unit and price.',
    action: 'Create a product',
  },
});

export type ProductCreateInput = z.output<typeof productCreateInputSchema>;
