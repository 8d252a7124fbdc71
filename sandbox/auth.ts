import type { IncomingHttpHeaders } from 'node:http';
import { KEY_PREFIX, SERVICE, keyMode } from '../shared';
import { randomToken } from './ids';
import { Problem } from './problems';

/** Any `ik_test_` key of this shape works, so a test can make up its own and get its own rate limit. */
const WELL_FORMED_TEST_KEY = new RegExp(`^${KEY_PREFIX.test}[A-Za-z0-9_]{8,}$`);

export function newTestKey(): string {
  return `${KEY_PREFIX.test}${randomToken(24)}`;
}

/** The key of an API call, or the 401/403 the contract decides. Messages never repeat the key. */
export function authenticate(headers: IncomingHttpHeaders): string {
  const header = headers.authorization;
  if (!header) {
    throw new Problem(401, 'invalid_api_key',
      `No API key. Send the header "Authorization: Bearer ${KEY_PREFIX.test}…" with the test key the sandbox printed at start.`);
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) {
    throw new Problem(401, 'invalid_api_key', 'The Authorization header must be "Bearer " followed by an API key.');
  }
  const key = match[1];
  if (keyMode(key) === 'live') {
    throw new Problem(403, 'forbidden',
      `This is the ${SERVICE.displayName} sandbox, which accepts test keys only (${KEY_PREFIX.test}…). ` +
      `A live key (${KEY_PREFIX.live}…) acts on real invoices and money, so it is refused here; use a test key.`);
  }
  if (!WELL_FORMED_TEST_KEY.test(key)) {
    throw new Problem(401, 'invalid_api_key',
      `The API key is not a well-formed test key: it must start ${KEY_PREFIX.test} followed by at least 8 letters, digits or underscores.`);
  }
  return key;
}
