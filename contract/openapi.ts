/**
 * docs/openapi.json, built from the operation modules (method, path, input, success status, response) and
 * the event schemas by @asteasolutions/zod-to-openapi; nothing here describes a field by hand. What the
 * modules do not hold is the contract's prose: which section decides each endpoint, the error statuses
 * every endpoint shares, the webhook signing headers.
 */
import { exampleBody, examplePathId } from './examples';
import { wireForm } from './wireForm';
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { markWireKeywords } from './wireKeywords';
import {
  EVENT_CATALOGUE,
  EVENT_TYPES,
  HEADERS,
  KEY_PREFIX,
  MAX_IDEMPOTENCY_KEY,
  SERVICE,
  SIGNATURE_TOLERANCE_SECONDS,
  accountSchema,
  clientCreatedEventSchema,
  clientSchema,
  clientUpdatedEventSchema,
  eventSchema,
  invoiceCreatedEventSchema,
  invoiceDisputedEventSchema,
  invoiceSentEventSchema,
  invoiceDeliveryFailedEventSchema,
  invoiceOverdueEventSchema,
  invoiceVoidedEventSchema,
  invoiceEInvoiceGeneratedEventSchema,
  invoiceEInvoiceFailedEventSchema,
  invoiceEInvoiceCancelledEventSchema,
  invoiceRefundedEventSchema,
  creditNoteCreatedEventSchema,
  invoiceCreditedEventSchema,
  debitNoteCreatedEventSchema,
  invoiceDebitedEventSchema,
  productCreatedEventSchema,
  productUpdatedEventSchema,
  invoicePaidEventSchema,
  invoiceSchema,
  invoiceViewedEventSchema,
  operations,
  paymentSchema,
  problemSchema,
  shapeOf,
  sampleAccount,
  sampleClient,
  sampleEventsByType,
  sampleInvoice,
  samplePayment,
  sampleWebhook,
  webhookSubscriptionSchema,
  type Operation,
} from '../shared';
import { wireOf } from '../shared/schemas/wire';

type OperationName = keyof typeof operations;

extendZodWithOpenApi(z);

export const CONTRACT = 'docs/api-contract.md';

/** An operation's tag: its path's first segment, so a new resource gets its tag with its first operation. */
const tagOf = (operation: Operation) => operation.path.split('/')[1];
const TAGS = [
  ...new Set(
    Object.values(operations)
      .filter((operation) => 'method' in operation)
      .map((operation) => tagOf(operation as Operation)),
  ),
];
const TAG_DESCRIPTIONS: Record<string, string> = {
  test_helpers:
    'Sandbox only: make an invoice viewed, paid, disputed or overdue, plant a failed send, move the clock (test keys).',
};

export const contractLink = (anchor: string) => `${CONTRACT}#${anchor}`;

/** The error statuses every endpoint can answer, and when; each with the problem body (contract §7). */
const ERRORS: Record<number, string> = {
  400:
    'The body is not JSON, not a JSON object, or missing (`invalid_json`, `invalid_body`, `body_required`), ' +
    'or a path id is not valid percent-encoding (`invalid_path`).',
  401: `No key, or a key that is not valid (\`invalid_api_key\`): reconnect with a key from the API-keys page.`,
  403:
    'The key may not do this (`forbidden`; the sandbox answers a live key so), ' +
    'or the Host is not allowed (`host_not_allowed`, sandbox).',
  404: 'No such object on this account (`not_found`).',
  409:
    'A conflict: the e-mail or UTR is taken (`client_exists`, `payment_exists`, `refund_exists`), ' +
    'a request with this Idempotency-Key is still running (`idempotency_in_progress`, ' +
    "worth replaying with the same key), or the invoice's state refuses it " +
    '(`invoice_has_payments` or `invoice_issued` for a void, `invoice_void`, `invoice_paid` for a reminder).',
  413: 'The body is over 1,000,000 bytes (`payload_too_large`).',
  422:
    "A field is not valid (`validation_failed`, one `errors[]` entry per field, `param` the field's path " +
    'such as `items[0].amount`), an Idempotency-Key reused with another body (`idempotency_key_reused`), ' +
    'or nothing left to pay or refund (`invoice_already_paid`, `payment_fully_refunded`).',
  429: 'Over the rate limit (`rate_limited`): wait the `Retry-After` seconds and send again (it was not processed).',
  500: 'The service failed (`internal_error`); worth replaying, with the same Idempotency-Key for a create.',
};

