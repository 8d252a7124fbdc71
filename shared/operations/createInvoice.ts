/** Create Invoice: line items for a client (found or created by e-mail), optionally sent on WhatsApp. */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { lineGstShape, placeOfSupplyInput, withGstLines, withPricing } from '../gst/lineInputs';
import { PAYMENT_TERMS_KEYS, calendarDateInput, dueDateNotPast } from '../dueDates';
import { INVOICE_LABELS, presentInvoice } from '../outputs';
import { samplePresentedTaxInvoice } from '../samples';
import {
  MAX_DESCRIPTION,
  MAX_ITEMS,
  amountInput,
  booleanInputOrFalse,
  currencyInput,
  emailInput,
  idempotencyKeySchema,
  oneOf,
  optional,
  textInput,
} from '../schemas/primitives';
import { builtAround } from '../schemas/builtAround';
import { invoiceSchema } from '../schemas/resources';
import { onTheWire } from '../schemas/wire';
import { given } from '../schemas/wireKeywords';
import { skuInput } from './createProduct';
import { defineOperation, read } from './define';
import { productIdSchema } from './getProduct';

/**
 * A line: a description and an amount, or a quantity and unit price (contract: "Quantity, unit and unit
 * price"), with optional GST particulars.
 */
export const itemInputSchema = onTheWire(
  builtAround(
    z
      .object({
        description: optional(textInput(MAX_DESCRIPTION)),
        amount: amountInput.optional(),
        ...lineGstShape,
        unit_price: optional(amountInput),
        // Issue 42: a line from the catalogue (contract: "A line from a product").
        product_id: optional(productIdSchema),
        sku: optional(skuInput),
      })
      .strict(),
    withPricing,
  ),
  // withPricing's rules: a product's line by its ID or SKU (not both), priced by unit price, so never an amount;
  // any other line has a description, and an amount or a unit price (with or without a quantity), never both.
  {
    not: given('product_id', 'sku'),
    if: { anyOf: [given('product_id'), given('sku')] },
    then: { not: given('amount') },
    else: {
      required: ['description'],
      dependentRequired: { quantity: ['unit_price'] },
      if: given('unit_price'),
      then: { not: given('amount') },
      else: given('amount'),
    },
  },
);

/** Built around its line so typed amounts can build the list again around a typed line (builtAround). */
const itemsOf = (item: z.ZodTypeAny) =>
  z
    .array(item, {
      required_error: 'must have at least one line item',
      invalid_type_error: 'must be a list of line items, each with a description and an amount',
    })
    .min(1, 'must have at least one line item')
    .max(MAX_ITEMS, `can have at most ${MAX_ITEMS} line items`);

const invoiceShape = {
  client_email: emailInput,
  currency: currencyInput,
  items: onTheWire(
    builtAround(itemInputSchema, itemsOf),
    // withGstLines: once one line has a GST rate, every line has one (never a line with and one without).
    { not: { allOf: [{ contains: given('gst_rate') }, { contains: { not: given('gst_rate') } }] } },
  ),
  auto_send_whatsapp: booleanInputOrFalse,
  place_of_supply: optional(placeOfSupplyInput),
  // Today or later by the service's clock (India): no keyword reads a clock, so `x-rule` names it.
  due_date: onTheWire(optional(calendarDateInput), { 'x-rule': 'not-before-today' }),
  payment_terms: optional(oneOf(PAYMENT_TERMS_KEYS)),
};

/** A due date or payment terms, not both (docs/api-contract.md, "Dates, the time zone and the due date"). */
export function dueDateOrTerms(given: { due_date?: string; payment_terms?: string }, ctx: z.RefinementCtx): void {
  if (given.due_date && given.payment_terms) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['payment_terms'],
      message: 'takes a due date or payment terms, not both: leave one of them empty',
    });
  }
}

/** The body, as the service (and the sandbox) checks it. */
export const createInvoiceInputSchema = onTheWire(
  withGstLines(z.object(invoiceShape).strict()).superRefine(dueDateOrTerms),
  { not: given('due_date', 'payment_terms') },
);

const { invoice, item } = FIELDS;

export const createInvoice = defineOperation({
  method: 'POST',
  path: '/invoices',
  status: 201,
  contract: 'the-invoice-as-sent',
  response: invoiceSchema,
  input: builtAround(
    z.object({ ...invoiceShape, idempotency_key: optional(idempotencyKeySchema) }).strict(),
    (invoice) =>
      withGstLines(invoice)
        .superRefine(dueDateOrTerms)
        // The editors' input only: the wire's schema (bodySchema) leaves "today" to the service's own clock.
        .superRefine(dueDateNotPast),
  ),
  bodySchema: createInvoiceInputSchema,
  // Each line's amount or unit price as typed ("1,500.00",
  // in the invoice's currency unless Amounts Are In says minor units).
  amounts: { at: ['items.amount', 'items.unit_price'], currency: 'currency' },
  result: (body) => presentInvoice(read(invoiceSchema, body)),
  fields: [
    invoice.clientEmail,
    invoice.currency,
    invoice.items,
    item.product,
    item.sku,
    item.description,
    item.amount,
    item.quantity,
    item.unit,
    item.unitPrice,
    item.hsnSac,
    item.gstRate,
    invoice.amountUnit,
    invoice.dueDate,
    invoice.paymentTerms,
    invoice.autoSendWhatsapp,
    invoice.placeOfSupply,
    invoice.idempotencyKey,
  ],
  labels: INVOICE_LABELS,
  sample: samplePresentedTaxInvoice,
});

export type CreateInvoiceInput = z.output<typeof createInvoiceInputSchema>;
