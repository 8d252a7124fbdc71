/** Create Invoice: line items for a client (found or created by e-mail), optionally sent on WhatsApp. */
import { z } from 'zod';
import { amountUnitInput, convertAmount, inMinorUnits, typedAmountInput } from '../amounts';
import { FIELDS } from '../fields';
import { PAYMENT_TERMS_KEYS, calendarDateInput } from '../dueDates';
import { isKnownCurrency } from '../money';
import { INVOICE_LABELS, presentInvoice } from '../present';
import { samplePresentedInvoice } from '../samples';
import {
  MAX_DESCRIPTION, MAX_ITEMS, amountInput, booleanInputOrFalse, currencyInput, emailInput, idempotencyKeySchema, oneOf, optional,
  textInput,
} from '../schemas/primitives';
import { invoiceSchema } from '../schemas/resources';
import { defineOperation, read } from './define';
import { validateInput } from '../validation';

export const itemInputSchema = z.object({
  description: textInput(MAX_DESCRIPTION),
  amount: amountInput,
}).strict();

/** The body, as the service (and the sandbox) checks it. */
export const createInvoiceInputSchema = z.object({
  client_email: emailInput,
  currency: currencyInput,
  items: z.array(itemInputSchema, { required_error: 'must have at least one line item', invalid_type_error: 'must be a list of line items, each with a description and an amount' })
    .min(1, 'must have at least one line item')
    .max(MAX_ITEMS, `can have at most ${MAX_ITEMS} line items`),
  auto_send_whatsapp: booleanInputOrFalse,
  due_date: optional(calendarDateInput),
  payment_terms: optional(oneOf(PAYMENT_TERMS_KEYS)),
}).strict();

/** A due date or payment terms, not both (docs/api-contract.md, "Dates, the time zone and the due date"). */
export function dueDateOrTerms(given: { due_date?: string; payment_terms?: string }, ctx: z.RefinementCtx): void {
  if (given.due_date && given.payment_terms) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['payment_terms'], message: 'takes a due date or payment terms, not both: leave one of them empty' });
  }
}

const { invoice, item } = FIELDS;

/**
 * What the editors take: each line's amount as typed ("1,500.00", in the currency's main unit unless
 * Amounts Are In says minor units), converted exactly once the currency is known (shared/amounts.ts).
 */
const typedInput = createInvoiceInputSchema.extend({
  items: z.array(itemInputSchema.extend({ amount: typedAmountInput }), {
    required_error: 'must have at least one line item', invalid_type_error: 'must be a list of line items, each with a description and an amount',
  }).min(1, 'must have at least one line item').max(MAX_ITEMS, `can have at most ${MAX_ITEMS} line items`),
  amount_unit: amountUnitInput,
  idempotency_key: optional(idempotencyKeySchema),
}).superRefine((given, ctx) => {
  dueDateOrTerms(given, ctx);
  // An unknown currency is refused on its own field; its amounts cannot be read without it.
  if (!isKnownCurrency(given.currency)) return;
  given.items.forEach((line, index) =>
    convertAmount(line, 'amount', given.currency, ctx, ['items', index, 'amount']));
});

/** Amounts Are In: Minor Units: the wire's own schema, its whole numbers of paise and its words. */
const minorInput = createInvoiceInputSchema.extend({ amount_unit: amountUnitInput, idempotency_key: optional(idempotencyKeySchema) }).superRefine(dueDateOrTerms);

const defined = defineOperation({
  method: 'POST',
  path: '/invoices',
  status: 201,
  response: invoiceSchema,
  input: typedInput,
  // The typed amounts are converted by now; the wire's own fields, and nothing else, go to the service.
  body: ({ client_email, currency, items, auto_send_whatsapp, due_date, payment_terms }) =>
    ({ client_email, currency, items, auto_send_whatsapp, ...(due_date ? { due_date } : {}), ...(payment_terms ? { payment_terms } : {}) }),
  bodySchema: createInvoiceInputSchema,
  result: (body) => presentInvoice(read(invoiceSchema, body)),
  fields: [invoice.clientEmail, invoice.currency, invoice.items, item.description, item.amount, invoice.amountUnit,
    invoice.dueDate, invoice.paymentTerms, invoice.autoSendWhatsapp, invoice.idempotencyKey],
  labels: INVOICE_LABELS,
  sample: samplePresentedInvoice,
});

export const createInvoice = {
  ...defined,
  validate: (raw: unknown) => validateInput(inMinorUnits(raw) ? minorInput : typedInput, raw ?? {}),
};

export type CreateInvoiceInput = z.output<typeof createInvoiceInputSchema>;