function errorStatuses(operation: Operation, pathKeys: string[]): number[] {
  const keys = Object.keys(shapeOf(operation.input));
  const hasBody = operation.method === 'POST' || operation.method === 'PATCH';
  const idempotent = keys.includes('idempotency_key');
  // A create that takes an e-mail or UTR, a replay of a running create, or a change to a taken e-mail.
  // Anything done to an invoice can meet its state (void, paid): 409 invoice_void, invoice_has_payments, invoice_paid.
  const conflicts =
    idempotent || operation.method === 'PATCH' || (operation.method === 'POST' && pathKeys.includes('invoice_id'));
  return [
    400,
    401,
    403,
    pathKeys.length > 0 || operation.path === '/events' ? 404 : 0,
    conflicts ? 409 : 0,
    hasBody ? 413 : 0,
    422,
    429,
    500,
  ].filter((status) => status > 0);
}

const IDEMPOTENCY =
  `1 to ${MAX_IDEMPOTENCY_KEY} printable ASCII characters. The same key and body within 24 h answer the first ` +
  'response; another body, 422 idempotency_key_reused; while the first is running, 409 idempotency_in_progress. ' +
  `See ${contractLink('idempotency')}.`;

const requestIdHeader = z.object({
  'Request-Id': z.string().openapi({ description: "The request's id (`req_…`); quote it to support." }),
});

function problemResponse(status: number) {
  const headers =
    status === 429
      ? requestIdHeader.extend({
          'Retry-After': z.string().openapi({ description: 'Seconds to wait (or an HTTP date).' }),
        })
      : requestIdHeader;
  return { description: ERRORS[status], headers, content: { 'application/problem+json': { schema: problemSchema } } };
}

/** A field's help and example from the operation's field declarations, where the editors show it. */
function described(operation: Operation, key: string, schema: z.ZodTypeAny): z.ZodTypeAny {
  const field = operation.fields[key];
  if (!field) return schema;
  const description = `${field.label}: ${field.help}`;
  // `param` is where a renderer looks for a query, path or header parameter's description.
  return schema.openapi({
    description,
    param: { description },
    ...(field.example === undefined ? {} : { example: field.example }),
  });
}

/** The list cursors, which no editor shows as a field, so no field declaration describes them. */
const CURSORS: Record<string, string> = {
  starting_after: 'The id of the last item of the previous page: the next page, older items.',
  ending_before: 'An event id: the page of events just newer than it (catching up); not together with starting_after.',
};

function pick(operation: Operation, keys: string[]) {
  const shape = shapeOf(operation.input);
  return z.object(
    Object.fromEntries(
      keys.map((key) => [
        key,
        key in CURSORS
          ? shape[key].openapi({ description: CURSORS[key], param: { description: CURSORS[key] } })
          : described(operation, key, shape[key]),
      ]),
    ),
  );
}

/** The path ids, each with the id of an example object (contract: "Example objects") as its example. */
function pathParams(operation: Operation, keys: string[]) {
  const params = pick(operation, keys);
  return params.extend(
    Object.fromEntries(keys.map((key) => [key, params.shape[key].openapi({ example: examplePathId(operation, key) })])),
  );
}

/** True when the core accepts the operation with no body fields at all (the path ids given). */
function bodyOptional(operation: Operation, body: z.ZodTypeAny): boolean {
  return body.safeParse({}).success;
}

