import { normalizeError, operations } from '../../shared';
import { type Receiver, startReceiver } from '../../sandbox';
import { eventually, type TestClient, startTestSandbox } from './support';

let receiver: Receiver;
let t: TestClient | undefined;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await t?.sandbox.close();
  await receiver.close();
});

async function paidEvents(client: TestClient, count: number): Promise<string[]> {
  await client.send(
    operations.createWebhook.request(client.connection, { url: receiver.url, events: ['invoice.paid'] }),
  );
  const invoice = await client.createInvoice({ items: [{ description: 'Many parts', amount: 100 }] });
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(
      (
        (
          await client.send(
            operations.simulatePayment.request(client.connection, { invoice_id: invoice.id, amount: 1 }),
          )
        ).body as any
      ).id,
    );
  }
  return ids;
}

test('duplicate deliveries: the same event arrives twice with the same webhook-id', async () => {
  t = await startTestSandbox({ faults: { duplicateDeliveries: 1 } });
  const [id] = await paidEvents(t, 1);
  const hits = await receiver.waitFor(2);
  expect(hits.map((h) => h.headers['webhook-id'])).toEqual([id, id]);
  const log = await eventually(
    () =>
      t!.sandbox.data.attempts.list({ event_id: id }, 10)!.data.length === 2 &&
      t!.sandbox.data.attempts.list({ event_id: id }, 10)!.data,
  );
  expect(log.map((a) => a.duplicate).sort()).toEqual([false, true]);
});

test('shuffled order: every event arrives once, not in the order it happened', async () => {
  t = await startTestSandbox({ faults: { shuffleOrder: true }, seed: 42 });
  const ids = await paidEvents(t, 6);
  const hits = await receiver.waitFor(6);
  const arrived = hits.map((h) => String(h.headers['webhook-id']));
  expect([...arrived].sort()).toEqual([...ids].sort());
  expect(arrived).not.toEqual(ids);
});

test('delayed delivery: the first attempt waits the configured time', async () => {
  t = await startTestSandbox({ faults: { delayDeliveryMs: 300 } });
  const before = Date.now();
  await paidEvents(t, 1);
  const [hit] = await receiver.waitFor(1);
  expect(hit.receivedAt - before).toBeGreaterThanOrEqual(300);
});

test('a share of API calls answered 429 or 5xx, before they do anything; test helpers are spared', async () => {
  t = await startTestSandbox({ faults: { rateLimitedShare: 0.5, serverErrorShare: 0.5 }, seed: 3 });
  const statuses = [];
  for (let i = 0; i < 20; i += 1) {
    const response = await t.send(operations.createClient.request(t.connection, { email: `c${i}@example.com` }));
    statuses.push(response.status);
    if (response.status === 429)
      expect(normalizeError(response)).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 1 });
    if (response.status === 500)
      expect(normalizeError(response)).toMatchObject({
        code: 'internal_error',
        message: expect.stringContaining('can be replayed'),
      });
  }
  expect(new Set(statuses)).toEqual(new Set([429, 500]));
  expect(t.sandbox.data.clients.list({}, 100)!.data).toHaveLength(0);
  const helper = await t.send(
    operations.simulateView.request(t.connection, { invoice_id: 'inv_missing', channel: 'link' }),
  );
  expect(helper.status).toBe(404);
});

test('a late answer: the call is carried out at once and its answer held; the replay is answered at once', async () => {
  t = await startTestSandbox();
  const client = t;
  t.sandbox.answerLate('POST', '/v1/invoices', 600_000);
  const request = operations.createInvoice.request(t.connection, {
    client_email: 'late@example.com',
    currency: 'INR',
    items: [{ description: 'Audit', amount: 1000 }],
    idempotency_key: 'late-1',
  });
  const post = (signal?: AbortSignal) =>
    fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: JSON.stringify(request.body),
      signal,
    });
  const invoices = () => client.sandbox.data.invoices.list({}, 100)!.data;
  const giveUp = new AbortController();
  const first = post(giveUp.signal);
  await eventually(() => invoices().length > 0, 8000, 'the invoice made while its answer is held');
  // The client gives up, as one whose timeout is shorter than the hold does.
  giveUp.abort();
  await expect(first).rejects.toThrow(/abort/i);
  const again = await post();
  expect(again.status).toBe(201);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(invoices()).toHaveLength(1);
});
