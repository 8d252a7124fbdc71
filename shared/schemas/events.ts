/** Webhook events: the spec's three occasions, in the envelope the contract decides. */
import { z } from 'zod';
import { currencyCode, invoiceSchema } from './resources';

export const EVENT_TYPES = ['invoice.viewed', 'invoice.paid', 'invoice.disputed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const envelope = {
  id: z.string().min(1),
  created_at: z.string().min(1),
  livemode: z.boolean(),
};

export const viewSchema = z.object({
  viewed_at: z.string(),
  channel: z.string(),
}).passthrough();

export const paymentSchema = z.object({
  id: z.string(),
  method: z.string(),
  amount: z.number().int(),
  currency: currencyCode,
  upi: z.object({ vpa: z.string(), utr: z.string() }).passthrough(),
  paid_at: z.string(),
}).passthrough();

export const disputeSchema = z.object({
  id: z.string(),
  reason: z.string(),
  note: z.string().nullish(),
  opened_at: z.string(),
}).passthrough();

export const invoiceViewedEventSchema = z.object({
  ...envelope,
  type: z.literal('invoice.viewed'),
  data: z.object({ invoice: invoiceSchema, view: viewSchema }).passthrough(),
}).passthrough();

export const invoicePaidEventSchema = z.object({
  ...envelope,
  type: z.literal('invoice.paid'),
  data: z.object({ invoice: invoiceSchema, payment: paymentSchema }).passthrough(),
}).passthrough();

export const invoiceDisputedEventSchema = z.object({
  ...envelope,
  type: z.literal('invoice.disputed'),
  data: z.object({ invoice: invoiceSchema, dispute: disputeSchema }).passthrough(),
}).passthrough();

export const eventSchema = z.discriminatedUnion('type', [
  invoiceViewedEventSchema,
  invoicePaidEventSchema,
  invoiceDisputedEventSchema,
]);

export type InvoiceViewedEvent = z.infer<typeof invoiceViewedEventSchema>;
export type InvoicePaidEvent = z.infer<typeof invoicePaidEventSchema>;
export type InvoiceDisputedEvent = z.infer<typeof invoiceDisputedEventSchema>;
export type InvoiceEvent = z.infer<typeof eventSchema>;
