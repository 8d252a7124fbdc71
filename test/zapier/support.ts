/** Shared by the Zapier unit tests: the app under test, a connection that nock answers, error reading. */
import { createAppTester } from 'zapier-platform-core';
import { SERVICE, normalizeBaseUrl } from '../../shared';
import App from '../../zapier/src';

import { nock } from './nock';

export { nock };

export const app = App;
export const appTester = createAppTester(App);

export const API_KEY = 'ik_test_unitTestKey123';
export const authData = { api_key: API_KEY };
/** The default production host: no base URL given, as most connections will be. */
export const api = (options?: { badheaders?: string[] }) => nock(normalizeBaseUrl(SERVICE.defaultBaseUrl), options);

export const problem = (status: number, code: string, detail: string, extra: object = {}) => ({
  type: `https://docs.invoicing.example/errors/${code}`,
  title: code,
  status,
  detail,
  code,
  request_id: 'req_unit',
  ...extra,
});

/** What a Zap builder would read: Zapier's errors carry a JSON message; others a plain one. */
export async function failure(
  promise: Promise<unknown>,
): Promise<{ name: string; message: string; delay?: number; code?: string }> {
  try {
    await promise;
  } catch (error) {
    const { name, message } = error as Error;
    try {
      const parsed = JSON.parse(message) as { message: string; delay?: number; code?: string };
      return { name, message: parsed.message, delay: parsed.delay, code: parsed.code };
    } catch {
      return { name, message };
    }
  }
  throw new Error('expected the operation to fail, but it succeeded');
}

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
// Each test file loads its own nock, but files share a jest worker's `http` module: undo the patch.
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});
