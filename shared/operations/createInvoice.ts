/** Create Invoice: line items for a client (found or created by e-mail), optionally sent on WhatsApp. */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { INVOICE_LABELS, presentInvoice } from '../present';
import { samplePresentedInvoice } from '../samples';
import {
  MAX_DESCRIPTION, MAX_ITEMS, amountInput, booleanInputOrFalse, currencyInput, emailInput, idempotencyKeySchema, optional,
  textInput,
} from '../schemas/primitives';
import { invoiceSchema } from '../schemas/resources';
import { defineOperation, read } from './define';

export const itemInputSchema = z.object({
  description: textInput(MAX_DESCRIPTION),
  amount: amountInput,
}).strict();

/** The body, as the service (and the sandbox) checks it. */
export const createInvoiceInputSchema = z.object({
  client_email: emailInput,
  currency: currencyInput,
  items: z.array(itemInputSchema, {
    required_error: 'must have at least one line item',
    invalid_type_error: 'must be a list of line items, each with a description and an amount',
  })
    .min(1, 'must have at least one line item')
    .max(MAX_ITEMS, `can have at most ${MAX_ITEMS} line items`),
  auto_send_whatsapp: booleanInputOrFalse,
}).strict();

const { invoice, item } = FIELDS;

export const createInvoice = defineOperation({
  method: 'POST',
  path: '/invoices',
  status: 201,
  contract: 'the-invoice-as-sent',
  response: invoiceSchema,
  input: createInvoiceInputSchema.extend({ idempotency_key: optional(idempotencyKeySchema) }),
  bodySchema: createInvoiceInputSchema,
  // Each line's amount as typed ("1,500.00", in the invoice's currency unless Amounts Are In says minor units).
  amounts: { at: ['items.amount'], currency: 'currency' },
  result: (body) => presentInvoice(read(invoiceSchema, body)),
  fields: [invoice.clientEmail, invoice.currency, invoice.items, item.description, item.amount, invoice.amountUnit,
    invoice.autoSendWhatsapp, invoice.idempotencyKey],
  labels: INVOICE_LABELS,
  sample: samplePresentedInvoice,
});

export type CreateInvoiceInput = z.output<typeof createInvoiceInputSchema>;
