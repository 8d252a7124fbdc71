/**
 * What a busy or flaky service does to a workflow, through n8n-core's real engine: Retry On Fail after an
 * answer got lost must not create a second invoice, a 429 is waited out, many items stay within the
 * concurrency limit. A proxy in front of the sandbox plays the network.
 */
import { operations, setUp, startProxy, type ProxiedCall, type Setup } from './support';

let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

const invoicesFor = async (email: string) =>
  (await s.api((c) => operations.listInvoices.request(c, { client_email: email, limit: 100 }))).body.data as any[];

const createInvoice = (email: string, extra: Record<string, unknown> = {}) => ({
  resource: 'invoice',
  operation: 'create',
  client_email: email,
  currency: 'INR',
  items: { item: [{ description: 'Retainer', amount: 500000 }] },
  ...extra,
});

const viaProxy = (proxyUrl: string) => ({ invoicingApi: { apiKey: s.sandbox.testKey, baseUrl: proxyUrl } });

const postsTo = (calls: ProxiedCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

describe('Retry On Fail never creates an invoice twice', () => {
  test('the service created the invoice but the answer was lost: the retry reuses the derived key', async () => {
    const email = 'lost-answer@example.com';
    const proxy = await startProxy(s.sandbox.baseUrl, {
      answer: ({ method, index }) =>
        method === 'POST' && index === 0 ? { status: 502, body: 'Bad gateway', after: true } : undefined,
    });
    try {
      const run = await s.run(createInvoice(email), {
        credentials: viaProxy(proxy.url),
        settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 },
      });
      expect(run.error).toBeUndefined();
      const posts = postsTo(proxy.calls, '/v1/invoices');
      expect(posts.map((call) => call.status)).toEqual([502, 201]);
      const [first, second] = posts.map((call) => call.headers['idempotency-key']);
      expect(first).toMatch(/^auto_[^:]+:[^:]+:[^:]+:\d+:\d+$/);
      expect(second).toBe(first);
      const stored = await invoicesFor(email);
      expect(stored).toHaveLength(1);
      expect((run.items[0].json as any).id).toBe(stored[0].id);
    } finally {
      await proxy.close();
    }
  });

  test('a key given by the user is sent as it is, on every try', async () => {
    const email = 'own-key@example.com';
    const proxy = await startProxy(s.sandbox.baseUrl, {
      answer: ({ method, index }) =>
        method === 'POST' && index === 0 ? { status: 500, body: '', after: true } : undefined,
    });
    try {
      const run = await s.run(createInvoice(email, { options: { idempotency_key: 'order-10023' } }), {
        credentials: viaProxy(proxy.url),
        settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 },
      });
      expect(run.error).toBeUndefined();
      expect(postsTo(proxy.calls, '/v1/invoices').map((call) => call.headers['idempotency-key'])).toEqual([
        'order-10023',
        'order-10023',
      ]);
      expect(await invoicesFor(email)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  test('the derived key is per execution, node and item: same execution → same invoices, next execution → new ones', async () => {
    const email = 'derived@example.com';
    const parameters = createInvoice(email);
    const first = await s.run(parameters, { input: [{}, {}], executionId: 'exec-derived-1' });
    const replay = await s.run(parameters, { input: [{}, {}], executionId: 'exec-derived-1' });
    const next = await s.run(parameters, { input: [{}, {}], executionId: 'exec-derived-2' });
    const ids = (run: typeof first) => run.items.map((item) => (item.json as any).id);
    expect(new Set(ids(first)).size).toBe(2);
    expect(ids(replay)).toEqual(ids(first));
    expect(ids(next).some((id) => ids(first).includes(id))).toBe(false);
    expect(await invoicesFor(email)).toHaveLength(4);
  });
});

describe('rate limits', () => {
  test('a 429 waits for Retry-After (n8n-workflow sleep) and the item then succeeds', async () => {
    const email = 'limited@example.com';
    const proxy = await startProxy(s.sandbox.baseUrl, {
      answer: ({ index }) =>
        index === 0
          ? {
              status: 429,
              headers: { 'retry-after': '1', 'content-type': 'application/problem+json' },
              body: JSON.stringify({ code: 'rate_limited', detail: 'Slow down.' }),
            }
          : undefined,
    });
    try {
      const started = Date.now();
      const run = await s.run(createInvoice(email), { credentials: viaProxy(proxy.url) });
      expect(run.error).toBeUndefined();
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(proxy.calls.map((call) => call.status)).toEqual([429, 201]);
      expect(await invoicesFor(email)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  test('a service that keeps answering 429 fails the item with the 429 message after a few waits', async () => {
    const proxy = await startProxy(s.sandbox.baseUrl, {
      answer: () => ({ status: 429, headers: { 'retry-after': '0' }, body: '' }),
    });
    try {
      const run = await s.run(
        { resource: 'invoice', operation: 'get', invoice_id: 'inv_abc' },
        { credentials: viaProxy(proxy.url) },
      );
      expect((run.error as any).httpCode).toBe('429');
      expect((run.error as any).message).toBe('Too many requests to Invoicing API (HTTP 429). Try again in 0 s.');
      expect(proxy.calls).toHaveLength(6);
    } finally {
      await proxy.close();
    }
  });

  test('the sandbox rate limiter itself: 30 items at 5 requests/s, some answered 429, all succeed', async () => {
    // 5/s, well under what 10 concurrent requests reach even on a busy machine, so 429s surely come.
    const limited = await setUp({ rateLimitPerSecond: 5 });
    const proxy = await startProxy(limited.sandbox.baseUrl);
    try {
      const run = await limited.run(
        { resource: 'client', operation: 'create', email: '={{ $json.email }}', options: { concurrency: 10 } },
        {
          input: Array.from({ length: 30 }, (_, i) => ({ email: `burst${i}@example.com` })),
          credentials: { invoicingApi: { apiKey: limited.sandbox.testKey, baseUrl: proxy.url } },
        },
      );
      expect(run.error).toBeUndefined();
      expect(run.items).toHaveLength(30);
      expect(proxy.calls.filter((call) => call.status === 429).length).toBeGreaterThan(0);
      expect(proxy.calls.filter((call) => call.status === 201)).toHaveLength(30);
    } finally {
      await proxy.close();
      await limited.close();
    }
  });
});

describe('concurrency', () => {
  const emails = Array.from({ length: 12 }, (_, i) => ({ email: `c${i}@example.com` }));
  const getMany = { resource: 'client', operation: 'getAll', limit: 1, filters: { email: '={{ $json.email }}' } };

  test.each([
    [undefined, 5],
    [2, 2],
    [1, 1],
  ])('Max Concurrent Requests %p → at most %p requests in flight', async (setting, peak) => {
    const proxy = await startProxy(s.sandbox.baseUrl, { delayMs: 60 });
    try {
      const run = await s.run(
        { ...getMany, options: setting === undefined ? {} : { concurrency: setting } },
        { input: emails, credentials: viaProxy(proxy.url) },
      );
      expect(run.error).toBeUndefined();
      expect(proxy.calls).toHaveLength(12);
      expect(proxy.peakInFlight).toBe(peak);
    } finally {
      await proxy.close();
    }
  });
});

describe('network failures', () => {
  test('an unreachable base URL is a NodeApiError that names the connection, not a crash', async () => {
    const proxy = await startProxy(s.sandbox.baseUrl);
    await proxy.close();
    const run = await s.run(
      { resource: 'invoice', operation: 'get', invoice_id: 'inv_abc' },
      { credentials: viaProxy(proxy.url) },
    );
    expect((run.error as any).name).toBe('NodeApiError');
    expect((run.error as any).message).toMatch(
      /^Could not reach Invoicing API \(.+\)\. Check the connection's base URL/,
    );
  });

  test('an HTML error page from a proxy becomes a readable message', async () => {
    const proxy = await startProxy(s.sandbox.baseUrl, {
      answer: () => ({
        status: 503,
        headers: { 'content-type': 'text/html' },
        body: '<html><head><title>503 Service Unavailable</title></head><body><h1>Down</h1></body></html>',
      }),
    });
    try {
      const run = await s.run(
        { resource: 'invoice', operation: 'get', invoice_id: 'inv_abc' },
        { credentials: viaProxy(proxy.url) },
      );
      expect((run.error as any).message).toBe(
        'Invoicing API is failing right now (HTTP 503). 503 Service Unavailable. This step can be replayed once the service recovers.',
      );
    } finally {
      await proxy.close();
    }
  });
});