function registerOperation(registry: OpenAPIRegistry, name: OperationName, operation: Operation) {
  const pathKeys = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const inputKeys = Object.keys(shapeOf(operation.input));
  const headerKeys = inputKeys.filter((key) => key in HEADERS);
  const restKeys = inputKeys.filter((key) => !pathKeys.includes(key) && !(key in HEADERS));
  const hasBody = operation.method === 'POST' || operation.method === 'PATCH';
  const section = operation.contract;
  const success =
    operation.status === 204
      ? { description: 'Done; no body.', headers: requestIdHeader }
      : {
          description: 'Success.',
          headers: requestIdHeader,
          content: { [operation.accept ?? 'application/json']: { schema: operation.response as z.ZodTypeAny } },
        };
  // A body built from the input's keys takes the input's own cross-field keywords (Update Client's minProperties).
  const body =
    (operation.bodySchema as z.ZodTypeAny | undefined) ??
    pick(operation, restKeys).strict().openapi(wireOf(operation.input));
  registry.registerPath({
    method: operation.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete',
    path: `/${SERVICE.apiVersion}${operation.path}`,
    operationId: name,
    summary: name
      .replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)
      .replace(/^./, (first) => first.toUpperCase()),
    description:
      `Decided in ${contractLink(section)}.` +
      `${operation.path.startsWith('/test_helpers') ? ' Sandbox only: test keys.' : ''}`,
    tags: [tagOf(operation)],
    'x-contract': contractLink(section),
    // The query read as one object: what no parameter's own schema can say (contract: "What the wire reads").
    ...(!hasBody && restKeys.length
      ? { 'x-query-schema': { additionalProperties: false, ...wireOf(operation.input) } }
      : {}),
    request: {
      params: pathKeys.length ? pathParams(operation, pathKeys) : undefined,
      query: !hasBody && restKeys.length ? pick(operation, restKeys) : undefined,
      headers: headerKeys.length
        ? z.object(
            Object.fromEntries(
              headerKeys.map((key) => [
                HEADERS[key],
                described(operation, key, shapeOf(operation.input)[key]).openapi({
                  description: IDEMPOTENCY,
                  param: { description: IDEMPOTENCY },
                }),
              ]),
            ),
          )
        : undefined,
      // Required only when the service refuses a request without one (the view and pay helpers take none).
      body: hasBody
        ? {
            required: !bodyOptional(operation, body),
            content: { 'application/json': { schema: body, example: exampleBody(name, operation) } },
          }
        : undefined,
    },
    responses: {
      [operation.status]: success,
      ...Object.fromEntries(errorStatuses(operation, pathKeys).map((status) => [status, problemResponse(status)])),
    },
  });
}

const EVENT_SCHEMAS = {
  'invoice.created': invoiceCreatedEventSchema,
  'invoice.viewed': invoiceViewedEventSchema,
  'invoice.paid': invoicePaidEventSchema,
  'invoice.disputed': invoiceDisputedEventSchema,
  'client.created': clientCreatedEventSchema,
  'client.updated': clientUpdatedEventSchema,
  'invoice.sent': invoiceSentEventSchema,
  'invoice.delivery_failed': invoiceDeliveryFailedEventSchema,
  'invoice.overdue': invoiceOverdueEventSchema,
  'invoice.voided': invoiceVoidedEventSchema,
  'invoice.refunded': invoiceRefundedEventSchema,
  'credit_note.created': creditNoteCreatedEventSchema,
  'invoice.credited': invoiceCreditedEventSchema,
  'debit_note.created': debitNoteCreatedEventSchema,
  'invoice.debited': invoiceDebitedEventSchema,
  'invoice.einvoice_generated': invoiceEInvoiceGeneratedEventSchema,
  'invoice.einvoice_failed': invoiceEInvoiceFailedEventSchema,
  'invoice.einvoice_cancelled': invoiceEInvoiceCancelledEventSchema,
  'product.created': productCreatedEventSchema,
  'product.updated': productUpdatedEventSchema,
} as const;

const SIGNING =
  `Signed as Standard Webhooks v1 (${contractLink('signing')}): compute HMAC-SHA256 over ` +
  "`{webhook-id}.{webhook-timestamp}.{raw body}` with the base64-decoded part of the subscription's " +
  '`whsec_…` secret, ' +
  'base64-encode it, and accept the delivery when any `v1,` entry of `webhook-signature` equals it ' +
  '(constant-time compare) ' +
  `and the timestamp is within ${SIGNATURE_TOLERANCE_SECONDS} s of now. Deduplicate on \`webhook-id\`.`;

const signatureHeaders = z.object({
  'webhook-id': z
    .string()
    .openapi({ description: 'The event id (`evt_…`), the same on every retry: the deduplication key.' }),
  'webhook-timestamp': z.string().openapi({ description: 'Unix seconds of this attempt.' }),
  'webhook-signature': z.string().openapi({ description: 'Space-separated `v1,<base64 HMAC-SHA256>` entries.' }),
});

