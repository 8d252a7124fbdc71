import type { Account, Client, EventType, Invoice, Payment } from '../../shared';
import { Accounts, type ApiKeyRecord } from '../domain/accounts';
import { AccountCollection, Collection, Store } from './store';

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

/** Every collection, across accounts: the delivery engine's view. Routes get `AccountData` instead. */
export interface Data {
  store: Store;
  accounts: Accounts;
  invoices: Collection<Invoice>;
  clients: Collection<Client>;
  payments: Collection<Payment>;
  webhooks: Collection<WebhookRecord>;
  events: Collection<StoredEvent>;
  deliveries: Collection<DeliveryRecord>;
  attempts: Collection<AttemptRecord>;
  /** One account's data: what every API call works on. */
  forAccount(accountId: string): AccountData;
}

type Resources = 'invoices' | 'clients' | 'payments' | 'webhooks' | 'events' | 'deliveries' | 'attempts';

/** A new resource added to `Data` (and to RESOURCES below) is scoped to the calling account with no more code. */
export type AccountData = { store: Store } & { [name in Resources]: Data[name] extends Collection<infer T> ? AccountCollection<T> : never };

const RESOURCES: Resources[] = ['invoices', 'clients', 'payments', 'webhooks', 'events', 'deliveries', 'attempts'];

const lower = (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : null);

/** References match ignoring case and surrounding spaces (contract), so they are stored that way too. */
export const referenceKey = (text: unknown) => (typeof text === 'string' ? text.trim().toLowerCase() : null);

export function openData(store: Store): Data {
  const data: Omit<Data, 'forAccount'> = {
    store,
    accounts: new Accounts(store, store.collection<Account>({ table: 'accounts', columns: {} }),
      store.collection<ApiKeyRecord>({ table: 'api_keys', columns: { secret: (d) => d.secret, revoked_at: (d) => d.revoked_at } })),
    invoices: store.collection<Invoice>({ table: 'invoices', columns: {
      status: (d) => d.status, client_email: (d) => lower(d.client_email), number: (d) => d.number } }),
    clients: store.collection<Client>({ table: 'clients', columns: { email: (d) => lower(d.email) } }),
    payments: store.collection<Payment>({ table: 'payments', columns: {
      invoice_id: (d) => d.invoice_id, utr: (d) => d.upi?.utr ?? null, reference: (d) => referenceKey(d.reference),
      method: (d) => d.method, paid_at: (d) => d.paid_at } }),
    webhooks: store.collection<WebhookRecord>({ table: 'webhooks', columns: { deleted: (d) => (d.deleted ? 1 : 0) } }),
    events: store.collection<StoredEvent>({ table: 'events', columns: { type: (d) => d.type,
      invoice_id: (d) => (d.data as { invoice?: { id?: string } } | undefined)?.invoice?.id ?? null } }),
    deliveries: store.collection<DeliveryRecord>({ table: 'deliveries', columns: {
      event_id: (d) => d.event_id, webhook_id: (d) => d.webhook_id, state: (d) => d.state,
      next_attempt_at: (d) => d.next_attempt_at } }),
    attempts: store.collection<AttemptRecord>({ table: 'attempts', columns: {
      delivery_id: (d) => d.delivery_id, event_id: (d) => d.event_id, webhook_id: (d) => d.webhook_id } }),
  };
  return {
    ...data,
    forAccount: (accountId) => Object.assign({ store },
      Object.fromEntries(RESOURCES.map((name) => [name, data[name].of(accountId)]))) as unknown as AccountData,
  };
}

/** Timestamps as the contract writes them: ISO 8601 UTC, whole seconds. */
export function isoNow(now: number = Date.now()): string {
  return new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
