/**
 * One error shape from any response the service (or a proxy in front of it) might give: problem+json
 * as the contract decides, but also `{error:{message}}`, `{message}`, plain text, an HTML error page
 * or nothing at all, since the real service's shape is unknown. Messages are fit to show a user and
 * never carry a key or a webhook secret.
 */
import { KEY_PREFIX, SERVICE, WEBHOOK_SECRET_PREFIX } from './service';
import { fieldLabel, namesItsPlace } from './validation';

export interface RawResponse {
  status: number;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
}

export interface FieldError {
  field: string;
  message: string;
}

export interface NormalizedError {
  status: number;
  code: string;
  message: string;
  fieldErrors: FieldError[];
  retryAfterSeconds?: number;
  requestId?: string;
}

export class ApiError extends Error implements NormalizedError {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldError[];
  readonly retryAfterSeconds?: number;
  readonly requestId?: string;
  constructor(details: NormalizedError) {
    super(details.message);
    this.status = details.status;
    this.code = details.code;
    this.fieldErrors = details.fieldErrors;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.requestId = details.requestId;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Built from the prefixes service.ts declares, so renaming a prefix there keeps its secrets out of messages. */
const SECRET_PATTERNS = [
  ...[...Object.values(KEY_PREFIX), WEBHOOK_SECRET_PREFIX].map(
    (prefix) => new RegExp(`\\b${escapeRegExp(prefix)}[A-Za-z0-9+/=_-]+`, 'g'),
  ),
  /\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi,
];

/** Replaces anything that looks like an API key, a webhook secret or a bearer token. */
export function redactSecrets(text: string): string {
  return SECRET_PATTERNS.reduce(
    (out, pattern) =>
      out.replace(pattern, (match, bearer?: string) =>
        typeof bearer === 'string' && /^bearer$/i.test(bearer) ? `${bearer} [redacted]` : '[redacted]',
      ),
    text,
  );
}

export function headerValue(headers: RawResponse['headers'], name: string): string | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3); `now` only for the date form. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // Every HTTP-date form starts with a day name; Date.parse alone reads "1.5" as a date in 2001.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

const DEFAULT_CODES: Record<number, string> = {
  400: 'invalid_json',
  401: 'invalid_api_key',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  422: 'validation_failed',
  429: 'rate_limited',
};

function stripHtml(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  const text = (title ?? html)
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ');
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A body as JSON when it is a JSON object or array, else as the text it is (an HTML page, plain words). */
export function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const text = body.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

interface Extracted {
  detail?: string;
  code?: string;
  fieldErrors: FieldError[];
  requestId?: string;
}

function extract(body: unknown): Extracted {
  if (typeof body === 'string') {
    const detail = /<[a-z!][\s\S]*>/i.test(body) ? stripHtml(body) : body.replace(/\s+/g, ' ').trim();
    return { detail: detail ? detail.slice(0, 300) : undefined, fieldErrors: [] };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { fieldErrors: [] };
  const record = body as Record<string, any>;
  const nested = record.error && typeof record.error === 'object' ? record.error : undefined;
  const fieldErrors: FieldError[] = (Array.isArray(record.errors) ? record.errors : [])
    .filter((entry: any) => entry && typeof entry === 'object')
    .map((entry: any) => {
      const field = str(entry.param) ?? str(entry.field) ?? str(entry.path) ?? 'input';
      const message = str(entry.message) ?? 'is invalid';
      const key = field
        .split('.')
        .pop()!
        .replace(/\[\d+\]$/, '');
      // Our own service (and the sandbox) already name the field the way validateInput does.
      return { field, message: namesItsPlace(message, key) ? message : `${fieldLabel(key)} (${field}): ${message}` };
    });
  return {
    detail: str(record.detail) ?? str(nested?.message) ?? str(record.error) ?? str(record.message) ?? str(record.title),
    code: str(record.code) ?? str(nested?.code) ?? str(nested?.type),
    fieldErrors,
    requestId: str(record.request_id) ?? str(nested?.request_id),
  };
}

/** The input key sent as the Idempotency-Key header; the service's words for the header become the field's label. */
const IDEMPOTENCY_KEY = 'idempotency_key';
const HEADER_WORDS = /\bIdempotency[- ]Key\b(?: header)?/gi;

function compose(status: number, found: Extracted, retryAfter?: number): string {
  const said = found.detail?.replace(HEADER_WORDS, fieldLabel(IDEMPOTENCY_KEY));
  const detail = said ? ` ${said.replace(/[.\s]*$/, '.')}` : '';
  const name = SERVICE.displayName;
  switch (status >= 500 ? 500 : status) {
    case 401:
      return (
        `${name} did not accept the API key (HTTP 401).${detail} ` +
        `Reconnect the account with a valid key from ${SERVICE.apiKeysUrl}.`
      );
    case 403:
      return `${name} refused this request for this key (HTTP 403).${detail}`;
    case 404:
      return `Not found (HTTP 404).${detail || ' Check the ID.'}`;
    case 409:
      if (found.code === 'idempotency_in_progress') {
        return (
          `${name} is still working on an earlier request ` +
          `with this ${fieldLabel(IDEMPOTENCY_KEY)} (HTTP 409).${detail} ` +
          'Replay this step in a moment to get its result.'
        );
      }
      if (found.code === 'idempotency_key_reused') {
        return (
          `${name} already used this ${fieldLabel(IDEMPOTENCY_KEY)} for different details (HTTP 409).${detail} ` +
          `Map a value unique to this record, or leave ${fieldLabel(IDEMPOTENCY_KEY)} empty.`
        );
      }
      return `${name} answered HTTP 409.${detail || ' The request was not accepted.'}`;
    case 422:
      return (
        `${name} rejected the input (HTTP 422).` +
        `${found.fieldErrors.length ? ` ${found.fieldErrors.map((f) => f.message).join('; ')}.` : detail}`
      );
    case 429:
      return (
        `Too many requests to ${name} (HTTP 429).` +
        `${retryAfter !== undefined ? ` Try again in ${retryAfter} s.` : ' Try again shortly.'}`
      );
    case 413:
      return `The request is too large for ${name} (HTTP 413): send fewer line items or shorter descriptions.${detail}`;
    case 500:
      return (
        `${name} is failing right now (HTTP ${status}).${detail} ` +
        `This step can be replayed once the service recovers.`
      );
    case 408:
      return `${name} did not answer in time (HTTP ${status}).${detail} This step can be replayed.`;
    default:
      return `${name} answered HTTP ${status}.${detail || ' The request was not accepted.'}`;
  }
}

/** Any non-2xx response → one ApiError whose message a user can act on. */
export function normalizeError(response: RawResponse): ApiError {
  const { status } = response;
  const found = extract(parseBody(response.body));
  const retryAfterSeconds = parseRetryAfter(headerValue(response.headers, 'retry-after'));
  const code = found.code ?? DEFAULT_CODES[status] ?? (status >= 500 ? 'internal_error' : `http_${status}`);
  return new ApiError({
    status,
    code,
    message: redactSecrets(compose(status, found, retryAfterSeconds)),
    fieldErrors: found.fieldErrors.map((f) => ({ field: redactSecrets(f.field), message: redactSecrets(f.message) })),
    retryAfterSeconds,
    requestId: found.requestId,
  });
}

/** A request that got no HTTP answer: refused, reset, or timed out. Safe to replay with the same idempotency key. */
/**
 * Node refuses to send a header with a character outside Latin-1 (ERR_INVALID_CHAR, or fetch's ByteString
 * TypeError) before connecting. The one header a user types unchecked is the API key (the Prevent Duplicates
 * Key is checked as plain ASCII beforehand), so that is what the message names.
 */
function isUnsendableHeader(cause: unknown): boolean {
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'ERR_INVALID_CHAR' ||
    (typeof message === 'string' && /ByteString|Invalid character in header/i.test(message))
  );
}

export function networkError(cause: unknown, options: { timedOut?: boolean } = {}): ApiError {
  if (isUnsendableHeader(cause)) {
    return new ApiError({
      status: 0,
      code: 'invalid_api_key',
      fieldErrors: [{ field: 'api_key', message: 'is not plain ASCII' }],
      message:
        `The connection's ${fieldLabel('api_key')} contains characters ` +
        `that are not plain ASCII (a pasted space, quote or ` +
        `symbol?); nothing was sent. Copy the key again from ${SERVICE.apiKeysUrl} and reconnect.`,
    });
  }
  const reason = cause instanceof Error ? cause.message : String(cause ?? 'unknown error');
  const message = options.timedOut
    ? `${SERVICE.displayName} did not answer in time. This step can be replayed.`
    : `Could not reach ${SERVICE.displayName} (${reason}). Check the connection's base URL; this step can be replayed.`;
  return new ApiError({
    status: 0,
    code: options.timedOut ? 'timeout' : 'network_error',
    message: redactSecrets(message),
    fieldErrors: [],
  });
}
