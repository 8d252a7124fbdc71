import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { operations, verifyWebhook } from '../../shared';
import { type Receiver, startReceiver } from '../../sandbox';
import { eventually, type TestClient, startTestSandbox } from './support';

let dir: string;
let receiver: Receiver;
let t: TestClient | undefined;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sandbox-restart-'));
  receiver = await startReceiver();
});
afterEach(async () => {
  await t?.sandbox.close();
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a restart keeps invoices, clients, subscriptions, the test key and undelivered events', async () => {
  const database = path.join(dir, 'sandbox.db');
  // A slow enough schedule (first retry after 1 s) that the event is still owed when the sandbox stops.
  t = await startTestSandbox({ database, timeScale: 0.2, jitter: 0 });
  const firstKey = t.sandbox.testKey;
  const client = (
    await t.send(operations.createClient.request(t.connection, { email: 'keep@example.com', name: 'Kept' }))
  ).body as any;
  const webhook = (
    await t.send(operations.createWebhook.request(t.connection, { url: receiver.url, events: ['invoice.paid'] }))
  ).body as any;
  const invoice = await t.createInvoice({ client_email: 'keep@example.com' });
  await receiver.down();
  const event = (await t.send(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id })))
    .body as any;
  await eventually(() => t!.sandbox.data.attempts.findOne({ event_id: event.id }), 5000, 'the failed first attempt');
  // The retry time the schedule gave before the restart, read from the store (not a wall-clock guess: on a loaded
  // machine the stop may come after it, and then sending at once is the schedule too).
  const scheduled = t.sandbox.data.deliveries.findOne({ event_id: event.id })?.next_attempt_at;
  expect(scheduled).toEqual(expect.any(Number));
  await t.sandbox.close();

  await receiver.up();
  t = await startTestSandbox({ database, timeScale: 0.0001 });
  expect(t.sandbox.testKey).toBe(firstKey);
  expect((await t.send(operations.getClient.request(t.connection, { client_id: client.id }))).body).toEqual(client);
  expect((await t.send(operations.getInvoice.request(t.connection, { invoice_id: invoice.id }))).body).toMatchObject({
    id: invoice.id,
    status: 'paid',
  });
  expect((await t.send(operations.getWebhook.request(t.connection, { webhook_id: webhook.id }))).body).toMatchObject({
    id: webhook.id,
    status: 'enabled',
  });
  const next = await t.createInvoice();
  expect(Number(next.number.slice(4))).toBe(Number(invoice.number.slice(4)) + 1);

  // The owed event goes out at its retry time as scheduled before the restart (1 s after the first try), not
  // at the restart.
  const [hit] = await receiver.waitFor(1, 5000);
  expect(hit.receivedAt).toBeGreaterThanOrEqual(scheduled!);
  expect(hit.headers['webhook-id']).toBe(event.id);
  expect(verifyWebhook({ secret: webhook.secret, headers: hit.headers, body: hit.rawBody }).ok).toBe(true);
});
