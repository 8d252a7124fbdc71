/**
 * From a verified delivery to what a Zap or workflow receives: the event parsed with the shared schema,
 * then flattened into one record whose top-level fields a non-developer can map directly (amounts with
 * formatted twins, the payment's UPI reference, whether the invoice is now fully paid).
 */
import { formatMinor } from '../money';
import { AMOUNT_LABELS } from '../present';
import { EVENT_TYPES, eventSchema, type EventType, type WebhookEvent } from '../schemas/events';
import { CLIENT_EVENT_LABELS, flattenClientEvent } from './clientEvents';
import { VERIFY_FAILURE_MESSAGES, verifyWebhook, type HeaderBag, type VerifyFailure } from './signature';

export interface EventDescription {
  type: EventType;
  /** Stable key for platform operation names (Zapier trigger key, n8n option value). */
  key: 'invoice_created' | 'invoice_viewed' | 'invoice_paid' | 'invoice_disputed' | 'client_created' | 'client_updated';
  label: string;
  noun: string;
  description: string;
}

export const EVENT_CATALOGUE: Record<EventType, EventDescription> = {
  'invoice.created': {
    type: 'invoice.created', key: 'invoice_created', label: 'New Invoice', noun: 'Invoice',
    description: 'Triggers when an invoice is created, through the API, a connector or the dashboard.',
  },
  'invoice.viewed': {
    type: 'invoice.viewed', key: 'invoice_viewed', label: 'Invoice Viewed', noun: 'Invoice View',
    description: 'Triggers when a client opens an invoice, on WhatsApp, by e-mail or through its link.',
  },
  'invoice.paid': {
    type: 'invoice.paid', key: 'invoice_paid', label: 'Invoice Paid (UPI)', noun: 'UPI Payment',
    description: 'Triggers when a UPI payment is received for an invoice, in full or in part.',
  },
  'invoice.disputed': {
    type: 'invoice.disputed', key: 'invoice_disputed', label: 'Invoice Disputed', noun: 'Dispute',
    description: 'Triggers when a client flags an invoice for dispute.',
  },
  'client.created': {
    type: 'client.created', key: 'client_created', label: 'New Client', noun: 'Client',
    description: 'Triggers when a client is created, including one created by an invoice for a new e-mail address.',
  },
  'client.updated': {
    type: 'client.updated', key: 'client_updated', label: 'Updated Client', noun: 'Client',
    description: "Triggers when a client's details change, with the fields that changed and their previous values.",
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
  return { ok: false, reason: `the event does not have the expected shape (${parsed.error.issues[0]?.path.join('.') || 'body'})` };
}

/** Labels of a flat record's fields, keyed as Zapier shows them. */
export const EVENT_LABELS: Readonly<Record<string, string>> = {
  id: 'ID',
  event_id: 'Event ID',
  event_type: 'Event Type',
  occurred_at: 'Occurred At',
  livemode: 'Live Mode',
  invoice_id: 'Invoice ID',
  invoice_number: 'Invoice Number',
  invoice_status: 'Invoice Status',
  invoice_url: 'Invoice Link',
  client_id: 'Client ID',
  client_email: 'Client Email',
  currency: 'Currency',
  ...AMOUNT_LABELS,
  fully_paid: 'Fully Paid',
  view_channel: 'Viewed Via',
  viewed_at: 'Viewed At',
  payment_id: 'Payment ID',
  payment_method: 'Payment Method',
  payment_amount: 'Payment Amount (Minor Units)',
  payment_amount_formatted: 'Payment Amount',
  payment_reference: 'Payment Reference',
  upi_utr: 'UPI Reference (UTR)',
  upi_vpa: 'Payer UPI ID (VPA)',
  paid_at: 'Paid At',
  dispute_id: 'Dispute ID',
  dispute_reason: 'Dispute Reason',
  dispute_note: 'Dispute Note',
  disputed_at: 'Disputed At',
  whatsapp_status: 'WhatsApp Status',
  invoice_created_at: 'Invoice Created At',
  ...CLIENT_EVENT_LABELS,
};

interface FlatEnvelope {
  id: string;
  event_id: string;
  event_type: EventType;
  occurred_at: string;
  livemode: boolean;
  [extra: string]: string | number | boolean | null;
}

/** What a trigger outputs: an invoice event's record, or a client event's (see clientEvents.ts). */
export type FlatEventRecord = FlatEnvelope;

export interface FlatInvoiceEventRecord extends FlatEnvelope {
  invoice_id: string;
  invoice_number: string;
  invoice_status: string;
  invoice_url: string;
  client_id: string;
  client_email: string;
  currency: string;
  amount_due: number;
  amount_due_formatted: string;
  amount_paid: number;
  amount_paid_formatted: string;
  amount_remaining: number;
  amount_remaining_formatted: string;
  fully_paid: boolean;
}

/** One flat record per event; the event id doubles as `id` so platforms can deduplicate on it. */
export function flattenEvent(event: WebhookEvent): FlatEventRecord {
  if (event.type === 'client.created' || event.type === 'client.updated') {
    return flattenClientEvent(event) as unknown as FlatEventRecord;
  }
  const invoice = event.data.invoice;
  const format = (amount: number) => formatMinor(amount, invoice.currency);
  const record: FlatInvoiceEventRecord = {
    id: event.id,
    event_id: event.id,
    event_type: event.type,
    occurred_at: event.created_at,
    livemode: event.livemode,
    invoice_id: invoice.id,
    invoice_number: invoice.number,
    invoice_status: invoice.status,
    invoice_url: invoice.hosted_url,
    client_id: invoice.client_id,
    client_email: invoice.client_email,
    currency: invoice.currency,
    amount_due: invoice.amount_due,
    amount_due_formatted: format(invoice.amount_due),
    amount_paid: invoice.amount_paid,
    amount_paid_formatted: format(invoice.amount_paid),
    amount_remaining: invoice.amount_remaining,
    amount_remaining_formatted: format(invoice.amount_remaining),
    fully_paid: invoice.amount_remaining === 0 && invoice.amount_paid >= invoice.amount_due,
  };
  switch (event.type) {
    case 'invoice.created':
      return { ...record, whatsapp_status: invoice.whatsapp.status, invoice_created_at: invoice.created_at };
    case 'invoice.viewed':
      return { ...record, view_channel: event.data.view.channel, viewed_at: event.data.view.viewed_at };
    case 'invoice.paid': {
      const payment = event.data.payment;
      return {
        ...record,
        payment_id: payment.id,
        payment_method: payment.method,
        payment_amount: payment.amount,
        payment_amount_formatted: formatMinor(payment.amount, payment.currency),
        payment_reference: payment.reference ?? null,
        upi_utr: payment.upi?.utr ?? null,
        upi_vpa: payment.upi?.vpa ?? null,
        paid_at: payment.paid_at,
      };
    }
    case 'invoice.disputed':
      return {
        ...record,
        dispute_id: event.data.dispute.id,
        dispute_reason: event.data.dispute.reason,
        dispute_note: event.data.dispute.note ?? null,
        disputed_at: event.data.dispute.opened_at,
      };
  }
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
  const verified = verifyWebhook({ secret: options.secret, headers: options.headers, body: options.rawBody, now: options.now });
  if (!verified.ok) {
    return { outcome: 'rejected', reason: verified.reason, message: `Webhook refused: ${VERIFY_FAILURE_MESSAGES[verified.reason]}.` };
  }
  const parsed = parseEvent(options.rawBody);
  if (!parsed.ok) return { outcome: 'rejected', reason: 'invalid_event', message: `Webhook refused: ${parsed.reason}.` };
  if (parsed.event.id !== verified.id) {
    return { outcome: 'rejected', reason: 'invalid_event', message: 'Webhook refused: the body\'s event id differs from the signed webhook-id.' };
  }
  if (!options.types.includes(parsed.event.type)) return { outcome: 'ignored', reason: 'unselected_type', event: parsed.event };
  return { outcome: 'accepted', event: parsed.event, record: flattenEvent(parsed.event) };
}
