/**
 * The credential's key reaches requests through a function `authenticate`, and a node run reads the
 * credential once (handed to n8n as `credentialsDecrypted`): the same requests as the generic header did,
 * for fewer database reads and no expression per request (docs/performance.md, "n8n CPU per item").
 */
import fc from 'fast-check';
import type { IHttpRequestOptions } from 'n8n-workflow';

import { InvoicingApi } from '../../n8n/credentials/InvoicingApi.credentials';
import { setUp, startProxy, type Setup } from './support';

let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

const authenticate = new InvoicingApi().authenticate as (
  credentials: Record<string, unknown>,
  options: IHttpRequestOptions,
) => Promise<IHttpRequestOptions>;

test('the header is what the generic "=Bearer {{$credentials.apiKey}}" gave, the request otherwise untouched', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.string({ minLength: 1 }),
      fc.dictionary(fc.stringMatching(/^[A-Z][a-z-]{0,10}$/), fc.string()),
      async (apiKey, headers) => {
        const given: IHttpRequestOptions = {
          url: 'http://h/v1/account',
          method: 'GET',
          headers: { ...headers },
          json: true,
        };
        const before = JSON.stringify(given);
        const sent = await authenticate({ apiKey, baseUrl: 'http://h' }, given);
        expect(sent).toEqual({ ...given, headers: { ...headers, Authorization: `Bearer ${apiKey}` } });
        expect(JSON.stringify(given)).toBe(before);
      },
    ),
  );
});

test('Create Invoice over 6 items reads the credential once, and every request carries the key', async () => {
  const proxy = await startProxy(s.sandbox.baseUrl);
  try {
    const credentials = { invoicingApi: { apiKey: s.sandbox.testKey, baseUrl: proxy.url } };
    const run = await s.run(
      {
        resource: 'invoice',
        operation: 'create',
        client_email: 'ana@example.com',
        currency: 'INR',
        items: { item: [{ description: 'Hosting', amount: '2,400.00' }] },
      },
      { credentials, input: Array.from({ length: 6 }, (_, order) => ({ order })) },
    );
    expect(run.error).toBeUndefined();
    expect(run.items).toHaveLength(6);
    expect(run.credentialReads).toBe(1);
    const creates = proxy.calls.filter((call) => call.method === 'POST');
    expect(creates).toHaveLength(6);
    for (const call of creates) expect(call.headers.authorization).toBe(`Bearer ${s.sandbox.testKey}`);
    expect(JSON.stringify(run.items)).not.toContain(s.sandbox.testKey);
  } finally {
    await proxy.close();
  }
});

test('a revoked key: the service refuses it, the error names no key, and nothing is created', async () => {
  const wrongKey = ['ik', 'test', 'Revoked0000000000000'].join('_');
  const run = await s.run(
    { resource: 'invoice', operation: 'getAll', returnAll: false, limit: 1 },
    { credentials: { invoicingApi: { apiKey: wrongKey, baseUrl: s.sandbox.baseUrl } } },
  );
  expect(run.error).toBeDefined();
  const shown = JSON.stringify({
    message: run.error?.message,
    description: (run.error as { description?: string }).description,
  });
  expect(shown).toMatch(/API key/);
  expect(shown).not.toContain(wrongKey);
  expect(run.credentialReads).toBe(1);
});
