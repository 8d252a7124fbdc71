/**
 * Every operation as data: how to validate its input, which request it sends, how to read the answer.
 * A platform supplies only `send` (its own HTTP client) and maps the two error classes (InputError,
 * ApiError) to its idioms, so a rule added here reaches Zapier, n8n and the demo at once.
 */
import { hash } from 'node:crypto';
import { z } from 'zod';
import { ApiError, normalizeError, type RawResponse } from './errors';
import { presentClient, presentInvoice, type PresentedInvoice } from './present';
import { requests, type Connection, type HttpRequest, type RequestOptions } from './requests';
import { eventSchema, type EventType, type WebhookEvent } from './schemas/events';
import { safeParse } from './schemas/fast';
import {
  clientCreateInputSchema, clientIdSchema, clientUpdateInputSchema, createInvoiceInputSchema, idempotencyKeySchema,
  invoiceIdSchema, listClientsQuerySchema, listEventsQuerySchema, listInvoicesQuerySchema, webhookCreateInputSchema,
  webhookIdSchema,
} from './schemas/inputs';
import {
  accountSchema, clientSchema, invoiceSchema, listPageSchema, webhookSubscriptionSchema,
  type Account, type Client, type ListPage, type WebhookSubscription,
} from './schemas/resources';
import { MAX_IDEMPOTENCY_KEY } from './schemas/primitives';
import { InputError, validateInput, type InputIssue } from './validation';
import { flattenEvent, type FlatEventRecord } from './webhooks/events';

export type Send = (request: HttpRequest) => Promise<RawResponse>;

export interface Operation<In, Out> {
  validate(raw: unknown): In;
  request(connection: Connection, input: In, options?: RequestOptions): HttpRequest;
  result(body: unknown): Out;
}

function parseJson(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  if (!body.trim()) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** A 2xx body that does not match the contract is the service's fault, not the user's input. */
function read<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const parsed = safeParse(schema, parseJson(body));
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues[0]?.path.join('.') || 'body';
  return unexpected(`the response did not have the expected shape (at ${where})`);
}

function unexpected(detail: string): never {
  throw new ApiError({ status: 502, code: 'unexpected_response', kind: 'server', fieldErrors: [], retryable: false,
    message: `The Invoicing API answered in an unexpected way: ${detail}. Please report this to the connector's maintainers.` });
}

const idOnly = <K extends string>(key: K, schema: z.ZodTypeAny) => {
  const input = z.object({ [key]: schema } as Record<K, z.ZodTypeAny>).passthrough();
  return (raw: unknown) => validateInput(input, raw)[key] as string;
};

/** Runs every part's validation and throws one InputError naming each field any part refused. */
function validateParts<T extends unknown[]>(...parts: { [K in keyof T]: () => T[K] }): T {
  const issues: InputIssue[] = [];
  const values = parts.map((part) => {
    try {
      return part();
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      issues.push(...error.issues);
      return undefined;
    }
  });
  if (issues.length) throw new InputError(issues);
  return values as T;
}

// Built once: a zod schema costs more to build than to run.
const invoicePage = listPageSchema(invoiceSchema);
const clientPage = listPageSchema(clientSchema);
const anyPage = listPageSchema(z.unknown());

function listOf<T>(items: T[], body: { has_more: boolean }): ListPage<T> {
  return { object: 'list', data: items, has_more: body.has_more };
}

