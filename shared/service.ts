/**
 * The service's identity, held once: the spec gives the service no name, so a real name, host or key
 * prefix is a one-line change here (contract: "Identity and environment").
 */
export const SERVICE = {
  displayName: 'Invoicing API',
  /** Placeholder production host; connections may point elsewhere (the sandbox, a private deployment). */
  defaultBaseUrl: 'https://api.invoicing.example/',
  sandboxBaseUrl: 'http://127.0.0.1:4010/',
  apiVersion: 'v1',
  docsUrl: 'https://docs.invoicing.example/',
  apiKeysUrl: 'https://dashboard.invoicing.example/settings/api-keys',
  n8n: {
    packageName: 'n8n-nodes-invoicing-api',
  },
} as const;

export const KEY_PREFIX = { live: 'ik_live_', test: 'ik_test_' } as const;

/** Webhook signing secrets (Standard Webhooks' convention). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** How each object's id starts (contract: "Identifiers"). */
export const ID_PREFIX = {
  invoice: 'inv_',
  client: 'cli_',
  payment: 'pay_',
  refund: 'rf_',
  webhook: 'we_',
  event: 'evt_',
  product: 'prod_',
  credit_note: 'cn_',
  debit_note: 'dn_',
} as const;

export type KeyMode = 'live' | 'test';

/** Live keys carry a fixed prefix (spec §5); anything else we cannot classify. */
export function keyMode(apiKey: string): KeyMode | undefined {
  if (apiKey.startsWith(KEY_PREFIX.live)) return 'live';
  if (apiKey.startsWith(KEY_PREFIX.test)) return 'test';
  return undefined;
}

/** What a typed base URL loses: trailing slashes, then a pasted `/v1` or endpoint path (`…/v1/invoices`). */
const BASE_URL_TAILS = [/\/+$/, new RegExp(`/${SERVICE.apiVersion}(/.*)?$`)];

/** Normalises a user-entered base URL (trimmed, empty → the default), since requests add the version themselves. */
export function normalizeBaseUrl(baseUrl: string | undefined): string {
  const raw = (baseUrl ?? '').trim() || SERVICE.defaultBaseUrl;
  return BASE_URL_TAILS.reduce((url, tail) => url.replace(tail, ''), raw);
}

/**
 * The same normalisation as a JavaScript expression over `value` (an expression too), for the one place
 * that cannot call our code: the n8n credential test, which n8n evaluates by itself.
 */
export function normalizeBaseUrlExpression(value: string): string {
  const tails = BASE_URL_TAILS.map((tail) => `.replace(/${tail.source}/, "")`).join('');
  return `((${value} || "").trim() || ${JSON.stringify(SERVICE.defaultBaseUrl)})${tails}`;
}
