/**
 * Zapier's connection for tests that run the app in this process: the key in authData, the base URL
 * in the environment variable the app reads (what `zapier-platform env:set` sets for a deployment).
 */
import { BASE_URL_VARIABLE } from '../../zapier/src/api';

export function zapierAuth(apiKey: string, baseUrl: string): { api_key: string } {
  process.env[BASE_URL_VARIABLE] = baseUrl;
  return { api_key: apiKey };
}

/** Back to the public default (https://api.invoicing.example), for tests that nock it. */
export function defaultBaseUrl(): void {
  delete process.env[BASE_URL_VARIABLE];
}
