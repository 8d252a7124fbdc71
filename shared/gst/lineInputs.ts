/**
 * What a line item and an invoice take for GST (contract: "Quantity, unit and unit price", "GST
 * computation"): the line's own fields, and the two rules that look across fields, checked in a
 * preprocess step so they are named beside every other broken field in one refusal.
 */
import { z } from 'zod';
import { isBlank, optional, textInput } from '../schemas/primitives';
import { gstRateInput, hsnSacInput, quantityInput } from './inputs';

export { placeOfSupplyInput } from './inputs';

/** The line's GST particulars (its amount and unit price are the caller's, as typed or in minor units). */
export const lineGstShape = {
  quantity: optional(quantityInput),
  unit: optional(textInput(30)),
  hsn_sac: optional(hsnSacInput),
  gst_rate: optional(gstRateInput),
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A line is priced by its amount, or by a unit price (times its quantity): exactly one of the two. Keys left
 * empty by an editor's line-item form are dropped, so an empty Amount beside a Unit Price is no conflict.
 */
export function withPricing<S extends z.ZodTypeAny>(line: S) {
  return z.preprocess((raw, ctx) => {
    if (!isObject(raw)) return raw;
    const given = Object.fromEntries(
      Object.entries(raw).filter(([key, value]) => !(isBlank(value) && key !== 'amount' && key !== 'description')),
    );
    const fromProduct = namesProduct(given);
    const priced = given.unit_price !== undefined || given.quantity !== undefined || fromProduct;
    if (priced && isBlank(given.amount)) delete given.amount;
    if (fromProduct) productLineIssues(given, ctx);
    else if (isBlank(given.description)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['description'],
        // Unless the line names a product, whose description (else name) fills it.
        message: 'is required',
      });
    }
    if (fromProduct) {
      // A product's line is priced by its unit price (the product's, or the line's own): productLineIssues says so.
    } else if (priced && given.amount !== undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['amount'],
        message:
          'must be left empty when the line has a unit price ' +
          '(the service computes quantity × unit price); give one of the two',
      });
    } else if (!priced && given.amount === undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.invalid_type,
        expected: 'number',
        received: 'undefined',
        path: ['amount'],
        message: 'is required',
      });
    }
    if (given.quantity !== undefined && given.unit_price === undefined && !fromProduct) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['unit_price'],
        message: 'is required with a quantity: enter the price of one unit, such as 1,250.50',
      });
    }
    return given;
  }, line);
}

/** A line from the catalogue (contract: "A line from a product"): it names a product by ID or by SKU. */
export const namesProduct = (line: Record<string, unknown>): boolean => !isBlank(line.product_id) || !isBlank(line.sku);

/** What only a product's line can get wrong: naming it twice, or an amount the product's price would replace. */
function productLineIssues(given: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (!isBlank(given.product_id) && !isBlank(given.sku)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['sku'],
      message: 'must be left empty when the line names a Catalogue Product: give the product or its SKU, not both',
    });
  }
  if (given.amount !== undefined) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['amount'],
      message:
        "must be left empty when the line names a product (the service prices it by the product's unit price); " +
        'give a Unit Price to charge another price for this order',
    });
  }
}

/**
 * Once any line carries a GST rate the invoice is a tax invoice, and every line needs one. A product's line
 * takes its rate from the product, which only the service reads, so the rule is checked here among the
 * other lines and by the service once the lines are filled.
 */
export function withGstLines<S extends z.ZodTypeAny>(invoice: S) {
  return z.preprocess((raw, ctx) => {
    const items = isObject(raw) && Array.isArray(raw.items) ? raw.items : [];
    const rated = items.map((item) =>
      isObject(item) && namesProduct(item) ? undefined : isObject(item) && !isBlank(item.gst_rate),
    );
    if (rated.some(Boolean)) {
      rated.forEach((hasRate, index) => {
        if (hasRate === false) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ['items', index, 'gst_rate'],
            message: 'is required once any line has a GST rate: choose one, or Non-GST for a line outside GST',
          });
        }
      });
    }
    return raw;
  }, invoice);
}
