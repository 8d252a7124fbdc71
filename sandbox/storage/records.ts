/** What the sandbox stores: one JSON document per row (storage/collections.ts says which fields are indexed). */
import type { EventType } from '../../shared';

/** An issued test key as stored. The database keeps it in clear (it is 0600 and outside the work tree). */
export interface ApiKeyRecord {
  id: string;
  object: 'api_key';
  secret: string;
  created_at: string;
  revoked_at: string | null;
}

/** A subscription as stored: the secret stays here and is shown only in the create response. */
export interface WebhookRecord {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  events: EventType[];
  status: 'enabled' | 'disabled';
  description: string | null;
  secret: string;
  created_at: string;
  /** Why the sandbox disabled it (a 410 from the receiver). */
  disabled_reason?: string;
  /** Deleted subscriptions stay as rows so a list cursor naming one still resolves. */
  deleted?: boolean;
  /**
   * Set when a delivery to it failed or a recovery was asked, cleared when nothing is owed to it: meanwhile
   * what it is owed goes one at a time, oldest event first (contract: "Delivery, retries, ordering").
   */
  catching_up?: boolean;
}

export type DeliveryState = 'pending' | 'succeeded' | 'failed' | 'cancelled';

/** One event owed to one subscription: at-least-once means the row exists before the first attempt. */
export interface DeliveryRecord {
  id: string;
  object: 'delivery';
  event_id: string;
  event_type: string;
  webhook_id: string;
  url: string;
  state: DeliveryState;
  attempts: number;
  /** Epoch ms; null once the delivery is settled. */
  next_attempt_at: number | null;
  first_attempt_at: number | null;
  /** Epoch ms the delivery first fell due; its 3-day retry window counts from here, held or not. */
  due_since?: number;
  created_at: string;
  updated_at: string;
  last_status: number | null;
  last_error: string | null;
  redelivery: boolean;
}

/** The delivery log: every attempt, with what the receiver said and how long it took. */
export interface AttemptRecord {
  id: string;
  object: 'delivery_attempt';
  delivery_id: string;
  event_id: string;
  event_type: string;
  webhook_id: string;
  url: string;
  attempt: number;
  duplicate: boolean;
  started_at: string;
  status: number | null;
  latency_ms: number;
  error: string | null;
  outcome: 'succeeded' | 'retrying' | 'failed' | 'disabled';
  /** Sent by a Resend (redeliver), not by the schedule. */
  redelivery: boolean;
  /** What the sandbox sent besides the body (the signature headers, content type, user agent). */
  request_headers: Record<string, string>;
  /** The receiver's answer, cut at 2,000 characters; null when there was no answer. */
  response_body: string | null;
  /** When the next attempt is due (ISO), for an attempt whose outcome is `retrying`. */
  next_attempt_at: string | null;
}

export interface StoredEvent {
  id: string;
  type: EventType;
  [key: string]: unknown;
}

/** Timestamps as the contract writes them: ISO 8601 UTC, whole seconds. */
export function isoNow(now: number = Date.now()): string {
  return new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
