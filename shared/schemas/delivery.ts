/**
 * Sending an invoice (docs/api-contract.md, "Sending and resending"): the delivery the send answers with
 * and the events carry, and the failure reasons with the words a person can act on.
 */
import { z } from 'zod';

export const DELIVERY_CHANNELS = ['whatsapp', 'email'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_KINDS = ['invoice', 'reminder'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** Each failure: its channel and what it means, in words for the person who sent it. */
export const DELIVERY_FAILURES = {
  client_phone_missing: {
    channel: 'whatsapp',
    message:
      'The client has no phone number, so nothing was sent on WhatsApp. Add a phone in international ' +
      'format (e.g. +919812345678) to the client and send again.',
  },
  invalid_phone_number: {
    channel: 'whatsapp',
    message:
      "The client's phone number is not a valid mobile number. Correct it (international format, e.g. " +
      '+919812345678) and send again.',
  },
  not_on_whatsapp: {
    channel: 'whatsapp',
    message: "The client's number has no WhatsApp account. Send the invoice by e-mail instead.",
  },
  template_rejected: {
    channel: 'whatsapp',
    message:
      'WhatsApp refused the invoice message template (paused or rejected by Meta). Nothing was sent; ' +
      'try e-mail, or send again once the template is approved.',
  },
  no_credits: {
    channel: 'whatsapp',
    message: 'The account has no WhatsApp messaging credits left. Top up in the dashboard and send again.',
  },
  email_bounced: {
    channel: 'email',
    message:
      "The client's mail server refused the address (a hard bounce). Check the client's e-mail address and send again.",
  },
} as const satisfies Record<string, { channel: DeliveryChannel; message: string }>;
export type DeliveryFailure = keyof typeof DELIVERY_FAILURES;
export const DELIVERY_FAILURE_CODES = Object.keys(DELIVERY_FAILURES) as [DeliveryFailure, ...DeliveryFailure[]];

/** Lenient as every answer: words the service adds later still read. */
export const deliverySchema = z
  .object({
    id: z.string(),
    object: z.literal('delivery'),
    invoice_id: z.string(),
    channel: z.string(),
    kind: z.string(),
    to: z.string().nullable(),
    status: z.string(),
    failure_code: z.string().nullish(),
    failure_message: z.string().nullish(),
    created_at: z.string().min(1),
  })
  .passthrough();

export type Delivery = z.infer<typeof deliverySchema>;
