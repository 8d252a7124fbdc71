/**
 * The machinery every operation module shares: one validation of the whole input (path ids and the
 * idempotency key included), the request built from the input by the operation's method and path
 * template, and the answer read with the operation's own schema. A platform supplies only `send` (its
 * own HTTP client) and maps the two error classes (InputError, ApiError) to its idioms.
 */
import { z } from 'zod';
import { ApiError, normalizeError, parseBody, type RawResponse } from '../errors';
import type { FieldSpec } from '../fields';
import { SERVICE, normalizeBaseUrl } from '../identity';
import { listPageSchema } from '../schemas/resources';
import { validateInput } from '../validation';

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

export interface OperationDefinition<S extends z.ZodTypeAny, Out> {
  method: HttpMethod;
  /** After the version, with `{key}` for each input key that is part of the path: `/invoices/{invoice_id}`. */
  path: string;
  /** The whole input, one zod schema: one validation names every broken field. */
  input: S;
  /**
   * The JSON body, when it is not simply the input's remaining keys (path and header keys taken out).
   * GET and DELETE send those keys as the query instead.
   */
  body?: (input: z.output<S>) => unknown;
  /** The body as the service checks it, where `body` reshapes the input (docs/openapi.json shows this one). */
  bodySchema?: DocumentedSchema;
  result: (body: unknown) => Out;
  /** The success status the contract decides (any 2xx is read as success; this one is what docs/openapi.json states). */
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
}

export interface Operation<S extends z.ZodTypeAny = z.ZodTypeAny, Out = unknown> extends Omit<OperationDefinition<S, Out>, 'fields'> {
  /** The path as a router spells it: `/v1/invoices/:invoice_id`. */
  route: string;
  fields: Fields;
  validate(raw: unknown): z.output<S>;
  /** The request for an input as given (validated or, in tests, deliberately not). */
  request(connection: Connection, input: z.input<S>): HttpRequest;
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

/** Required when the schema refuses the key absent: a top-level key, or a nested one (an item's amount) under a required parent. */
function requiredIn(shape: z.ZodRawShape, key: string): boolean | undefined {
  if (key in shape) return !shape[key].isOptional();
  for (const parent of Object.values(shape)) {
    const nested = innerShape(parent);
    const required = nested && requiredIn(nested, key);
    if (required !== undefined) return required && !parent.isOptional();
  }
  return undefined;
}

export function fieldsOf(schema: z.ZodTypeAny, specs: readonly FieldSpec[] = []): Fields {
  const shape = shapeOf(schema);
  return Object.fromEntries(specs.map((spec) => [spec.key, { ...spec, required: requiredIn(shape, spec.key) ?? false }]));
}

function url(connection: Connection, path: string, query?: Input): string {
  const base = `${normalizeBaseUrl(connection.baseUrl)}/${SERVICE.apiVersion}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** `sample` and `labels` keep their given types, so a platform file reads them without a check for absence. */
export function defineOperation<S extends z.ZodTypeAny, Out, D extends OperationDefinition<S, Out>>(
  definition: D & OperationDefinition<S, Out>,
): Operation<S, Out> & Pick<D, 'sample' | 'labels'> {
  const pathKeys = [...definition.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const restKeys = new Set(Object.keys(shapeOf(definition.input)).filter((key) => !pathKeys.includes(key) && !(key in HEADERS)));
  const hasBody = definition.method === 'POST' || definition.method === 'PATCH';

  function request(connection: Connection, given: z.input<S>): HttpRequest {
    const input = (given ?? {}) as Input;
    const path = definition.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(input[key])));
    const rest = Object.fromEntries(Object.entries(input).filter(([key, value]) => restKeys.has(key) && value !== undefined));
    const headers: Record<string, string> = { Accept: definition.accept ?? 'application/json' };
    if (connection.apiKey !== undefined) headers.Authorization = `Bearer ${connection.apiKey}`;
    const body = hasBody ? (definition.body ? definition.body(input as z.output<S>) : rest) : undefined;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    for (const [key, header] of Object.entries(HEADERS)) if (input[key] !== undefined) headers[header] = String(input[key]);
    const built: HttpRequest = { method: definition.method, url: url(connection, path, hasBody ? undefined : rest), headers };
    if (body !== undefined) built.body = body;
    return built;
  }

  return {
    ...definition,
    route: `/${SERVICE.apiVersion}${definition.path.replace(/\{(\w+)\}/g, ':$1')}`,
    fields: fieldsOf(definition.input, definition.fields),
    validate: (raw) => validateInput(definition.input, raw ?? {}),
    request,
  };
}

/** Throws the normalised ApiError for any non-2xx answer; returns the body otherwise. */
export function expectOk(response: RawResponse): unknown {
  if (response.status < 200 || response.status >= 300) throw normalizeError(response);
  return response.body;
}

/** Validate → build → send → read. Throws InputError before sending, ApiError for any failed answer. */
export async function runOperation<S extends z.ZodTypeAny, Out>(
  operation: Operation<S, Out>, connection: Connection, raw: unknown, send: Send,
): Promise<Out> {
  const input = operation.validate(raw);
  const response = await send(operation.request(connection, input));
  return operation.result(expectOk(response));
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
  throw new ApiError({ status: 502, code: 'unexpected_response', fieldErrors: [],
    message: `The Invoicing API answered in an unexpected way: ${detail}. Please report this to the connector's maintainers.` });
}

/** Answers that mean "not there", for the multi-step operations that treat absence as an outcome. */
export function isAbsent(error: unknown, statuses: readonly number[] = [404]): boolean {
  return error instanceof ApiError && statuses.includes(error.status);
}
