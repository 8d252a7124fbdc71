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
    nodeDisplayName: 'Invoicing API',
    triggerDisplayName: 'Invoicing API Trigger',
    credentialDisplayName: 'Invoicing API',
  },
} as const;

export const KEY_PREFIX = { live: 'ik_live_', test: 'ik_test_' } as const;

export type KeyMode = 'live' | 'test';

/** Live keys carry a fixed prefix (spec §5); anything else we cannot classify. */
export function keyMode(apiKey: string): KeyMode | undefined {
  if (apiKey.startsWith(KEY_PREFIX.live)) return 'live';
  if (apiKey.startsWith(KEY_PREFIX.test)) return 'test';
  return undefined;
}

const VERSION_AND_PATH = new RegExp(`/${SERVICE.apiVersion}(/.*)?$`);

/**
 * Normalises a user-entered base URL: trims, drops trailing slashes and a pasted `/v1` or endpoint path
 * (`…/v1/invoices`), since builders add the version themselves.
 */
export function normalizeBaseUrl(baseUrl: string | undefined): string {
  const raw = (baseUrl ?? '').trim() || SERVICE.defaultBaseUrl;
  return raw.replace(/\/+$/, '').replace(VERSION_AND_PATH, '');
}
