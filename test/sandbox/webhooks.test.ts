import { parseEvent, operations, verifyWebhook, webhookHeader } from '../../shared';
import { type Receiver, startReceiver } from '../../sandbox';
import { eventually, type TestClient, startTestSandbox } from './support';

let t: TestClient;
let receiver: Receiver;
beforeEach(async () => {
  t = await startTestSandbox({ jitter: 0 });
  receiver = await startReceiver();
});
afterEach(async () => {
  await t.sandbox.close();
  await receiver.close();
});

const subscribe = async (
  events: string[] = ['invoice.paid', 'invoice.viewed', 'invoice.disputed'],
  url = receiver.url,
) =>
  (await t.send(operations.createWebhook.request(t.connection, { url, events: events as any }))).body as {
    id: string;
    secret: string;
  };

const attemptsFor = (eventId: string) => t.sandbox.data.attempts.list({ event_id: eventId }, 100)!.data.reverse();

test('a paid invoice reaches the receiver as a signed event the shared verifier accepts', async () => {
  const webhook = await subscribe();
  const invoice = await t.createInvoice();
  const event = (await t.send(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id })))
    .body as any;
  const [hit] = await receiver.waitFor(1);

  expect(verifyWebhook({ secret: webhook.secret, headers: hit.headers, body: hit.rawBody })).toEqual({
    ok: true,
    id: event.id,
    timestamp: expect.any(Number),
  });
  expect(
    verifyWebhook({
      secret: `whsec_${Buffer.from('another secret').toString('base64')}`,
      headers: hit.headers,
      body: hit.rawBody,
    }),
  ).toEqual({ ok: false, reason: 'no_matching_signature' });
  expect(hit.headers['content-type']).toBe('application/json');
  const parsed = parseEvent(hit.rawBody);
  expect(parsed.ok && parsed.event).toMatchObject({
    id: event.id,
    type: 'invoice.paid',
    data: { invoice: { id: invoice.id, status: 'paid' } },
  });
  const listed = (await t.send(operations.listEvents.request(t.connection, { limit: 1 }))).body as any;
  expect(JSON.parse(hit.rawBody)).toEqual(listed.data[0]);

  const [attempt] = await eventually(() => attemptsFor(event.id).length && attemptsFor(event.id));
  expect(attempt).toMatchObject({ attempt: 1, status: 200, outcome: 'succeeded', error: null, webhook_id: webhook.id });
  expect(attempt.latency_ms).toBeGreaterThanOrEqual(0);
});

test('with the receiver down for a while and then back, the event still arrives, with the same webhook-id', async () => {
  const webhook = await subscribe(['invoice.paid']);
  await receiver.down();
  const invoice = await t.createInvoice();
  const event = (
    await t.send(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id, amount: 1000 }))
  ).body as any;
  const failures = await eventually(
    () => attemptsFor(event.id).length >= 2 && attemptsFor(event.id),
    8000,
    'two failed attempts',
  );
  expect(failures[0]).toMatchObject({ status: null, outcome: 'retrying' });
  expect(failures[0].error).toMatch(/ECONNREFUSED/);
  await receiver.up();

  const [hit] = await receiver.waitFor(1);
  expect(webhookHeader(hit.headers, 'webhook-id')).toBe(event.id);
  expect(verifyWebhook({ secret: webhook.secret, headers: hit.headers, body: hit.rawBody }).ok).toBe(true);
  const log = await eventually(
    () => attemptsFor(event.id).find((a) => a.outcome === 'succeeded') && attemptsFor(event.id),
  );
  expect(log.length).toBeGreaterThanOrEqual(3);
  expect(log.map((a) => a.attempt)).toEqual(log.map((_, i) => i + 1));
  expect(t.sandbox.data.deliveries.findOne({ event_id: event.id })).toMatchObject({
    state: 'succeeded',
    attempts: log.length,
  });
});

