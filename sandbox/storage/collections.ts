import type { Account, Client, CreditNote, DebitNote, Invoice, Payment, Product, Refund } from '../../shared';
import { AccountStore } from './accountStore';
import { DeliveryQueue } from './deliveryQueue';
import type { ApiKeyRecord, AttemptRecord, DeliveryRecord, StoredEvent, WebhookRecord } from './records';
import { AccountCollection, Collection, Store } from './store';

/** Every collection, across accounts: the delivery engine's view. Routes get `AccountData` instead. */
export interface Data {
  store: Store;
  accounts: AccountStore;
  invoices: Collection<Invoice>;
  clients: Collection<Client>;
  payments: Collection<Payment>;
  refunds: Collection<Refund>;
  creditNotes: Collection<CreditNote>;
  debitNotes: Collection<DebitNote>;
  webhooks: Collection<WebhookRecord>;
  events: Collection<StoredEvent>;
  deliveries: Collection<DeliveryRecord>;
  attempts: Collection<AttemptRecord>;
  products: Collection<Product>;
  /** The delivery queue's own queries (what is owed to whom, in which order). */
  queue: DeliveryQueue;
  /** One account's data: what every API call works on. */
  forAccount(accountId: string): AccountData;
}

type Resources =
  | 'invoices'
  | 'clients'
  | 'payments'
  | 'refunds'
  | 'webhooks'
  | 'events'
  | 'deliveries'
  | 'attempts'
  | 'products'
  | 'creditNotes'
  | 'debitNotes';

/** A new resource added to `Data` (and to RESOURCES below) is scoped to the calling account with no more code. */
export type AccountData = { store: Store } & {
  [name in Resources]: Data[name] extends Collection<infer T> ? AccountCollection<T> : never;
};

const RESOURCES: Resources[] = [
  'invoices',
  'clients',
  'payments',
  'refunds',
  'creditNotes',
  'debitNotes',
  'webhooks',
  'events',
  'deliveries',
  'attempts',
  'products',
];

const lower = (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : null);

/** References match ignoring case and surrounding spaces (contract), so they are stored that way too. */
export const referenceKey = (text: unknown) => (typeof text === 'string' ? text.trim().toLowerCase() : null);

export function openData(store: Store): Data {
  const data: Omit<Data, 'forAccount'> = {
    store,
    accounts: new AccountStore(
      store,
      store.collection<Account>({ table: 'accounts', columns: {} }),
      store.collection<ApiKeyRecord>({
        table: 'api_keys',
        columns: { secret: (d) => d.secret, revoked_at: (d) => d.revoked_at },
      }),
    ),
    invoices: store.collection<Invoice>({
      table: 'invoices',
      columns: {
        status: (d) => d.status,
        client_email: (d) => lower(d.client_email),
        number: (d) => d.number,
      },
    }),
    clients: store.collection<Client>({ table: 'clients', columns: { email: (d) => lower(d.email) } }),
    payments: store.collection<Payment>({
      table: 'payments',
      columns: {
        invoice_id: (d) => d.invoice_id,
        utr: (d) => d.upi?.utr ?? null,
        reference: (d) => referenceKey(d.reference),
        method: (d) => d.method,
        paid_at: (d) => d.paid_at,
      },
    }),
    // A table added in issue 40: CREATE TABLE IF NOT EXISTS gives a database from before it an empty one.
    refunds: store.collection<Refund>({
      table: 'refunds',
      columns: {
        payment_id: (d) => d.payment_id,
        invoice_id: (d) => d.invoice_id,
        utr: (d) => d.upi?.utr ?? null,
        reference: (d) => referenceKey(d.reference),
      },
    }),
    creditNotes: store.collection<CreditNote>({ table: 'credit_notes', columns: { invoice_id: (d) => d.invoice_id } }),
    debitNotes: store.collection<DebitNote>({ table: 'debit_notes', columns: { invoice_id: (d) => d.invoice_id } }),
    webhooks: store.collection<WebhookRecord>({ table: 'webhooks', columns: { deleted: (d) => (d.deleted ? 1 : 0) } }),
    events: store.collection<StoredEvent>({
      table: 'events',
      columns: {
        type: (d) => d.type,
        invoice_id: (d) => (d.data as { invoice?: { id?: string } } | undefined)?.invoice?.id ?? null,
      },
    }),
    deliveries: store.collection<DeliveryRecord>({
      table: 'deliveries',
      columns: {
        event_id: (d) => d.event_id,
        webhook_id: (d) => d.webhook_id,
        state: (d) => d.state,
        next_attempt_at: (d) => d.next_attempt_at,
      },
    }),
    attempts: store.collection<AttemptRecord>({
      table: 'attempts',
      columns: {
        delivery_id: (d) => d.delivery_id,
        event_id: (d) => d.event_id,
        webhook_id: (d) => d.webhook_id,
      },
    }),
    // A SKU is compared without case and surrounding spaces (contract: "The product resource"), so stored that way.
    products: store.collection<Product>({
      table: 'products',
      columns: { sku: (d) => referenceKey(d.sku), archived: (d) => (d.archived ? 1 : 0) },
    }),
    queue: new DeliveryQueue(store),
  };
  return {
    ...data,
    forAccount: (accountId) =>
      Object.assign(
        { store },
        Object.fromEntries(RESOURCES.map((name) => [name, data[name].of(accountId)])),
      ) as unknown as AccountData,
  };
}
