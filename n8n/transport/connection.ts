/**
 * The bridge between n8n and shared/: the connection read from the credential, and a shared `send`
 * built on n8n's authenticated request helper. Every status reaches shared's normalizeError (which
 * writes the message); a 429 is first waited out with n8n-workflow's `sleep`.
 */
import {
  sleep,
  type ICredentialDataDecryptedObject,
  type ICredentialsDecrypted,
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
    if (
      /timeout|ETIMEDOUT/i.test(String(current.message)) ||
      current.code === 'ECONNABORTED' ||
      current.code === 'ETIMEDOUT'
    )
      return true;
    current = current.cause as typeof current;
  }
  return false;
}

/**
 * The credential, read once per node run. Without it n8n's `httpRequestWithAuthentication` reads and
 * decrypts the credential from its database for every request (n8n-core's request-helpers
 * `authentication.js`); handed over as `credentialsDecrypted`, it is read here once, and the key still
 * reaches the request only through the credential's `authenticate`.
 */
const credentials = new WeakMap<Context, Promise<ICredentialsDecrypted>>();

function credentialOf(context: Context): Promise<ICredentialsDecrypted> {
  let credential = credentials.get(context);
  if (!credential) {
    const reference = context.getNode().credentials?.[CREDENTIAL];
    credential = context
      .getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL)
      .then((data) => ({ id: reference?.id ?? '', name: reference?.name ?? '', type: CREDENTIAL, data }));
    // A failed read is not kept: the next call asks n8n again and gets n8n's own error.
    credential.catch(() => credentials.delete(context));
    credentials.set(context, credential);
  }
  return credential;
}

/** Only the base URL: the credential's `authenticate` attaches the key, so it stays in n8n's credential code. */
export async function connectionOf(context: Context): Promise<Connection> {
  const { data } = await credentialOf(context);
  return { baseUrl: (data as StoredCredential | undefined)?.baseUrl };
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
      const credentialsDecrypted = await credentialOf(context);
      response = await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL, options, {
        credentialsDecrypted,
      });
    } catch (error) {
      throw networkError(error, { timedOut: timedOut(error) });
    }
    if (!file) return { status: response.statusCode, headers: response.headers, body: response.body };
    const bytes = Buffer.from(response.body as ArrayBuffer);
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.statusCode < 300 ? bytes : bytes.toString('utf8'),
    };
  };
  return waitOutRateLimits(send, { sleep });
}
