/**
 * Request builders: the only place in the repo that knows a path, a method, a header or a body shape.
 * Pure functions of already-validated input, so every caller (Zapier, n8n, sandbox tests, the demo)
 * sends byte-for-byte the same request.
 */
import { SERVICE, normalizeBaseUrl } from './identity';
import type {
  ClientCreateInput, ClientUpdateInput, CreateInvoiceInput, ListClientsQuery, ListEventsQuery, ListInvoicesQuery,
  WebhookCreateInput,
} from './schemas/inputs';
import type { SimulateDisputeInput, SimulatePaymentInput, SimulateViewInput } from './schemas/simulate';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** JSON-serialisable body; absent for GET and DELETE. */
  body?: unknown;
}

export interface Connection {
  /**
   * Absent where the platform's own credential code attaches the key (n8n's `authenticate`), so the key
   * never passes through our request objects there.
   */
  apiKey?: string;
  baseUrl?: string;
}

export interface RequestOptions {
  idempotencyKey?: string;
}

type Query = Record<string, string | number | boolean | undefined>;

function url(connection: Connection, path: string, query?: Query): string {
  const base = `${normalizeBaseUrl(connection.baseUrl)}/${SERVICE.apiVersion}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

function request(connection: Connection, method: HttpMethod, path: string, options: { query?: Query; body?: unknown; idempotencyKey?: string } = {}): HttpRequest {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (connection.apiKey !== undefined) headers.Authorization = `Bearer ${connection.apiKey}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
  const built: HttpRequest = { method, url: url(connection, path, options.query), headers };
  if (options.body !== undefined) built.body = options.body;
  return built;
}

const id = (value: string) => encodeURIComponent(value);

export const requests = {
  getAccount: (c: Connection) => request(c, 'GET', '/account'),

  createInvoice: (c: Connection, input: CreateInvoiceInput, options: RequestOptions = {}) =>
    request(c, 'POST', '/invoices', {
      body: {
        client_email: input.client_email,
        currency: input.currency,
        items: input.items.map((item) => ({ description: item.description, amount: item.amount })),
        auto_send_whatsapp: input.auto_send_whatsapp,
      },
      idempotencyKey: options.idempotencyKey,
    }),
  getInvoice: (c: Connection, invoiceId: string) => request(c, 'GET', `/invoices/${id(invoiceId)}`),
  listInvoices: (c: Connection, query: ListInvoicesQuery = {}) => request(c, 'GET', '/invoices', { query }),

  createClient: (c: Connection, input: ClientCreateInput, options: RequestOptions = {}) =>
    request(c, 'POST', '/clients', { body: input, idempotencyKey: options.idempotencyKey }),
  getClient: (c: Connection, clientId: string) => request(c, 'GET', `/clients/${id(clientId)}`),
  updateClient: (c: Connection, clientId: string, input: ClientUpdateInput) =>
    request(c, 'PATCH', `/clients/${id(clientId)}`, { body: input }),
  listClients: (c: Connection, query: ListClientsQuery = {}) => request(c, 'GET', '/clients', { query }),

  createWebhook: (c: Connection, input: WebhookCreateInput) => request(c, 'POST', '/webhooks', { body: input }),
  listWebhooks: (c: Connection, query: { limit?: number; starting_after?: string } = {}) =>
    request(c, 'GET', '/webhooks', { query }),
  getWebhook: (c: Connection, webhookId: string) => request(c, 'GET', `/webhooks/${id(webhookId)}`),
  deleteWebhook: (c: Connection, webhookId: string) => request(c, 'DELETE', `/webhooks/${id(webhookId)}`),

  listEvents: (c: Connection, query: ListEventsQuery = {}) => request(c, 'GET', '/events', { query }),

  /** Sandbox-only helpers that make the service emit the spec's three occasions. */
  simulateView: (c: Connection, invoiceId: string, input: SimulateViewInput) =>
    request(c, 'POST', `/test_helpers/invoices/${id(invoiceId)}/view`, { body: input }),
  simulatePayment: (c: Connection, invoiceId: string, input: SimulatePaymentInput) =>
    request(c, 'POST', `/test_helpers/invoices/${id(invoiceId)}/pay`, { body: input }),
  simulateDispute: (c: Connection, invoiceId: string, input: SimulateDisputeInput) =>
    request(c, 'POST', `/test_helpers/invoices/${id(invoiceId)}/dispute`, { body: input }),
};

/** The path part of a builder's URL (after `/v1`), for servers that route the same requests. */
export function apiPath(path: string): string {
  return `/${SERVICE.apiVersion}${path}`;
}
