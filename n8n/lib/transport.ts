/**
 * The bridge between n8n and shared/: the connection read from the credential, and a shared `send`
 * built on n8n's authenticated request helper. Every status reaches shared's normalizeError (which
 * writes the message); a 429 is first waited out with n8n-workflow's `sleep`.
 */
import {
  sleep,
  type IExecuteFunctions,
  type IHookFunctions,
  type ILoadOptionsFunctions,
  type IHttpRequestOptions,
  type IPollFunctions,
  type IWebhookFunctions,
} from 'n8n-workflow';

import { networkError, waitOutRateLimits, type Connection, type Send } from '../../shared';

export const CREDENTIAL = 'invoicingApi';
const JSON_MEDIA_TYPE = 'application/json';

/** Long enough for a 100-item invoice on a slow day; short of n8n's own execution timeouts. */
const REQUEST_TIMEOUT_MS = 30_000;

type Context = IExecuteFunctions | IHookFunctions | IWebhookFunctions | IPollFunctions | ILoadOptionsFunctions;

interface StoredCredential {
  baseUrl?: string;
}

/**
 * n8n's request helper turns axios's "timeout of 30000ms exceeded" (code ECONNABORTED) into its own
 * error ("The connection was aborted, perhaps the server is offline"); the original stays its cause.
 */
function timedOut(error: unknown): boolean {
  let current = error as { message?: unknown; code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (/timeout|ETIMEDOUT/i.test(String(current.message)) || current.code === 'ECONNABORTED' || current.code === 'ETIMEDOUT') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Only the base URL: the credential's `authenticate` attaches the key, so it stays in n8n's credential code. */
export async function connectionOf(context: Context): Promise<Connection> {
  const credential = await context.getCredentials<StoredCredential>(CREDENTIAL);
  return { baseUrl: credential.baseUrl };
}

export function sender(context: Context): Send {
  const send: Send = async (request) => {
    // A file (the invoice PDF) comes back as bytes; its refusals are still problem JSON, read as text.
    const file = request.headers.Accept !== JSON_MEDIA_TYPE;
    const options: IHttpRequestOptions = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body as IHttpRequestOptions['body'],
      json: true,
      returnFullResponse: true,
      ignoreHttpStatusErrors: true,
      timeout: REQUEST_TIMEOUT_MS,
      ...(file ? { json: false, encoding: 'arraybuffer' as const } : {}),
    };
    let response: { statusCode: number; headers: Record<string, string | string[] | undefined>; body: unknown };
    try {
      response = await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL, options);
    } catch (error) {
      throw networkError(error, { timedOut: timedOut(error) });
    }
    if (!file) return { status: response.statusCode, headers: response.headers, body: response.body };
    const bytes = Buffer.from(response.body as ArrayBuffer);
    return { status: response.statusCode, headers: response.headers, body: response.statusCode < 300 ? bytes : bytes.toString('utf8') };
  };
  return waitOutRateLimits(send, { sleep });
}
