/** Inputs a user (or a workflow) gives us: strict, so nothing unexpected is sent. */
import { z } from 'zod';
import { EVENT_TYPES } from './events';
import {
  MAX_DESCRIPTION, MAX_ITEMS, amountInput, blankToUndefined, booleanInputOrFalse, countryInput, currencyInput,
  emailInput, idInput, idempotencyKeyInput, limitInput, optionalText, phoneInput, textInput,
} from './primitives';

export const itemInputSchema = z.object({
  description: textInput(MAX_DESCRIPTION),
  amount: amountInput,
}).strict();

export const createInvoiceInputSchema = z.object({
  client_email: emailInput,
  currency: currencyInput,
  items: z.array(itemInputSchema, { required_error: 'must have at least one line item', invalid_type_error: 'must be a list of line items, each with a description and an amount' })
    .min(1, 'must have at least one line item')
    .max(MAX_ITEMS, `can have at most ${MAX_ITEMS} line items`),
  auto_send_whatsapp: booleanInputOrFalse,
}).strict();

const addressInput = z.object({
  line1: textInput(200),
  line2: optionalText(200),
  city: textInput(100),
  state: optionalText(100),
  postal_code: textInput(20),
  country: countryInput,
}).strict();

const clientFields = {
  email: emailInput,
  name: optionalText(200),
  phone: z.preprocess(blankToUndefined, phoneInput.optional()),
  company: optionalText(200),
  tax_id: optionalText(50),
  address: addressInput.optional(),
};

export const clientCreateInputSchema = z.object(clientFields).strict();

export const clientUpdateInputSchema = z.object({
  ...clientFields,
  email: z.preprocess(blankToUndefined, emailInput.optional()),
}).strict().refine((input) => Object.values(input).some((value) => value !== undefined), {
  message: 'Give at least one field to change: email, name, phone, company, tax ID or address',
});

export const invoiceIdSchema = idInput('inv_');
export const clientIdSchema = idInput('cli_');
export const webhookIdSchema = idInput('we_');
export const idempotencyKeySchema = idempotencyKeyInput;

const listQuery = {
  limit: z.preprocess(blankToUndefined, limitInput.optional()),
  starting_after: z.preprocess(blankToUndefined, z.string().optional()),
};

export const invoiceStatusInput = z.enum(['open', 'viewed', 'partially_paid', 'paid', 'disputed'], {
  errorMap: () => ({ message: 'must be one of open, viewed, partially_paid, paid, disputed' }),
});

export const listInvoicesQuerySchema = z.object({
  ...listQuery,
  status: z.preprocess(blankToUndefined, invoiceStatusInput.optional()),
  client_email: z.preprocess(blankToUndefined, emailInput.optional()),
  number: optionalText(50),
}).strict();

export const listClientsQuerySchema = z.object({
  ...listQuery,
  email: z.preprocess(blankToUndefined, emailInput.optional()),
}).strict();

export const eventTypeInput = z.enum(EVENT_TYPES, {
  errorMap: () => ({ message: `must be one of ${EVENT_TYPES.join(', ')}` }),
});

export const listEventsQuerySchema = z.object({
  ...listQuery,
  type: z.preprocess(blankToUndefined, eventTypeInput.optional()),
}).strict();

export const webhookCreateInputSchema = z.object({
  url: z.string().url('must be a full URL such as https://hooks.example.com/invoices')
    .refine((url) => /^https?:\/\//i.test(url), 'must start with https:// (or http:// for a local receiver)'),
  events: z.array(eventTypeInput).min(1, 'needs at least one event type'),
  description: optionalText(200),
}).strict();

export type ItemInput = z.output<typeof itemInputSchema>;
export type CreateInvoiceInput = z.output<typeof createInvoiceInputSchema>;
export type ClientCreateInput = z.output<typeof clientCreateInputSchema>;
export type ClientUpdateInput = z.output<typeof clientUpdateInputSchema>;
export type ListInvoicesQuery = z.output<typeof listInvoicesQuerySchema>;
export type ListClientsQuery = z.output<typeof listClientsQuerySchema>;
export type ListEventsQuery = z.output<typeof listEventsQuerySchema>;
export type WebhookCreateInput = z.output<typeof webhookCreateInputSchema>;
