/** Create Invoice: line items for a client (found or created by e-mail), optionally sent on WhatsApp. */
import { z } from 'zod';
import { amountUnitInput, convertAmount, inMinorUnits, typedAmountInput } from '../amounts';
import { FIELDS } from '../fields';
import { isKnownCurrency } from '../money';
import { INVOICE_LABELS, presentInvoice } from '../present';
import { samplePresentedInvoice } from '../samples';
import {
  MAX_DESCRIPTION, MAX_ITEMS, amountInput, booleanInputOrFalse, currencyInput, emailInput, idempotencyKeySchema, optional,
  textInput,
} from '../schemas/primitives';
import { invoiceSchema } from '../schemas/resources';
import { defineOperation, read } from './define';
import { validateInput } from '../validation';
import { lineGstShape, placeOfSupplyInput, withGstLines, withPricing } from '../gst/lineInputs';

/** A line: a description and an amount, or a quantity and unit price (contract: "Quantity, unit and unit price"), with optional GST particulars. */
const lineItem = (price: z.ZodTypeAny) => withPricing(z.object({
  description: textInput(MAX_DESCRIPTION),
  amount: price.optional(),
  ...lineGstShape,
  unit_price: optional(price),
}).strict());

export const itemInputSchema = lineItem(amountInput);

const lineItems = (item: z.ZodTypeAny) => z.array(item, {
  required_error: 'must have at least one line item', invalid_type_error: 'must be a list of line items, each with a description and an amount',
}).min(1, 'must have at least one line item').max(MAX_ITEMS, `can have at most ${MAX_ITEMS} line items`);

const invoiceShape = {
  client_email: emailInput,
  currency: currencyInput,
  items: lineItems(itemInputSchema),
  auto_send_whatsapp: booleanInputOrFalse,
  place_of_supply: optional(placeOfSupplyInput),
};

/** The body, as the service (and the sandbox) checks it. */
export const createInvoiceInputSchema = withGstLines(z.object(invoiceShape).strict());

const { invoice, item } = FIELDS;

/**
 * What the editors take: each line's amount as typed ("1,500.00", in the currency's main unit unless
 * Amounts Are In says minor units), converted exactly once the currency is known (shared/amounts.ts).
 */
const typedInput = withGstLines(z.object({
  ...invoiceShape,
  items: lineItems(lineItem(typedAmountInput)),
  amount_unit: amountUnitInput,
  idempotency_key: optional(idempotencyKeySchema),
}).strict().superRefine((given, ctx) => {
  // An unknown currency is refused on its own field; its amounts cannot be read without it.
  if (!isKnownCurrency(given.currency)) return;
  given.items.forEach((line: Record<string, unknown>, index: number) => {
    for (const key of ['amount', 'unit_price']) if (line[key] !== undefined) convertAmount(line, key, given.currency, ctx, ['items', index, key]);
  });
}));

/** Amounts Are In: Minor Units: the wire's own schema, its whole numbers of paise and its words. */
const minorInput = withGstLines(z.object({ ...invoiceShape, amount_unit: amountUnitInput, idempotency_key: optional(idempotencyKeySchema) }).strict());

const defined = defineOperation({
  method: 'POST',
  path: '/invoices',
  status: 201,
  response: invoiceSchema,
  input: typedInput,
  // The typed amounts are converted by now; the wire's own fields, and nothing else, go to the service.
  body: ({ client_email, currency, items, auto_send_whatsapp, place_of_supply }) =>
    ({ client_email, currency, items, auto_send_whatsapp, ...(place_of_supply === undefined ? {} : { place_of_supply }) }),
  bodySchema: createInvoiceInputSchema,
  result: (body) => presentInvoice(read(invoiceSchema, body)),
  fields: [invoice.clientEmail, invoice.currency, invoice.items, item.description, item.amount, item.quantity, item.unit, item.unitPrice,
    item.hsnSac, item.gstRate, invoice.amountUnit, invoice.autoSendWhatsapp, invoice.placeOfSupply, invoice.idempotencyKey],
  labels: INVOICE_LABELS,
  sample: samplePresentedInvoice,
});

export const createInvoice = {
  ...defined,
  validate: (raw: unknown) => validateInput(inMinorUnits(raw) ? minorInput : typedInput, raw ?? {}),
};

export type CreateInvoiceInput = z.output<typeof createInvoiceInputSchema>;
