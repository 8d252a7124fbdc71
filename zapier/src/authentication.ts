/** API key connection: tested with GET /v1/account, labelled with the account name and its mode. */
import type { AuthField, Authentication, Bundle, ZObject } from 'zapier-platform-core';
import { FIELDS, SERVICE, keyMode, operations, runOperation, type Account } from '../../shared';
import { call } from './api';
import { inputField } from './fields';

const test = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, (connection, send) => runOperation(operations.getAccount, connection, {}, send));

/** Zapier passes the test's result as inputData; only the account name and the key's mode are shown. */
const connectionLabel = async (_z: ZObject, bundle: Bundle<Partial<Account>>) => {
  const testMode = keyMode(bundle.authData.api_key ?? '') === 'test' || bundle.inputData.livemode === false;
  return `${bundle.inputData.name ?? `${SERVICE.displayName} account`}${testMode ? ' (Test mode)' : ''}`;
};

export const authentication = {
  type: 'custom',
  fields: [
    // Catalogue types map to string/password/boolean only, all valid for auth fields. The base URL is
    // an environment variable (api.ts), not a field every user would see.
    inputField(FIELDS.connection.apiKey, { type: 'password' }) as AuthField,
  ],
  test,
  connectionLabel,
} satisfies Authentication;
