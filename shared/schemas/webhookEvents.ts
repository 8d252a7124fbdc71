/**
 * Webhook events: the spec's three (viewed, paid, disputed) plus the client-sync, catalogue and invoice-created
 * events, in the envelope the contract decides.
 */
import { z } from 'zod';
import { deliverySchema } from './delivery';
import { refundSchema } from './refunds';
import { clientSchema, invoiceSchema, paymentSchema, productSchema } from './resources';
import { creditNoteSchema, debitNoteSchema } from './notes';

const INVOICE_EVENT_TYPES = [
  'invoice.created',
  'invoice.viewed',
  'invoice.paid',
  'invoice.disputed',
  'invoice.sent',
  'invoice.delivery_failed',
  'invoice.overdue',
  'invoice.voided',
  'invoice.refunded',
  'credit_note.created',
  'invoice.credited',
  'debit_note.created',
  'invoice.debited',
  'invoice.einvoice_generated',
  'invoice.einvoice_failed',
  'invoice.einvoice_cancelled',
] as const;
const CLIENT_EVENT_TYPES = ['client.created', 'client.updated'] as const;
const PRODUCT_EVENT_TYPES = ['product.created', 'product.updated'] as const;
export const EVENT_TYPES = [...INVOICE_EVENT_TYPES, ...CLIENT_EVENT_TYPES, ...PRODUCT_EVENT_TYPES] as const;
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

/** Issue 29: a delivery handed over (`invoice.sent`) or refused (`invoice.delivery_failed`, with its reason). */
export const invoiceSentEventSchema = z
  .object({
    ...envelope,
    type: z.literal('invoice.sent'),
    data: z.object({ invoice: invoiceSchema, delivery: deliverySchema }).passthrough(),
  })
  .passthrough();

export const invoiceDeliveryFailedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('invoice.delivery_failed'),
    data: z.object({ invoice: invoiceSchema, delivery: deliverySchema }).passthrough(),
  })
  .passthrough();

export const invoiceOverdueEventSchema = z
  .object({
    ...envelope,
    type: z.literal('invoice.overdue'),
    data: z
      .object({
        invoice: invoiceSchema,
        overdue: z.object({ due_date: z.string(), days_overdue: z.number().int() }).passthrough(),
      })
      .passthrough(),
  })
  .passthrough();

export const invoiceVoidedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('invoice.voided'),
    data: z.object({ invoice: invoiceSchema }).passthrough(),
  })
  .passthrough();

/** Issue 40: money went back against one of the invoice's payments; both as they are after it. */
export const invoiceRefundedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('invoice.refunded'),
    data: z.object({ invoice: invoiceSchema, payment: paymentSchema, refund: refundSchema }).passthrough(),
  })
  .passthrough();

/**
 * Issue 40: a note issued (`credit_note.created`, `debit_note.created`) and what it did to the invoice
 * (`invoice.credited`, `invoice.debited`); each carries both, the invoice as it is after the note.
 */
const creditData = z.object({ invoice: invoiceSchema, credit_note: creditNoteSchema }).passthrough();
const debitData = z.object({ invoice: invoiceSchema, debit_note: debitNoteSchema }).passthrough();

export const creditNoteCreatedEventSchema = z
  .object({ ...envelope, type: z.literal('credit_note.created'), data: creditData })
  .passthrough();
export const invoiceCreditedEventSchema = z
  .object({ ...envelope, type: z.literal('invoice.credited'), data: creditData })
  .passthrough();
export const debitNoteCreatedEventSchema = z
  .object({ ...envelope, type: z.literal('debit_note.created'), data: debitData })
  .passthrough();
export const invoiceDebitedEventSchema = z
  .object({ ...envelope, type: z.literal('invoice.debited'), data: debitData })
  .passthrough();

/** Issue 41: the IRP's answer on the invoice (generated, failed) or its IRN cancelled; the invoice after it. */
const einvoiceEventSchema = <T extends string>(type: T) =>
  z
    .object({ ...envelope, type: z.literal(type), data: z.object({ invoice: invoiceSchema }).passthrough() })
    .passthrough();
