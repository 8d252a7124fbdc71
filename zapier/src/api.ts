/**
 * The one bridge between Zapier and shared/: a `send` built on z.request, the connection read from
 * authData, and shared's two error classes turned into the errors Zapier knows how to show and retry.
 */
import type { Bundle, HttpRequestOptions, ZObject } from 'zapier-platform-core';
import { ApiError, InputError, networkError, type Connection, type Send } from '../../shared';

/**
 * Zapier ends a step after 30 s with its own generic error; giving up on the service a little earlier
 * lets the step fail with a message that says what happened and that it can be replayed.
 */
export const REQUEST_TIMEOUT_MS = 25_000;

/**
 * A deployment's base URL (a staging or local service) is a Zapier environment variable
 * (`zapier-platform env:set <version> INVOICING_API_BASE_URL=…`), never a connection field: Zapier's
 * servers cannot reach a user's localhost, and every user of the public app would see the field.
 */
export const BASE_URL_VARIABLE = 'INVOICING_API_BASE_URL';

export function connectionOf(bundle: Pick<Bundle, 'authData'>): Connection {
  return { apiKey: bundle.authData.api_key ?? '', baseUrl: process.env[BASE_URL_VARIABLE] };
}

export function sender(z: ZObject): Send {
  return async (request) => {
    const options = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      // core's request check refuses a body holding "{{bundle.…}}" (and turning it off with `merge: false`
      // also let an echoed key into Zapier's logs): a user's text goes as typed, each "{{" sent as JSON's
      // "{\u007b", which the service reads back as "{{" (issue 32).
      body: request.body === undefined ? undefined : JSON.stringify(request.body).replace(/\{\{/g, '{\\u007b'),
      // Every status, 429 included, reaches shared's normalizeError, which writes the message.
      skipThrowForStatus: true,
      throwForThrottlingEarly: false,
      timeout: REQUEST_TIMEOUT_MS,
    } as HttpRequestOptions & { url: string };
    let response;
    try {
      response = await z.request(options);
    } catch (error) {
      // node-fetch (under z.request) marks its own timeout this way.
      throw networkError(error, { timedOut: (error as { type?: string })?.type === 'request-timeout' });
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, body: response.content };
  };
}

/** shared's InputError / ApiError → the Zapier error that makes the editor say and do the right thing. */
function zapierError(z: ZObject, error: unknown): unknown {
  if (error instanceof InputError) return new z.errors.Error(error.message, 'invalid_input', 400);
  if (!(error instanceof ApiError)) return error;
  if (error.status === 401) return new z.errors.ExpiredAuthError(error.message);
  if (error.status === 429) return new z.errors.ThrottledError(error.message, error.retryAfterSeconds);
  return new z.errors.Error(error.message, error.code, error.status);
}

/** What a Zapier action calls: a shared operation (single or multi-step), run as one step. */
interface Runnable<T> {
  run(connection: Connection, raw: unknown, send: Send): Promise<T>;
}

/** Runs one shared operation with this bundle's connection and a Zapier `send`, translating whatever it throws. */
export async function runFor<T>(
  z: ZObject,
  bundle: Pick<Bundle, 'authData'>,
  operation: Runnable<T>,
  raw: unknown,
): Promise<T> {
  try {
    return await operation.run(connectionOf(bundle), raw, sender(z));
  } catch (error) {
    throw zapierError(z, error);
  }
}

/** Runs `work` with this bundle's connection and a Zapier `send`, translating whatever it throws. */
export async function call<T>(
  z: ZObject,
  bundle: Pick<Bundle, 'authData'>,
  work: (connection: Connection, send: Send) => Promise<T>,
): Promise<T> {
  try {
    return await work(connectionOf(bundle), sender(z));
  } catch (error) {
    throw zapierError(z, error);
  }
}