test('retries follow the contract schedule (scaled) with a fresh timestamp and signature, the same id, until a 2xx', async () => {
  const webhook = await subscribe(['invoice.viewed']);
  receiver.respondWith(() => (receiver.requests.length < 3 ? 503 : 200));
  const invoice = await t.createInvoice();
  const event = (
    await t.send(operations.simulateView.request(t.connection, { invoice_id: invoice.id, channel: 'email' }))
  ).body as any;
  const hits = await receiver.waitFor(4);

  expect(hits.map((h) => h.status)).toEqual([503, 503, 503, 200]);
  expect(new Set(hits.map((h) => h.headers['webhook-id']))).toEqual(new Set([event.id]));
  for (const hit of hits)
    expect(verifyWebhook({ secret: webhook.secret, headers: hit.headers, body: hit.rawBody }).ok).toBe(true);
  expect(new Set(hits.map((h) => h.rawBody)).size).toBe(1);
  // timeScale 0.001 and no jitter: waits of 5 s, 5 min and 30 min become 5 ms, 300 ms and 1800 ms.
  const gaps = hits.slice(1).map((h, i) => h.receivedAt - hits[i].receivedAt);
  expect(gaps[0]).toBeGreaterThanOrEqual(4);
  expect(gaps[1]).toBeGreaterThanOrEqual(290);
  expect(gaps[1]).toBeLessThan(1000);
  expect(gaps[2]).toBeGreaterThanOrEqual(1790);
  const log = await eventually(() => attemptsFor(event.id).length === 4 && attemptsFor(event.id));
  expect(log.map((a) => [a.status, a.outcome])).toEqual([
    [503, 'retrying'],
    [503, 'retrying'],
    [503, 'retrying'],
    [200, 'succeeded'],
  ]);
});

test('410 Gone disables the subscription at once; nothing more is sent to it', async () => {
  const webhook = await subscribe(['invoice.paid', 'invoice.viewed']);
  receiver.respondWith(410);
  const invoice = await t.createInvoice();
  await t.send(operations.simulateView.request(t.connection, { invoice_id: invoice.id, channel: 'link' }));
  await receiver.waitFor(1);
  const fetched = await eventually(async () => {
    const body = (await t.send(operations.getWebhook.request(t.connection, { webhook_id: webhook.id }))).body as any;
    return body.status === 'disabled' && body;
  });
  expect(fetched.disabled_reason).toMatch(/410/);
  await t.send(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id }));
  await t.sandbox.settled();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(receiver.requests).toHaveLength(1);
});

test('only subscribed types are sent, deleted subscriptions get nothing more, and a slow receiver times out', async () => {
  await t.sandbox.close();
  t = await startTestSandbox({ jitter: 0, deliveryTimeoutMs: 100 });
  const paidOnly = await subscribe(['invoice.paid']);
  const invoice = await t.createInvoice();
  await t.send(operations.simulateView.request(t.connection, { invoice_id: invoice.id, channel: 'link' }));
  const paid = (await t.send(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id, amount: 1 })))
    .body as any;
  const [hit] = await receiver.waitFor(1);
  expect(hit.headers['webhook-id']).toBe(paid.id);

  receiver.respondWith(() => new Promise((resolve) => setTimeout(() => resolve(200), 400)));
  const slow = (await t.send(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id, amount: 1 })))
    .body as any;
  const [timedOut] = await eventually(() => attemptsFor(slow.id).length && attemptsFor(slow.id));
  expect(timedOut).toMatchObject({ status: null, outcome: 'retrying', error: 'no answer within 100 ms' });

  await t.send(operations.deleteWebhook.request(t.connection, { webhook_id: paidOnly.id }));
  expect(t.sandbox.data.deliveries.findOne({ event_id: slow.id })).toMatchObject({ state: 'cancelled' });
  await new Promise((resolve) => setTimeout(resolve, 600));
  const count = receiver.requests.length;
  await t.send(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id, amount: 1 }));
  await t.sandbox.settled();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(receiver.requests.length).toBe(count);
  expect(t.sandbox.data.deliveries.findOne({ event_id: slow.id })).toMatchObject({ state: 'cancelled' });
});

