/**
 * The machinery every operation module shares, as the steps `runOperation` takes in order, each a function
 * here: `validateGiven` (one validation of the whole input, path ids and the idempotency key included) →
 * `convertAmounts` (typed amounts whose currency is another resource's, ./typedAmounts.ts) → `buildRequest`
 * (method, path template, query or the body derived from the wire schema's keys, headers) → `send` (the
 * platform's own HTTP client, the one thing a platform supplies) → `readAnswer` (the operation's own schema).
 * A platform then maps the two error classes (InputError, ApiError) to its idioms.
 */
import { z } from 'zod';
import { ApiError, normalizeError, parseBody, type RawResponse } from '../errors';
import type { FieldSpec } from '../fields';
import { displayNoun, type Resource } from '../nouns';
import { SERVICE, normalizeBaseUrl } from '../service';
import { listPageSchema } from '../schemas/resources';
import { InputError, validateGiven } from '../validation';
import {
  amountSchemaFor,
  awaitsCurrency,
  convertTypedAmounts,
  typedAmountSchemas,
  type AmountsDeclaration,
} from './typedAmounts';

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

export type Send = (request: HttpRequest) => Promise<RawResponse>;

/** Input keys that travel as a header rather than in the query or body. */
export const HEADERS: Record<string, string> = { idempotency_key: 'Idempotency-Key' };

type Input = Record<string, unknown>;

/**
 * A zod schema, typed opaquely: a definition's exact zod type intersected with ZodTypeAny breaks inferring the
 * operation's own type (zod's `this`-typed methods); the OpenAPI generator reads it as a schema.
 */
export type DocumentedSchema = object;

/**
 * How both editors name an operation that needs no platform file of its own (docs/architecture.md, "Adding
 * a field or an operation"): Zapier shows it as a create, n8n as an operation of its resource, each field
 * as the catalogue declares it and each ID field as its kind's picker.
 */
export interface OperationDisplay {
  /** The resource both editors file it under; Zapier's noun is its name capitalised ("Invoice"). */
  resource: Resource;
  /** Title Case, the resource's noun last: "Void Invoice" (n8n's Operation is the label without it: "Void"). */
  label: string;
  /**
   * One sentence that starts with a verb in the third person and ends with a period, as Zapier asks;
   * n8n's is the same sentence in the imperative without the period ("Cancels …." → "Cancel …").
   */
  description: string;
  /** n8n's action phrase (what an AI agent and the node's search show): "Void an invoice". */
  action: string;
}

/** The noun a resource is shown as: creditNote → "Credit Note" (Zapier's noun, the end of each label). */
export { displayNoun };

export interface OperationDefinition<S extends z.ZodTypeAny, Out> {
  method: HttpMethod;
  /** After the version, with `{key}` for each input key that is part of the path: `/invoices/{invoice_id}`. */
  path: string;
  /**
   * The whole input, one zod schema, amounts in the wire's minor units: one validation names every broken
   * field. GET and DELETE send the keys that are not path or header keys as the query.
   */
  input: S;
  /**
   * The body as the service checks it, when it is not simply the input's remaining keys (path and header
   * keys taken out); docs/openapi.json shows it. The body sent is the input's values under this schema's
   * keys: an input key that is neither on the wire (here, in `nested`, the path or a header) nor listed in
   * `inputOnly` stops the module from loading, so a declared field cannot silently stay unsent.
   */
  bodySchema?: DocumentedSchema;
  /** Body keys the service nests and the editors show flat: `{ upi: ['utr', 'vpa'] }`. */
  nested?: Readonly<Record<string, readonly string[]>>;
  /** Input keys the connector reads and never sends. */
  inputOnly?: readonly string[];
  /** Amounts typed as people write them: where they sit, where their currency comes from (./typedAmounts.ts). */
  amounts?: AmountsDeclaration<Operation>;
  result: (body: unknown) => Out;
  /** The heading of docs/api-contract.md that decides this endpoint (its GitHub anchor: `the-invoice-as-sent`). */
  contract: string;
  /**
   * The success status the contract decides (any 2xx is read as success;
   * this one is what docs/openapi.json states).
   */
  status: 200 | 201 | 202 | 204;
  /** The answer's body as the contract decides it (absent for 204); docs/openapi.json is generated from it. */
  response?: DocumentedSchema;
  /** The answer's media type when it is not JSON (a PDF): sent as Accept, stated in docs/openapi.json. */
  accept?: string;
  /** The fields both editors show for this input, in order; `required` is read from `input`. */
  fields?: readonly FieldSpec[];
  /** Output labels, keyed by the field's path in Zapier's flat output (`items[]amount`, `whatsapp__status`). */
  labels?: Readonly<Record<string, string>>;
  sample?: Out;
  /** Set for an operation both editors show without a file of their own. */
  display?: OperationDisplay;
}

