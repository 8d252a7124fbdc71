/**
 * n8n's Retry of a failed execution (the executions list) starts a new execution, with a new id, on the
 * failed one's data: the key the node derives must be the failed execution's, so a create, a payment or a
 * send whose answer was lost is answered, not done again; and what are two requests stay two (two
 * executions, two items, the node's second run in one execution). Through n8n-core's engine, the retry
 * prepared as n8n's ExecutionService does (harness.ts), and a proxy that loses the service's answer.
 */
import type { NodeRun } from './harness';
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

const paymentsOf = async (invoiceId: string) =>
  (await s.api((c) => operations.listPayments.request(c, { invoice_id: invoiceId, limit: 100 }))).body.data as any[];

const sentEventsOf = async (invoiceId: string) =>
  (await s.api((c) => operations.listEvents.request(c, { type: 'invoice.sent', limit: 100 }))).body.data.filter(
    (event: any) => event.data.invoice.id === invoiceId,
  );

const createInvoice = (email: string) => ({
  resource: 'invoice',
  operation: 'create',
  client_email: email,
  currency: 'INR',
  items: { item: [{ description: 'Retainer', amount: '5,000.00' }] },
});

const ids = (run: NodeRun) => run.items.map((item) => (item.json as { id: string }).id);
const keysOf = (calls: ProxiedCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.headers['idempotency-key']);

/** A proxy that loses the service's answer to the POSTs to `path` numbered in `lost` (0 the first), after it acted. */
async function losing(path: string, lost: number[]) {
  let posts = 0;
  return await startProxy(s.sandbox.baseUrl, {
    answer: ({ method, path: called }) => {
      if (method !== 'POST' || called !== path) return undefined;
      posts += 1;
      return lost.includes(posts - 1) ? { status: 504, body: 'Gateway timeout', after: true } : undefined;
    },
  });
}

async function newInvoice(email: string): Promise<string> {
  const created = await s.api((c) =>
    operations.createInvoice.request(c, {
      client_email: email,
      currency: 'INR',
      items: [{ description: 'Audit', amount: 300000 }],
      auto_send_whatsapp: false,
    }),
  );
  return created.body.id as string;
}

describe("n8n's Retry of a failed execution acts once", () => {
  test('Create Invoice: the first item answered, the second lost; the retry makes no third invoice', async () => {
    const email = 'retry.create@example.com';
    const proxy = await losing('/v1/invoices', [1]);
    try {
      const credentials = { invoicingApi: { apiKey: s.sandbox.testKey, baseUrl: proxy.url } };
      // One at a time, so the second item's answer is the one lost.
      const parameters = { ...createInvoice(email), options: { concurrency: 1 } };
      const failed = await s.run(parameters, { credentials, input: [{}, {}] });
      expect(failed.error).toBeDefined();
      expect(await invoicesFor(email)).toHaveLength(2);
      const retried = await s.run(parameters, { credentials, input: [{}, {}], from: { run: failed, as: 'retry' } });
      expect(retried.error).toBeUndefined();
      const stored = await invoicesFor(email);
      expect(stored).toHaveLength(2);
      expect(new Set(ids(retried))).toEqual(new Set(stored.map((invoice) => invoice.id)));
      const keys = keysOf(proxy.calls, '/v1/invoices');
      expect(keys).toHaveLength(4);
      expect(keys.slice(2)).toEqual(keys.slice(0, 2));
      expect(keys[0]).not.toBe(keys[1]);
    } finally {
      await proxy.close();
    }
  });

  test('Record Payment, lost twice: the retry of the retry still records one payment', async () => {
    const invoiceId = await newInvoice('retry.payment@example.com');
    const proxy = await losing(`/v1/invoices/${invoiceId}/payments`, [0, 1]);
    try {
      const credentials = { invoicingApi: { apiKey: s.sandbox.testKey, baseUrl: proxy.url } };
      const parameters = {
        resource: 'payment',
        operation: 'record',
        invoice_id: { __rl: true, mode: 'id', value: invoiceId },
        method: 'cash',
        amount: '1,000.00',
      };
      const failed = await s.run(parameters, { credentials });
      expect(failed.error).toBeDefined();
      const failedAgain = await s.run(parameters, { credentials, from: { run: failed, as: 'retry' } });
      expect(failedAgain.error).toBeDefined();
      const retried = await s.run(parameters, { credentials, from: { run: failedAgain, as: 'retry' } });
      expect(retried.error).toBeUndefined();
      const payments = await paymentsOf(invoiceId);
      expect(payments).toHaveLength(1);
      expect((retried.items[0].json as { id: string }).id).toBe(payments[0].id);
      expect(new Set(keysOf(proxy.calls, `/v1/invoices/${invoiceId}/payments`)).size).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  test('Send: the retry sends once', async () => {
    const invoiceId = await newInvoice('retry.send@example.com');
    const proxy = await losing(`/v1/invoices/${invoiceId}/send`, [0]);
    try {
      const credentials = { invoicingApi: { apiKey: s.sandbox.testKey, baseUrl: proxy.url } };
      const parameters = {
        resource: 'invoice',
        operation: 'send',
        invoice_id: { __rl: true, mode: 'id', value: invoiceId },
        channel: 'email',
        kind: 'invoice',
      };
      const failed = await s.run(parameters, { credentials });
      expect(failed.error).toBeDefined();
      const retried = await s.run(parameters, { credentials, from: { run: failed, as: 'retry' } });
      expect(retried.error).toBeUndefined();
      expect(await sentEventsOf(invoiceId)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});

describe('what the derived key never merges', () => {
  test('two executions with the same item make two invoices; so do two identical items of one run', async () => {
    const email = 'retry.schedule@example.com';
    const first = await s.run(createInvoice(email), { input: [{}, {}] });
    const second = await s.run(createInvoice(email), { input: [{}, {}] });
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(4);
    expect(await invoicesFor(email)).toHaveLength(4);
  });

  test("the node's second run in one execution (a loop) makes a second invoice", async () => {
    const email = 'retry.loop@example.com';
    const first = await s.run(createInvoice(email), { executionId: 'exec-loop' });
    expect(first.error).toBeUndefined();
    const again = await s.run(createInvoice(email), { executionId: 'exec-loop', from: { run: first, as: 'again' } });
    expect(again.error).toBeUndefined();
    expect(ids(again)[0]).not.toBe(ids(first)[0]);
    expect(await invoicesFor(email)).toHaveLength(2);
  });
});
