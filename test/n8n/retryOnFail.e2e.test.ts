/**
 * n8n/README.md's "Retry On Fail never records a payment twice" and "the key the node derives per item when it
 * is empty makes a retried Send send once", through n8n-core's engine: the service acts, its answer is lost on the
 * way back (a proxy answers 502 instead), and n8n's Retry On Fail runs the node again within the same execution.
 */
import type { IDataObject } from 'n8n-workflow';

import { operations, setUp, startProxy, type Setup } from './support';

let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

const newInvoice = async (email: string) =>
  (
    await s.api((c) =>
      operations.createInvoice.request(c, {
        client_email: email,
        currency: 'INR',
        items: [{ description: 'Retainer', amount: 500000 }],
        auto_send_whatsapp: false,
      }),
    )
  ).body;

/** Runs `parameters` with Retry On Fail through a proxy that loses the service's answer to the first POST. */
async function runLosingFirstAnswer(parameters: IDataObject) {
  let posted = 0;
  const proxy = await startProxy(s.sandbox.baseUrl, {
    answer: ({ method }) =>
      method === 'POST' && posted++ === 0 ? { status: 502, body: 'Bad gateway', after: true } : undefined,
  });
  try {
    const run = await s.run(parameters, {
      credentials: { invoicingApi: { apiKey: s.sandbox.testKey, baseUrl: proxy.url } },
      settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 },
    });
    const posts = proxy.calls.filter((call) => call.method === 'POST');
    return { run, posts: posts.map((call) => ({ status: call.status, key: call.headers['idempotency-key'] })) };
  } finally {
    await proxy.close();
  }
}

test('Record Payment: the payment was recorded but the answer lost; the retry records nothing more', async () => {
  const invoice = await newInvoice('retry.payment@example.com');
  const { run, posts } = await runLosingFirstAnswer({
    resource: 'payment',
    operation: 'record',
    invoice_id: invoice.id,
    method: 'bank_transfer',
    amount: '1,000.00',
  });
  expect(run.error).toBeUndefined();
  expect(posts.map((post) => post.status)).toEqual([502, 201]);
  expect(posts[1].key).toBe(posts[0].key);
  const payments = (await s.api((c) => operations.listPayments.request(c, { invoice_id: invoice.id, limit: 100 }))).body
    .data;
  expect(payments).toHaveLength(1);
  expect((run.items[0].json as { id: string }).id).toBe(payments[0].id);
});

test('Send without a Prevent Duplicates Key: sent but the answer lost; the retry sends nothing more', async () => {
  const invoice = await newInvoice('retry.send@example.com');
  const { run, posts } = await runLosingFirstAnswer({
    resource: 'invoice',
    operation: 'send',
    invoice_id: { __rl: true, mode: 'id', value: invoice.id },
    channel: 'email',
    kind: 'invoice',
  });
  expect(run.error).toBeUndefined();
  expect(posts.map((post) => post.status)).toEqual([502, 202]);
  expect(posts[1].key).toBe(posts[0].key);
  const sent = (
    await s.api((c) => operations.listEvents.request(c, { type: 'invoice.sent', limit: 100 }))
  ).body.data.filter((event: { data: { invoice: { id: string } } }) => event.data.invoice.id === invoice.id);
  expect(sent).toHaveLength(1);
});
