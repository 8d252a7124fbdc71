/**
 * Webhook events: the spec's three occasions plus the client-sync and invoice-created events, in the
 * envelope the contract decides.
 */
import { z } from 'zod';
import { clientSchema, invoiceSchema, paymentSchema } from './resources';

const INVOICE_EVENT_TYPES = ['invoice.created', 'invoice.viewed', 'invoice.paid', 'invoice.disputed'] as const;
const CLIENT_EVENT_TYPES = ['client.created', 'client.updated'] as const;
export const EVENT_TYPES = [...INVOICE_EVENT_TYPES, ...CLIENT_EVENT_TYPES] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const envelope = {
  id: z.string().min(1),
  created_at: z.string().min(1),
  livemode: z.boolean(),
};

const viewSchema = z
  .object({
    viewed_at: z.string(),
    channel: z.string(),
  })
  .passthrough();

const disputeSchema = z
  .object({
    id: z.string(),
    reason: z.string(),
    note: z.string().nullish(),
    opened_at: z.string(),
  })
  .passthrough();

export const invoiceCreatedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('invoice.created'),
    data: z.object({ invoice: invoiceSchema }).passthrough(),
  })
  .passthrough();

export const invoiceViewedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('invoice.viewed'),
    data: z.object({ invoice: invoiceSchema, view: viewSchema }).passthrough(),
  })
  .passthrough();

export const invoicePaidEventSchema = z
  .object({
    ...envelope,
    type: z.literal('invoice.paid'),
    data: z.object({ invoice: invoiceSchema, payment: paymentSchema }).passthrough(),
  })
  .passthrough();

export const invoiceDisputedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('invoice.disputed'),
    data: z.object({ invoice: invoiceSchema, dispute: disputeSchema }).passthrough(),
  })
  .passthrough();

export const clientCreatedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('client.created'),
    data: z.object({ client: clientSchema }).passthrough(),
  })
  .passthrough();

/** `previous_attributes`: the old value of every top-level field that changed (Stripe's convention). */
export const clientUpdatedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('client.updated'),
    data: z.object({ client: clientSchema, previous_attributes: z.record(z.unknown()) }).passthrough(),
  })
  .passthrough();

export const eventSchema = z.discriminatedUnion('type', [
  invoiceCreatedEventSchema,
  invoiceViewedEventSchema,
  invoicePaidEventSchema,
  invoiceDisputedEventSchema,
  clientCreatedEventSchema,
  clientUpdatedEventSchema,
]);

export type InvoiceCreatedEvent = z.infer<typeof invoiceCreatedEventSchema>;
export type InvoiceViewedEvent = z.infer<typeof invoiceViewedEventSchema>;
export type InvoicePaidEvent = z.infer<typeof invoicePaidEventSchema>;
export type InvoiceDisputedEvent = z.infer<typeof invoiceDisputedEventSchema>;
export type ClientCreatedEvent = z.infer<typeof clientCreatedEventSchema>;
export type ClientUpdatedEvent = z.infer<typeof clientUpdatedEventSchema>;
export type InvoiceEvent = InvoiceCreatedEvent | InvoiceViewedEvent | InvoicePaidEvent | InvoiceDisputedEvent;
export type ClientEvent = ClientCreatedEvent | ClientUpdatedEvent;
/** Any event the connectors know. */
export type WebhookEvent = z.infer<typeof eventSchema>;