export interface Operation<S extends z.ZodTypeAny = z.ZodTypeAny, Out = unknown>
  extends Omit<OperationDefinition<S, Out>, 'fields' | 'input'> {
  /** The input the editors give: `input` itself, or with amounts as typed and Amounts Are In where it takes amounts. */
  input: z.ZodTypeAny;
  /** The path as a router spells it: `/v1/invoices/:invoice_id`. */
  route: string;
  fields: Fields;
  /** The body's keys, each an input key or a `nested` group (empty for GET and DELETE). */
  wireKeys: readonly string[];
  validate(raw: unknown): z.output<S>;
  /** The request for an input as given (validated or, in tests, deliberately not). */
  request(connection: Connection, input: z.input<S>): HttpRequest;
  /** `runOperation` for this operation: the call a platform makes, as a multi-step module's `run` is. */
  run(connection: Connection, raw: unknown, send: Send): Promise<Out>;
}

/** The object schema under any refinements, whose keys say where each input value travels. */
export function shapeOf(schema: z.ZodTypeAny): z.ZodRawShape {
  if (schema instanceof z.ZodEffects) return shapeOf(schema.innerType());
  return schema instanceof z.ZodObject ? schema.shape : {};
}

/** An operation's fields by key, in the order editors show them, each marked required as its schema says. */
export type Fields = Readonly<Record<string, FieldSpec & { required: boolean }>>;

/** The object inside a list, an optional or a preprocess step (a line item, an address), if any. */
function innerShape(schema: z.ZodTypeAny): z.ZodRawShape | undefined {
  if (schema instanceof z.ZodEffects) return innerShape(schema.innerType());
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return innerShape(schema.unwrap());
  if (schema instanceof z.ZodArray) return innerShape(schema.element);
  return schema instanceof z.ZodObject ? schema.shape : undefined;
}

/**
 * Required when the schema refuses the key absent: a top-level key, or a nested one
 * (an item's amount) under a required parent.
 */
function requiredIn(shape: z.ZodRawShape, key: string): boolean | undefined {
  if (key in shape) return !shape[key].isOptional();
  for (const parent of Object.values(shape)) {
    const nested = innerShape(parent);
    const required = nested && requiredIn(nested, key);
    if (required !== undefined) return required && !parent.isOptional();
  }
  return undefined;
}

/** A form's own words by key, so a refusal names the field as that form shows it (validateInput's `labels`). */
export const labelsOf = (fields: Fields): Record<string, string> =>
  Object.fromEntries(Object.values(fields).map((spec) => [spec.key, spec.label]));

export function fieldsOf(schema: z.ZodTypeAny, specs: readonly FieldSpec[] = []): Fields {
  const shape = shapeOf(schema);
  return Object.fromEntries(
    specs.map((spec) => [spec.key, { ...spec, required: requiredIn(shape, spec.key) ?? false }]),
  );
}

