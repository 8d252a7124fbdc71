/**
 * Send Invoice: the invoice, or a payment reminder, on WhatsApp or by e-mail; a resend is the same call.
 * The answer is the delivery; its outcome also arrives as invoice.sent / invoice.delivery_failed
 * (docs/api-contract.md, "Sending and resending"). The idempotency key makes a retried send send once.
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { withLabelledNulls } from '../outputs';
import { sampleDelivery } from '../samples';
import { DELIVERY_CHANNELS, DELIVERY_KINDS, deliverySchema } from '../schemas/delivery';
import { idempotencyKeySchema, invoiceIdSchema, oneOf, optional } from '../schemas/primitives';
import { defineOperation, read } from './define';

const { invoice, sending, record } = FIELDS;

/** The body, as the service (and the sandbox) checks it. */
export const sendInvoiceInputSchema = z
  .object({
    channel: optional(oneOf(DELIVERY_CHANNELS)).transform((value) => value ?? DELIVERY_CHANNELS[0]),
    kind: optional(oneOf(DELIVERY_KINDS)).transform((value) => value ?? DELIVERY_KINDS[0]),
  })
  .strict();

export const DELIVERY_LABELS: Readonly<Record<string, string>> = {
  id: sending.deliveryId.label,
  object: record.object.label,
  invoice_id: invoice.id.label,
  channel: sending.channel.shownAs ?? sending.channel.label,
  kind: sending.kind.shownAs ?? sending.kind.label,
  to: sending.to.label,
  status: sending.status.label,
  failure_code: sending.failureCode.label,
  failure_message: sending.failureMessage.label,
  created_at: record.createdAt.label,
};

export const sendInvoice = defineOperation({
  method: 'POST',
  path: '/invoices/{invoice_id}/send',
  status: 202,
  contract: 'sending-and-resending',
  response: deliverySchema,
  input: sendInvoiceInputSchema.extend({
    invoice_id: invoiceIdSchema,
    idempotency_key: optional(idempotencyKeySchema),
  }),
  bodySchema: sendInvoiceInputSchema,
  result: (body) => withLabelledNulls(read(deliverySchema, body), DELIVERY_LABELS),
  fields: [invoice.id, sending.channel, sending.kind, sending.idempotencyKey],
  labels: DELIVERY_LABELS,
  sample: withLabelledNulls(sampleDelivery, DELIVERY_LABELS),
});

export type SendInvoiceInput = z.output<typeof sendInvoiceInputSchema>;
