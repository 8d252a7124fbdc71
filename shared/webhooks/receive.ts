/**
 * Receiving a webhook, from a verified delivery to what a Zap or workflow receives: the event catalogue
 * (what each type is called), the event parsed with the shared schema, then flattened into one record
 * whose top-level fields a non-developer can map directly (invoiceEvents.ts, clientEvents.ts, productEvents.ts).
 */
import { displayNoun } from '../nouns';
import { EVENT_TYPES, eventSchema, type EventType, type WebhookEvent } from '../schemas/webhookEvents';
import { CLIENT_EVENT_LABELS, flattenClientEvent } from './clientEvents';
import { INVOICE_EVENT_LABELS, flattenInvoiceEvent } from './invoiceEvents';
import { PRODUCT_EVENT_LABELS, flattenProductEvent } from './productEvents';
import { VERIFY_FAILURE_MESSAGES, verifyWebhook, type HeaderBag, type VerifyFailure } from './signature';

export interface EventDescription {
  type: EventType;
  /** Stable key for platform operation names (Zapier trigger key, n8n option value). */
  key:
    | 'invoice_created'
    | 'invoice_viewed'
    | 'invoice_paid'
    | 'invoice_disputed'
    | 'client_created'
    | 'client_updated'
    | 'invoice_sent'
    | 'invoice_delivery_failed'
    | 'invoice_overdue'
    | 'invoice_voided'
    | 'invoice_refunded'
    | 'credit_note_created'
    | 'invoice_credited'
    | 'debit_note_created'
    | 'invoice_debited'
    | 'invoice_einvoice_generated'
    | 'invoice_einvoice_failed'
    | 'invoice_einvoice_cancelled'
    | 'product_created'
    | 'product_updated';
  label: string;
  noun: string;
  description: string;
}

export const EVENT_CATALOGUE: Record<EventType, EventDescription> = {
  'invoice.created': {
    type: 'invoice.created',
    key: 'invoice_created',
    label: 'New Invoice',
    noun: 'Invoice',
    description: 'Triggers when an invoice is created, through the API, a connector or the dashboard.',
  },
  'invoice.viewed': {
    type: 'invoice.viewed',
    key: 'invoice_viewed',
    label: 'Invoice Viewed',
    noun: 'Invoice View',
    description: 'Triggers when a client opens an invoice, on WhatsApp, by e-mail or through its link.',
  },
  'invoice.paid': {
    type: 'invoice.paid',
    key: 'invoice_paid',
    label: 'Invoice Paid (UPI)',
    noun: 'UPI Payment',
    description: 'Triggers when a UPI payment is received for an invoice, in full or in part.',
  },
  'invoice.disputed': {
    type: 'invoice.disputed',
    key: 'invoice_disputed',
    label: 'Invoice Disputed',
    noun: 'Dispute',
    description: 'Triggers when a client flags an invoice for dispute.',
  },
  'invoice.sent': {
    type: 'invoice.sent',
    key: 'invoice_sent',
    label: 'Invoice Sent',
    noun: 'Invoice Delivery',
    description:
      "Triggers when an invoice or a reminder has been handed to WhatsApp or accepted by the client's " +
      'mail server, at creation or by Send Invoice.',
  },
  'invoice.delivery_failed': {
    type: 'invoice.delivery_failed',
    key: 'invoice_delivery_failed',
    label: 'Invoice Delivery Failed',
    noun: 'Failed Delivery',
    description:
      'Triggers when an invoice or a reminder could not be delivered (no phone, not on WhatsApp, ' +
      'template refused, no credits, e-mail bounced), with the reason.',
  },
  'invoice.overdue': {
    type: 'invoice.overdue',
    key: 'invoice_overdue',
    label: 'Invoice Overdue',
    noun: 'Overdue Invoice',
    description: 'Triggers when an unpaid invoice passes its due date: once, on the day after it (in India, IST).',
  },
  'invoice.voided': {
    type: 'invoice.voided',
    key: 'invoice_voided',
    label: 'Invoice Voided',
    noun: 'Voided Invoice',
    description: 'Triggers when an invoice is voided: it is cancelled and nothing is owed on it any more.',
  },
  'invoice.refunded': {
    type: 'invoice.refunded',
    key: 'invoice_refunded',
    label: 'Refund Recorded',
    noun: 'Refund',
    description:
      "Triggers when a refund is recorded against one of an invoice's payments, with what remains paid and owed.",
  },
  'credit_note.created': {
    type: 'credit_note.created',
    key: 'credit_note_created',
    label: 'New Credit Note',
    noun: displayNoun('creditNote'),
    description:
      'Triggers when a credit note is issued against an invoice (a return, a discount, an overcharge), ' +
      'with the GST it reverses.',
  },
  'invoice.credited': {
    type: 'invoice.credited',
    key: 'invoice_credited',
    label: 'Invoice Credited',
    noun: 'Credited Invoice',
    description: 'Triggers when a credit note lowers what an invoice is worth, with what is still owed or owed back.',
  },
  'debit_note.created': {
    type: 'debit_note.created',
    key: 'debit_note_created',
    label: 'New Debit Note',
    noun: displayNoun('debitNote'),
    description: 'Triggers when a debit note is issued against an invoice (more supplied, a price revised upward).',
  },
  'invoice.debited': {
    type: 'invoice.debited',
    key: 'invoice_debited',
    label: 'Invoice Debited',
    noun: 'Debited Invoice',
    description: 'Triggers when a debit note raises what an invoice is worth, and what is owed on it.',
  },
  'invoice.einvoice_generated': {
    type: 'invoice.einvoice_generated',
    key: 'invoice_einvoice_generated',
    label: 'E-Invoice Generated',
    noun: 'E-Invoice',
    description:
      'Triggers when the IRP registers a B2B tax invoice: its IRN, acknowledgement number and date, ' +
      'and signed QR code.',
  },
  'invoice.einvoice_failed': {
    type: 'invoice.einvoice_failed',
    key: 'invoice_einvoice_failed',
    label: 'E-Invoice Failed',
    noun: 'Failed E-Invoice',
    description: "Triggers when the IRP refuses a B2B tax invoice, with the IRP's code and what to do about it.",
  },
  'invoice.einvoice_cancelled': {
    type: 'invoice.einvoice_cancelled',
    key: 'invoice_einvoice_cancelled',
    label: 'E-Invoice Cancelled',
    noun: 'Cancelled E-Invoice',
    description: "Triggers when an invoice's IRN is cancelled at the IRP (within 24 hours), with the reason.",
  },
  'client.created': {
    type: 'client.created',
    key: 'client_created',
    label: 'New Client',
    noun: 'Client',
    description: 'Triggers when a client is created, including one created by an invoice for a new e-mail address.',
  },
  'client.updated': {
    type: 'client.updated',
    key: 'client_updated',
    label: 'Updated Client',
    noun: 'Client',
    description: "Triggers when a client's details change, with the fields that changed and their previous values.",
  },
  'product.created': {
    type: 'product.created',
    key: 'product_created',
    label: 'New Product',
    noun: 'Product',
    description: 'Triggers when a product or service is added to the catalogue, with its SKU, HSN/SAC, rate and price.',
  },
  'product.updated': {
    type: 'product.updated',
    key: 'product_updated',
    label: 'Product Updated',
    noun: 'Product',
    description:
      'Triggers when a product of the catalogue changes (its price, rate or SKU, or it is archived or restored), ' +
      'with the fields that changed and their previous values.',
  },
};