function url(connection: Connection, path: string, query?: Input): string {
  const base = `${normalizeBaseUrl(connection.baseUrl)}/${SERVICE.apiVersion}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** Path keys of a template: `/invoices/{invoice_id}` → `invoice_id`. */
const pathKeysOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

/**
 * Where each input key travels, checked once when the module loads: every key reaches the path, a header,
 * the query or the body, or is declared input-only; every body key comes from the input.
 */
function wireKeysOf(definition: OperationDefinition<z.ZodTypeAny, unknown>): string[] {
  const pathKeys = pathKeysOf(definition.path);
  const inputKeys = Object.keys(shapeOf(definition.input));
  const travelling = new Set([...pathKeys, ...Object.keys(HEADERS), ...(definition.inputOnly ?? [])]);
  const rest = inputKeys.filter((key) => !travelling.has(key));
  if (definition.method === 'GET' || definition.method === 'DELETE') return [];
  const nested = definition.nested ?? {};
  const wire = definition.bodySchema ? Object.keys(shapeOf(definition.bodySchema as z.ZodTypeAny)) : rest;
  const sent = new Set(wire.flatMap((key) => nested[key] ?? [key]));
  const where = `${definition.method} ${definition.path}`;
  const unsent = rest.filter((key) => !sent.has(key));
  if (unsent.length) {
    throw new Error(`${where}: input ${unsent.join(', ')} is neither in the body schema nor listed in inputOnly`);
  }
  const sourceless = [...sent].filter((key) => !inputKeys.includes(key));
  if (sourceless.length) throw new Error(`${where}: body key ${sourceless.join(', ')} is not an input key`);
  return wire;
}

/** The body: each wire key's value from the input, a nested group from its flat keys; absent values left out. */
function bodyOf(wireKeys: readonly string[], nested: Readonly<Record<string, readonly string[]>>, input: Input): Input {
  const defined = (keys: readonly string[]) =>
    Object.fromEntries(keys.filter((key) => input[key] !== undefined).map((key) => [key, input[key]]));
  const entries = wireKeys.map((key): [string, unknown] => {
    if (!nested[key]) return [key, input[key]];
    const group = defined(nested[key]);
    return [key, Object.keys(group).length ? group : undefined];
  });
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/** Builds the request for an input: path ids into the template, the rest into the query or the body, headers. */
export function buildRequest(operation: Operation, connection: Connection, given: unknown): HttpRequest {
  const input = (given ?? {}) as Input;
  const path = operation.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(input[key])));
  const hasBody = operation.method === 'POST' || operation.method === 'PATCH';
  const headers: Record<string, string> = { Accept: operation.accept ?? 'application/json' };
  if (connection.apiKey !== undefined) headers.Authorization = `Bearer ${connection.apiKey}`;
  if (hasBody) headers['Content-Type'] = 'application/json';
  for (const [key, header] of Object.entries(HEADERS))
    if (input[key] !== undefined) headers[header] = String(input[key]);
  if (hasBody) {
    const body = bodyOf(operation.wireKeys, operation.nested ?? {}, input);
    return { method: operation.method, url: url(connection, path), headers, body };
  }
  const skipped = new Set([...pathKeysOf(operation.path), ...Object.keys(HEADERS), ...(operation.inputOnly ?? [])]);
  const queryKeys = new Set(Object.keys(shapeOf(operation.input)).filter((key) => !skipped.has(key)));
  const query = Object.fromEntries(Object.entries(input).filter(([key]) => queryKeys.has(key)));
  return { method: operation.method, url: url(connection, path, query), headers };
}

/** `sample` and `labels` keep their given types, so a platform file reads them without a check for absence. */
export function defineOperation<S extends z.ZodTypeAny, Out, D extends OperationDefinition<S, Out>>(
  definition: D & OperationDefinition<S, Out>,
): Operation<S, Out> & Pick<D, 'sample' | 'labels'> {
  const amountSchemas = definition.amounts && typedAmountSchemas(definition.input, definition.amounts);
  const input = amountSchemas?.typed ?? definition.input;
  const fields = fieldsOf(input, definition.fields);
  const labels = labelsOf(fields);
  const operation: Operation<S, Out> & Pick<D, 'sample' | 'labels'> = {
    ...definition,
    input,
    inputOnly: [...(definition.inputOnly ?? []), ...(definition.amounts ? ['amount_unit'] : [])],
    route: `/${SERVICE.apiVersion}${definition.path.replace(/\{(\w+)\}/g, ':$1')}`,
    fields,
    wireKeys: wireKeysOf(definition),
    validate: (raw) => {
      const schema = amountSchemas ? amountSchemaFor(raw, amountSchemas) : input;
      return validateGiven(schema, raw ?? {}, { typedAmounts: schema === amountSchemas?.typed, labels });
    },
    request: (connection, given) => buildRequest(operation, connection, given),
    run: (connection, raw, send) => runOperation(operation, connection, raw, send),
  };
  return operation;
}

/** Throws the normalised ApiError for any non-2xx answer; returns the body otherwise. */
export function expectOk(response: RawResponse): unknown {
  if (response.status < 200 || response.status >= 300) throw normalizeError(response);
  return response.body;
}

/** The answer: a failed status as the normalised ApiError, a success read with the operation's own schema. */
export function readAnswer<Out>(operation: Operation<z.ZodTypeAny, Out>, response: RawResponse): Out {
  return operation.result(expectOk(response));
}

/**
 * Typed amounts whose currency is another resource's (a payment's is its invoice's): that resource read,
 * then each amount converted in its currency. Every other input passes as validated.
 */
export async function convertAmounts(
  operation: Operation,
  connection: Connection,
  input: Input,
  send: Send,
): Promise<Input> {
  const { amounts } = operation;
  if (!amounts || typeof amounts.currency === 'string') return input;
  const { from, key, check } = amounts.currency;
  const typed = awaitsCurrency(amounts, input);
  if (!typed && !check) return input;
  const looked = (await runOperation(from, connection, { [key]: input[key] }, send)) as { currency: string };
  const ready = typed ? convertTypedAmounts(amounts, input, looked.currency) : input;
  const issues = check?.(looked as never, ready) ?? [];
  if (issues.length) throw new InputError(issues);
  return ready;
}

/**
 * Validate → convert amounts → build the request → send → read the answer. Throws InputError before
 * sending, ApiError for any failed answer.
 */
export async function runOperation<S extends z.ZodTypeAny, Out>(
  operation: Operation<S, Out>,
  connection: Connection,
  raw: unknown,
  send: Send,
): Promise<Out> {
  const input = operation.validate(raw);
  const ready = await convertAmounts(operation as Operation, connection, input, send);
  const response = await send(buildRequest(operation as Operation, connection, ready));
  return readAnswer(operation, response);
}

/** A list answer read with its item schema, each item presented as the single-object operations present it. */
export function presentedPage<S extends z.ZodTypeAny, T>(item: S, present: (value: z.output<S>) => T) {
  const page = listPageSchema(item);
  return (body: unknown) => {
    const answer = read(page, body);
    return { object: 'list' as const, data: answer.data.map(present), has_more: answer.has_more };
  };
}

/** A 2xx body that does not match the contract is the service's fault, not the user's input. */
export function read<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(parseBody(body));
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues[0]?.path.join('.') || 'body';
  return unexpected(`the response did not have the expected shape (at ${where})`);
}

export function unexpected(detail: string): never {
  throw new ApiError({
    status: 502,
    code: 'unexpected_response',
    fieldErrors: [],
    message:
      `The Invoicing API answered in an unexpected way: ${detail}. ` +
      `Please report this to the connector's maintainers.`,
  });
}

/** Answers that mean "not there", for the multi-step operations that treat absence as an outcome. */
export function isAbsent(error: unknown, statuses: readonly number[] = [404]): boolean {
  return error instanceof ApiError && statuses.includes(error.status);
}
