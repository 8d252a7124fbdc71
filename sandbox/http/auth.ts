import type { IncomingHttpHeaders } from 'node:http';
import { type Account, KEY_PREFIX, SERVICE, keyMode } from '../../shared';
import { ISSUED_KEY } from '../domain/accounts';
import { Problem } from '../domain/problems';
import type { AccountStore } from '../storage/accountStore';
import type { ApiKeyRecord } from '../storage/records';

/** Where a sandbox user gets a key: said in every 401, since the real service's key page does not apply here. */
export const WHERE_KEYS_COME_FROM =
  'Use the key the sandbox printed at its first start, or make one with ' +
  '"npm start -- keys create" or on the dashboard\'s Keys page (/dashboard#/keys).';

/** The account of an API call, or the 401/403 the contract decides. Messages never repeat the key. */
export function authenticate(
  headers: IncomingHttpHeaders,
  accounts: AccountStore,
): { account: Account; key: ApiKeyRecord } {
  const header = headers.authorization;
  if (!header) {
    throw new Problem(
      401,
      'invalid_api_key',
      `No API key. Send the header "Authorization: Bearer ${KEY_PREFIX.test}…". ${WHERE_KEYS_COME_FROM}`,
    );
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) {
    throw new Problem(
      401,
      'invalid_api_key',
      `The Authorization header must be "Bearer " followed by an API key. ${WHERE_KEYS_COME_FROM}`,
    );
  }
  const key = match[1];
  if (keyMode(key) === 'live') {
    throw new Problem(
      403,
      'forbidden',
      `This is the ${SERVICE.displayName} sandbox, which accepts test keys only (${KEY_PREFIX.test}…). ` +
        `A live key (${KEY_PREFIX.live}…) acts on real invoices and money, so it is refused here; use a test key.`,
    );
  }
  const opened = ISSUED_KEY.test(key) ? accounts.activeKey(key) : undefined;
  if (!opened) {
    throw new Problem(
      401,
      'invalid_api_key',
      `This sandbox did not issue this API key, or it was revoked. ${WHERE_KEYS_COME_FROM}`,
    );
  }
  return opened;
}