export const operations = {
  getAccount: {
    validate: () => ({}),
    request: (c) => requests.getAccount(c),
    result: (body) => read(accountSchema, body),
  } satisfies Operation<object, Account>,

  createInvoice: {
    validate: (raw) => validateInput(createInvoiceInputSchema, raw),
    request: (c, input, options) => requests.createInvoice(c, input, options),
    result: (body) => presentInvoice(read(invoiceSchema, body)),
  } satisfies Operation<z.output<typeof createInvoiceInputSchema>, PresentedInvoice>,

  getInvoice: {
    validate: idOnly('invoice_id', invoiceIdSchema),
    request: (c, invoiceId) => requests.getInvoice(c, invoiceId),
    result: (body) => presentInvoice(read(invoiceSchema, body)),
  } satisfies Operation<string, PresentedInvoice>,

  listInvoices: {
    validate: (raw) => validateInput(listInvoicesQuerySchema, raw ?? {}),
    request: (c, query) => requests.listInvoices(c, query),
    result: (body) => {
      const page = read(invoicePage, body);
      return listOf(page.data.map(presentInvoice), page);
    },
  } satisfies Operation<z.output<typeof listInvoicesQuerySchema>, ListPage<PresentedInvoice>>,

  createClient: {
    validate: (raw) => validateInput(clientCreateInputSchema, raw),
    request: (c, input, options) => requests.createClient(c, input, options),
    result: (body) => presentClient(read(clientSchema, body)),
  } satisfies Operation<z.output<typeof clientCreateInputSchema>, Client>,

  getClient: {
    validate: idOnly('client_id', clientIdSchema),
    request: (c, clientId) => requests.getClient(c, clientId),
    result: (body) => presentClient(read(clientSchema, body)),
  } satisfies Operation<string, Client>,

  updateClient: {
    validate: (raw) => {
      const { client_id, ...changes } = (raw ?? {}) as Record<string, unknown>;
      const [clientId, validChanges] = validateParts(() => idOnly('client_id', clientIdSchema)({ client_id }),
        () => validateInput(clientUpdateInputSchema, changes));
      return { clientId, changes: validChanges };
    },
    request: (c, input) => requests.updateClient(c, input.clientId, input.changes),
    result: (body) => presentClient(read(clientSchema, body)),
  } satisfies Operation<{ clientId: string; changes: z.output<typeof clientUpdateInputSchema> }, Client>,

  listClients: {
    validate: (raw) => validateInput(listClientsQuerySchema, raw ?? {}),
    request: (c, query) => requests.listClients(c, query),
    result: (body) => {
      const page = read(clientPage, body);
      return listOf(page.data.map(presentClient), page);
    },
  } satisfies Operation<z.output<typeof listClientsQuerySchema>, ListPage<Client>>,

  createWebhook: {
    validate: (raw) => validateInput(webhookCreateInputSchema, raw),
    request: (c, input) => requests.createWebhook(c, input),
    result: (body) => {
      const subscription = read(webhookSubscriptionSchema, body);
      if (!subscription.secret) unexpected('the new webhook subscription came without its signing secret');
      return subscription as WebhookSubscription & { secret: string };
    },
  } satisfies Operation<z.output<typeof webhookCreateInputSchema>, WebhookSubscription & { secret: string }>,

  getWebhook: {
    validate: idOnly('webhook_id', webhookIdSchema),
    request: (c, webhookId) => requests.getWebhook(c, webhookId),
    result: (body) => read(webhookSubscriptionSchema, body),
  } satisfies Operation<string, WebhookSubscription>,

  deleteWebhook: {
    validate: idOnly('webhook_id', webhookIdSchema),
    request: (c, webhookId) => requests.deleteWebhook(c, webhookId),
    result: () => ({ deleted: true as const }),
  } satisfies Operation<string, { deleted: true }>,

  listEvents: {
    validate: (raw) => validateInput(listEventsQuerySchema, raw ?? {}),
    request: (c, query) => requests.listEvents(c, query),
    result: (body) => {
      // Events of types this connector does not know yet are skipped, not fatal.
      const page = read(anyPage, body);
      const events = page.data.flatMap((entry) => {
        const parsed = safeParse(eventSchema, entry);
        return parsed.success ? [parsed.data] : [];
      });
      // Every id, read or not, so a catch-up cursor passes events of types this connector does not know.
      const ids = page.data.flatMap((entry) => (typeof (entry as { id?: unknown })?.id === 'string' ? [(entry as { id: string }).id] : []));
      return { ...listOf<WebhookEvent>(events, page), ids };
    },
  } satisfies Operation<z.output<typeof listEventsQuerySchema>, ListPage<WebhookEvent> & { ids: string[] }>,
};

export type OperationName = keyof typeof operations;
type OpIn<O> = O extends Operation<infer In, unknown> ? In : never;
type OpOut<O> = O extends Operation<unknown, infer Out> ? Out : never;

/** Throws the normalised ApiError for any non-2xx answer; returns the body otherwise. */
export function expectOk(response: RawResponse): unknown {
  if (response.status < 200 || response.status >= 300) throw normalizeError(response);
  return response.body;
}

export interface RunOptions {
  /** Raw user value; validated here so a bad key is refused before anything is sent. */
  idempotencyKey?: unknown;
}

/** An optional field left empty: a mapped value that came through as nothing or only spaces. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

// Under its field key so the message names the field ("Prevent Duplicates Key must be …").
const idempotencyKeyInputSchema = z.object({ idempotency_key: idempotencyKeySchema });

/** Validate → build → send → read. Throws InputError before sending, ApiError for any failed answer. */
export async function runOperation<O extends Operation<any, any>>(
  operation: O, connection: Connection, raw: unknown, send: Send, options: RunOptions = {},
): Promise<OpOut<O>> {
  const blank = isBlank(options.idempotencyKey);
  const [input, idempotencyKey] = validateParts(() => operation.validate(raw) as OpIn<O>, () => (blank ? undefined
    : validateInput(idempotencyKeyInputSchema, { idempotency_key: options.idempotencyKey }).idempotency_key));
  const response = await send(operation.request(connection, input, { idempotencyKey }));
  return operation.result(expectOk(response));
}

/** Deleting something already gone is the outcome we wanted (a second delete answers 404). */
export async function deleteWebhookIfExists(connection: Connection, webhookId: string, send: Send): Promise<{ deleted: boolean }> {
  try {
    await runOperation(operations.deleteWebhook, connection, { webhook_id: webhookId }, send);
    return { deleted: true };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) return { deleted: false };
    throw error;
  }
}