test('redelivery sends an event again with the same webhook-id, and the log lists every attempt', async () => {
  const webhook = await subscribe(['invoice.disputed']);
  const invoice = await t.createInvoice();
  const event = (
    await t.send(operations.simulateDispute.request(t.connection, { invoice_id: invoice.id, reason: 'not_received' }))
  ).body as any;
  await receiver.waitFor(1);
  const redeliver = await t.send({
    ...operations.simulatePayment.request(t.connection, { invoice_id: invoice.id }),
    url: `${t.sandbox.baseUrl}/v1/test_helpers/events/${event.id}/redeliver`,
    body: { webhook_id: webhook.id },
  });
  expect(redeliver.status).toBe(200);
  const hits = await receiver.waitFor(2);
  expect(hits.map((h) => h.headers['webhook-id'])).toEqual([event.id, event.id]);
  const log = await eventually(async () => {
    const page = (
      await t.send({
        ...operations.listEvents.request(t.connection, {}),
        url: `${t.sandbox.baseUrl}/v1/test_helpers/deliveries?event_id=${event.id}`,
      })
    ).body as any;
    return page.data.length === 2 && page;
  });
  expect(log.data.map((a: any) => [a.status, a.outcome])).toEqual([
    [200, 'succeeded'],
    [200, 'succeeded'],
  ]);
});

const idOf = (hit: { headers: Record<string, unknown> }) => String(hit.headers['webhook-id']);
const views = async (invoiceId: string, count: number) => {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(
      (
        (await t.send(operations.simulateView.request(t.connection, { invoice_id: invoiceId, channel: 'email' })))
          .body as any
      ).id,
    );
  }
  return ids;
};

test('after a failed delivery newer events wait behind it: back from an outage, the receiver gets them oldest first, one at a time', async () => {
  const webhook = await subscribe(['invoice.viewed']);
  receiver.respondWith(503);
  const invoice = await t.createInvoice();
  const events = await views(invoice.id, 12);
  await eventually(() => attemptsFor(events[0]).length >= 3, 8000, 'three failed attempts of the oldest event');
  // Held, not retried on their own schedules: the newest was never tried while the oldest kept failing.
  expect(attemptsFor(events[11])).toHaveLength(0);
  expect(t.sandbox.data.webhooks.get(webhook.id)?.catching_up).toBe(true);

  let answering = 0;
  let mostAtOnce = 0;
  receiver.respondWith(async () => {
    answering += 1;
    mostAtOnce = Math.max(mostAtOnce, answering);
    await new Promise((resolve) => setTimeout(resolve, 5));
    answering -= 1;
    return 200;
  });
  await eventually(
    () => events.every((id) => receiver.requests.some((h) => h.status === 200 && idOf(h) === id)),
    8000,
    'all twelve delivered',
  );
  const delivered = receiver.requests.filter((h) => h.status === 200).map(idOf);
  expect(delivered).toEqual(events);
  expect(mostAtOnce).toBe(1);
  await t.sandbox.settled();
  expect(t.sandbox.data.webhooks.get(webhook.id)?.catching_up).toBe(false);

  // Caught up: a new event goes at once again, with one attempt.
  const [next] = await views(invoice.id, 1);
  await eventually(() => attemptsFor(next).length === 1 && attemptsFor(next)[0].outcome === 'succeeded');
});

test('an event that fails for good releases the ones held behind it, which still arrive in order', async () => {
  await t.sandbox.close();
  // 3 days become 2.6 s, so the oldest event runs out of retries within the test.
  t = await startTestSandbox({ jitter: 0, timeScale: 0.00001 });
  await subscribe(['invoice.viewed']);
  await receiver.down();
  const invoice = await t.createInvoice();
  const events = await views(invoice.id, 3);
  await eventually(() => attemptsFor(events[0]).length >= 1, 8000, 'a failed attempt');
  receiver.respondWith((hit) => (idOf(hit) === events[0] ? 500 : 200));
  await receiver.up();
  await eventually(
    () => t.sandbox.data.deliveries.findOne({ event_id: events[2] })?.state === 'succeeded',
    10_000,
    'the newest delivered',
  );

  expect(t.sandbox.data.deliveries.findOne({ event_id: events[0] })).toMatchObject({ state: 'failed' });
  const lastOfOldest = Math.max(...receiver.requests.filter((h) => idOf(h) === events[0]).map((h) => h.receivedAt));
  const delivered = receiver.requests.filter((h) => h.status === 200);
  expect(delivered.map(idOf)).toEqual([events[1], events[2]]);
  expect(delivered[0].receivedAt).toBeGreaterThanOrEqual(lastOfOldest);
});