/**
 * How long the service may deliver one event (contract: retries for up to 3 days), plus an hour of
 * slack: a receiver that remembers event ids this long recognises every repeat.
 */
export const DELIVERY_RETRY_WINDOW_SECONDS = 3 * 24 * 60 * 60 + 60 * 60;

export type ParseResult = { ok: true; event: WebhookEvent } | { ok: false; reason: string };

export function parseEvent(raw: string | Uint8Array | object): ParseResult {
  let value: unknown = raw;
  if (typeof raw === 'string' || raw instanceof Uint8Array) {
    try {
      value = JSON.parse(typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8'));
    } catch {
      return { ok: false, reason: 'the body is not JSON' };
    }
  }
  const parsed = eventSchema.safeParse(value);
  if (parsed.success) return { ok: true, event: parsed.data };
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && !(EVENT_TYPES as readonly string[]).includes(type)) {
    return { ok: false, reason: `unknown event type ${type}` };
  }
  return {
    ok: false,
    reason: `the event does not have the expected shape (${parsed.error.issues[0]?.path.join('.') || 'body'})`,
  };
}

/** Labels of a flat record's fields, keyed as Zapier shows them. */
export const EVENT_LABELS: Readonly<Record<string, string>> = {
  ...INVOICE_EVENT_LABELS,
  ...CLIENT_EVENT_LABELS,
  ...PRODUCT_EVENT_LABELS,
};

/** What a trigger outputs: an invoice event's record, a client event's or a product event's. */
export interface FlatEventRecord {
  id: string;
  event_id: string;
  event_type: EventType;
  occurred_at: string;
  livemode: boolean;
  [extra: string]: string | number | boolean | null;
}

/** One flat record per event; the event id doubles as `id` so platforms can deduplicate on it. */
export function flattenEvent(event: WebhookEvent): FlatEventRecord {
  const record =
    event.type === 'client.created' || event.type === 'client.updated'
      ? flattenClientEvent(event)
      : event.type === 'product.created' || event.type === 'product.updated'
        ? flattenProductEvent(event)
        : flattenInvoiceEvent(event);
  return record as FlatEventRecord;
}

export type ReceiveResult =
  | { outcome: 'accepted'; event: WebhookEvent; record: FlatEventRecord }
  | { outcome: 'ignored'; reason: 'unselected_type'; event: WebhookEvent }
  | { outcome: 'rejected'; reason: VerifyFailure | 'invalid_event'; message: string };

/**
 * The whole receiving side both platforms share: verify the signature over the raw body, parse, keep
 * only the selected event types, flatten. Rejections carry a message safe to log (no secret, no body).
 */
export function receiveWebhook(options: {
  secret: string;
  headers: HeaderBag;
  rawBody: string | Uint8Array;
  types: readonly string[];
  now?: number;
}): ReceiveResult {
  const verified = verifyWebhook({
    secret: options.secret,
    headers: options.headers,
    body: options.rawBody,
    now: options.now,
  });
  if (!verified.ok) {
    return {
      outcome: 'rejected',
      reason: verified.reason,
      message: `Webhook refused: ${VERIFY_FAILURE_MESSAGES[verified.reason]}.`,
    };
  }
  const parsed = parseEvent(options.rawBody);
  if (!parsed.ok)
    return { outcome: 'rejected', reason: 'invalid_event', message: `Webhook refused: ${parsed.reason}.` };
  if (parsed.event.id !== verified.id) {
    return {
      outcome: 'rejected',
      reason: 'invalid_event',
      message: "Webhook refused: the body's event id differs from the signed webhook-id.",
    };
  }
  if (!options.types.includes(parsed.event.type))
    return { outcome: 'ignored', reason: 'unselected_type', event: parsed.event };
  return { outcome: 'accepted', event: parsed.event, record: flattenEvent(parsed.event) };
}