export const invoiceEInvoiceGeneratedEventSchema = einvoiceEventSchema('invoice.einvoice_generated');
export const invoiceEInvoiceFailedEventSchema = einvoiceEventSchema('invoice.einvoice_failed');
export const invoiceEInvoiceCancelledEventSchema = einvoiceEventSchema('invoice.einvoice_cancelled');

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

/** Issue 42: the catalogue's events, shaped as the client's (the product as it is now, and what moved). */
export const productCreatedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('product.created'),
    data: z.object({ product: productSchema }).passthrough(),
  })
  .passthrough();

export const productUpdatedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('product.updated'),
    data: z.object({ product: productSchema, previous_attributes: z.record(z.unknown()) }).passthrough(),
  })
  .passthrough();

export const eventSchema = z.discriminatedUnion('type', [
  invoiceCreatedEventSchema,
  invoiceViewedEventSchema,
  invoicePaidEventSchema,
  invoiceDisputedEventSchema,
  invoiceSentEventSchema,
  invoiceDeliveryFailedEventSchema,
  invoiceOverdueEventSchema,
  invoiceVoidedEventSchema,
  invoiceRefundedEventSchema,
  creditNoteCreatedEventSchema,
  invoiceCreditedEventSchema,
  debitNoteCreatedEventSchema,
  invoiceDebitedEventSchema,
  invoiceEInvoiceGeneratedEventSchema,
  invoiceEInvoiceFailedEventSchema,
  invoiceEInvoiceCancelledEventSchema,
  clientCreatedEventSchema,
  clientUpdatedEventSchema,
  productCreatedEventSchema,
  productUpdatedEventSchema,
]);

export type InvoiceCreatedEvent = z.infer<typeof invoiceCreatedEventSchema>;
export type InvoiceViewedEvent = z.infer<typeof invoiceViewedEventSchema>;
export type InvoicePaidEvent = z.infer<typeof invoicePaidEventSchema>;
export type InvoiceDisputedEvent = z.infer<typeof invoiceDisputedEventSchema>;
export type ClientCreatedEvent = z.infer<typeof clientCreatedEventSchema>;
export type ClientUpdatedEvent = z.infer<typeof clientUpdatedEventSchema>;
export type InvoiceSentEvent = z.infer<typeof invoiceSentEventSchema>;
export type InvoiceDeliveryFailedEvent = z.infer<typeof invoiceDeliveryFailedEventSchema>;
export type InvoiceOverdueEvent = z.infer<typeof invoiceOverdueEventSchema>;
export type InvoiceVoidedEvent = z.infer<typeof invoiceVoidedEventSchema>;
export type InvoiceRefundedEvent = z.infer<typeof invoiceRefundedEventSchema>;
export type CreditNoteCreatedEvent = z.infer<typeof creditNoteCreatedEventSchema>;
export type InvoiceCreditedEvent = z.infer<typeof invoiceCreditedEventSchema>;
export type DebitNoteCreatedEvent = z.infer<typeof debitNoteCreatedEventSchema>;
export type InvoiceDebitedEvent = z.infer<typeof invoiceDebitedEventSchema>;
export type EInvoiceEvent = z.infer<
  | typeof invoiceEInvoiceGeneratedEventSchema
  | typeof invoiceEInvoiceFailedEventSchema
  | typeof invoiceEInvoiceCancelledEventSchema
>;
export type NoteEvent = CreditNoteCreatedEvent | InvoiceCreditedEvent | DebitNoteCreatedEvent | InvoiceDebitedEvent;
export type InvoiceEvent =
  | InvoiceCreatedEvent
  | InvoiceViewedEvent
  | InvoicePaidEvent
  | InvoiceDisputedEvent
  | InvoiceSentEvent
  | InvoiceDeliveryFailedEvent
  | InvoiceOverdueEvent
  | InvoiceVoidedEvent
  | InvoiceRefundedEvent
  | NoteEvent
  | EInvoiceEvent;
export type ClientEvent = ClientCreatedEvent | ClientUpdatedEvent;
export type ProductCreatedEvent = z.infer<typeof productCreatedEventSchema>;
export type ProductUpdatedEvent = z.infer<typeof productUpdatedEventSchema>;
export type ProductEvent = ProductCreatedEvent | ProductUpdatedEvent;
/** Any event the connectors know. */
export type WebhookEvent = z.infer<typeof eventSchema>;