/** Subscription still present and enabled on the service? A 404 means it was deleted there. */
export async function webhookIsActive(connection: Connection, webhookId: string, send: Send): Promise<boolean> {
  try {
    const subscription = await runOperation(operations.getWebhook, connection, { webhook_id: webhookId }, send);
    return subscription.status === 'enabled';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

export async function findClientByEmail(connection: Connection, email: unknown, send: Send): Promise<Client | undefined> {
  const page = await runOperation(operations.listClients, connection, { email, limit: 1 }, send);
  return page.data.find((client) => sameText(client.email, email));
}

/**
 * The list filters (`email=`, `number=`) are trusted only as far as the answer shows: a service that
 * ignored one must not get another client patched by an upsert, or another invoice returned by a search.
 */
function sameText(found: string, wanted: unknown): boolean {
  return typeof wanted === 'string' && found.trim().toLowerCase() === wanted.trim().toLowerCase();
}

/**
 * "Create or update by email" (contract: a connector operation built from find + create/patch).
 * A create that loses a race to another one (409 client_exists) falls back to the update.
 */
export async function upsertClientByEmail(connection: Connection, raw: unknown, send: Send): Promise<{ client: Client; created: boolean }> {
  const input = validateInput(clientCreateInputSchema, raw);
  const update = async (clientId: string) => {
    const { email: _email, ...changes } = input;
    const hasChanges = Object.values(changes).some((value) => value !== undefined);
    const client = hasChanges
      ? await runOperation(operations.updateClient, connection, { client_id: clientId, ...changes }, send)
      : await runOperation(operations.getClient, connection, { client_id: clientId }, send);
    return { client, created: false };
  };
  const existing = await findClientByEmail(connection, input.email, send);
  if (existing) return update(existing.id);
  try {
    return { client: await runOperation(operations.createClient, connection, input, send), created: true };
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'client_exists')) throw error;
    const raced = await findClientByEmail(connection, input.email, send);
    if (!raced) throw error;
    return update(raced.id);
  }
}

/** Find Invoice by ID or by number; undefined when there is none. */
export async function findInvoice(connection: Connection, raw: { invoice_id?: unknown; number?: unknown }, send: Send): Promise<PresentedInvoice | undefined> {
  const byId = typeof raw.invoice_id === 'string' ? raw.invoice_id.trim() : '';
  const byNumber = typeof raw.number === 'string' ? raw.number.trim() : '';
  if (!byId && !byNumber) {
    throw new InputError([{ field: 'invoice_id', message: 'Give an Invoice ID (inv_…) or an Invoice Number (such as INV-000123)' }]);
  }
  if (byId) {
    try {
      return await runOperation(operations.getInvoice, connection, { invoice_id: byId }, send);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  }
  const page = await runOperation(operations.listInvoices, connection, { number: byNumber, limit: 1 }, send);
  return page.data.find((invoice) => sameText(invoice.number, byNumber));
}

/** Cursor paging (`starting_after`) until `max` items or the last page. */
export async function listAll<T extends { id: string }, Q extends object>(
  operation: Operation<Q, ListPage<T>>, connection: Connection, query: object, send: Send, max = Infinity,
): Promise<T[]> {
  const items: T[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const limit = Math.min(100, Math.max(1, max - items.length));
    const page = await runOperation(operation, connection, { ...query, limit, starting_after: startingAfter }, send);
    items.push(...page.data.slice(0, max - items.length));
    const last = page.data[page.data.length - 1];
    if (!page.has_more || !last || items.length >= max) return items;
    startingAfter = last.id;
  }
}

/** Recent real events of one type as flat records (editor samples, recovery after an outage). */
export async function recentEventRecords(connection: Connection, type: EventType, send: Send, limit = 3): Promise<FlatEventRecord[]> {
  const page = await runOperation(operations.listEvents, connection, { type, limit }, send);
  return page.data.filter((event) => event.type === type).map(flattenEvent);
}

/**
 * A stable idempotency key from the parts that identify one attempt's intent (execution, node, item),
 * so a retry of the same item reuses it and the service returns the first invoice instead of a second.
 * Readable, `auto_<execution>:<node>:<item>`, so support can tell which run sent a request, and cheap:
 * the hash it replaced cost about 10 µs of every n8n call. Parts are percent-encoded, which keeps the
 * key plain ASCII and one-to-one (a ":" inside a part is encoded). A key past the header's limit, or a
 * part that cannot be encoded, is hashed instead.
 */
export function deriveIdempotencyKey(parts: ReadonlyArray<string | number>): string {
  try {
    const readable = `auto_${parts.map((part) => encodeURIComponent(part)).join(':')}`;
    if (readable.length <= MAX_IDEMPOTENCY_KEY) return readable;
  } catch {
    // A lone surrogate cannot be percent-encoded; JSON escapes it, so the hash below still tells parts apart.
  }
  return `auto_${hash('sha256', JSON.stringify(parts.map(String))).slice(0, 40)}`;
}