function registerWebhooks(registry: OpenAPIRegistry) {
  for (const type of EVENT_TYPES) {
    registry.registerWebhook({
      method: 'post',
      path: type,
      operationId: `${type.replace('.', '_')}_event`,
      summary: EVENT_CATALOGUE[type].label,
      description:
        `${EVENT_CATALOGUE[type].description} ${SIGNING} Decided in ${contractLink('names-envelope-and-payloads')}; ` +
        `retries: ${contractLink('delivery-retries-ordering')}.`,
      request: {
        headers: signatureHeaders,
        body: { required: true, content: { 'application/json': { schema: EVENT_SCHEMAS[type] } } },
      },
      responses: {
        200: {
          description:
            'Any 2xx: delivered. Anything else, a 10 s time-out or a refused connection is retried ' +
            'with backoff for up to 3 days.',
        },
        410: { description: 'Gone: the subscription is disabled at once.' },
      },
    });
  }
}

/**
 * The generator marks an optional input nullable (the core reads `null` as left out) but keeps its enum as
 * it was, which would refuse the `null` the type allows; the enum gains it, as the core accepts it.
 */
function nullInEnums(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const schema = node as { type?: unknown; enum?: unknown[] };
  if (Array.isArray(schema.type) && schema.type.includes('null') && schema.enum && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
  for (const value of Object.values(node)) nullInEnums(value);
}

/** The whole document, as docs/openapi.json holds it. */
export function openApiDocument() {
  const registry = new OpenAPIRegistry();
  const components: Array<[string, z.ZodTypeAny, unknown]> = [
    ['Account', accountSchema, sampleAccount],
    ['Invoice', invoiceSchema, sampleInvoice],
    ['Client', clientSchema, sampleClient],
    ['Payment', paymentSchema, samplePayment],
    ['WebhookSubscription', webhookSubscriptionSchema, sampleWebhook],
    ['Problem', problemSchema, undefined],
    ['Event', eventSchema, undefined],
    ...EVENT_TYPES.map((type): [string, z.ZodTypeAny, unknown] => [
      `${type
        .split('.')
        .map((part) => part[0].toUpperCase() + part.slice(1))
        .join('')}Event`,
      EVENT_SCHEMAS[type],
      sampleEventsByType[type],
    ]),
  ];
  markWireKeywords([
    ...components.map(([, schema]) => schema),
    ...Object.values(operations).flatMap((operation) => Object.values(operation)),
  ]);
  for (const [name, schema, example] of components) {
    // The library names a schema by a copy (`.openapi(name)`), but the operation modules hold the originals, which
    // would then be inlined at every use; marking the original the way the copy is marked makes every use a $ref.
    schema._def.openapi = { _internal: { refId: name }, ...(example === undefined ? {} : { metadata: { example } }) };
    registry.register(name, schema);
  }
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      `\`Authorization: Bearer <key>\`. Live keys start \`${KEY_PREFIX.live}\`, test keys \`${KEY_PREFIX.test}\` ` +
      `(${contractLink('5-authentication')}). The sandbox accepts test keys only and answers a live key with 403.`,
  });
  for (const [name, operation] of Object.entries(operations)) {
    if ('method' in operation) registerOperation(registry, name as OperationName, operation as Operation);
  }
  registerWebhooks(registry);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: SERVICE.displayName,
      version: SERVICE.apiVersion,
      description:
        `The Invoicing API as the connectors assume it. Generated by \`npm run openapi\` from shared/operations/ and ` +
        `shared/schemas/webhookEvents.ts; every decision is explained in ${CONTRACT}. ` +
        'Lists are `{ object: "list", data, has_more }`, ' +
        'newest first, paged with `limit` (1-100, default 10) and `starting_after=<last id>` ' +
        `(${contractLink('lists-and-paging')}). ` +
        `Errors are RFC 9457 \`application/problem+json\` (${contractLink('body-shapes-and-codes')}).`,
      // The connector package's licence (package.json); the placeholder service's documentation is its contact.
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: `${SERVICE.displayName} documentation`, url: SERVICE.docsUrl },
    },
    tags: TAGS.map((name) => ({
      name,
      description: TAG_DESCRIPTIONS[name] ?? `The ${name.replace(/_/g, ' ')} endpoints.`,
    })),
    servers: [
      { url: SERVICE.defaultBaseUrl.replace(/\/$/, ''), description: 'Production (placeholder)' },
      { url: SERVICE.sandboxBaseUrl.replace(/\/$/, ''), description: 'The local sandbox (npm start)' },
    ],
    security: [{ apiKey: [] }],
  });
  wireForm(document);
  nullInEnums(document);
  return document;
}

/** The file's exact text, so the up-to-date check compares bytes. */
export const openApiText = (document: object) => `${JSON.stringify(document, null, 2)}\n`;
