/**
 * The Polling Trigger of the built package, polled through n8n-core's PollContext against the sandbox:
 * what happened between polls starts the workflow once, in order, including a burst of 500 events while
 * n8n was not polling; the editor's test fetch shows the newest event without moving the cursor.
 */
import { flattenEvent } from '../../shared';
import { PollHost } from './harness';
import { operations, setUp, type Setup } from './support';

let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

const host = (events: string[]) =>
  new PollHost(s.pkg, { node: 'invoicingApiPollingTrigger', parameters: { events }, credentials: s.credentials });

async function createClients(prefix: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`);
  for (const email of emails)
    expect((await s.api((c) => operations.createClient.request(c, { email }))).status).toBe(201);
  return emails;
}

const emailsOf = (items: Array<{ json: Record<string, unknown> }>) => items.map((item) => item.json.client_email);

test('first poll marks where the service stands; later polls hand on each new event once, oldest first', async () => {
  await createClients('history', 2);
  const poller = host(['client.created', 'invoice.created']);
  expect(await poller.poll()).toBeNull();
  expect(poller.nodeData.cursor).toMatch(/^evt_/);

  const emails = await createClients('new', 3);
  const invoice = (
    await s.api((c) =>
      operations.createInvoice.request(c, {
        client_email: emails[0],
        currency: 'INR',
        items: [{ description: 'Work', amount: 1000 }],
        auto_send_whatsapp: false,
      }),
    )
  ).body;
  const items = (await poller.poll())!;
  expect(items.map((item) => item.json.event_type)).toEqual([
    'client.created',
    'client.created',
    'client.created',
    'invoice.created',
  ]);
  expect(emailsOf(items.slice(0, 3))).toEqual(emails);
  expect(items[3].json).toEqual({ ...flattenEvent(items[3].json.event as never), event: items[3].json.event });
  expect(items[3].json.invoice_id).toBe(invoice.id);
  expect(await poller.poll()).toBeNull();
});

test('a burst of 500 events while n8n was not polling: one execution, each event once, in order', async () => {
  const poller = host(['client.created']);
  await poller.poll();
  const emails = await createClients('burst', 500);
  const items = (await poller.poll())!;
  expect(items).toHaveLength(500);
  expect(emailsOf(items)).toEqual(emails);
  expect(new Set(items.map((item) => item.json.event_id)).size).toBe(500);
  expect(await poller.poll()).toBeNull();
  expect(poller.started).toHaveLength(1);
});

test('over 1,000 events between polls: 1,000 handed on, the rest by the next poll, each once, in order', async () => {
  const poller = host(['client.created']);
  await poller.poll();
  const emails = await createClients('flood', 1_005);
  const first = (await poller.poll())!;
  const second = (await poller.poll())!;
  expect([first.length, second.length]).toEqual([1_000, 5]);
  expect(emailsOf([...first, ...second])).toEqual(emails);
  expect(await poller.poll()).toBeNull();
}, 120_000); // 1,005 clients made one request at a time: a loaded machine needs longer than the default

test('events of types not selected are passed over, never handed on later', async () => {
  const poller = host(['client.updated']);
  await poller.poll();
  const [email] = await createClients('typed', 1);
  const client = (await s.api((c) => operations.listClients.request(c, { email, limit: 1 }))).body.data[0];
  expect(await poller.poll()).toBeNull();
  await s.api((c) => operations.updateClient.request(c, { client_id: client.id, name: 'Renamed' }));
  const items = (await poller.poll())!;
  expect(items.map((item) => [item.json.event_type, item.json.changed_fields])).toEqual([['client.updated', 'name']]);
});

test("the editor's test fetch shows the newest selected event and leaves the cursor alone", async () => {
  const poller = host(['client.created']);
  await poller.poll();
  const cursor = poller.nodeData.cursor;
  const [email] = await createClients('editor', 1);
  const shown = (await poller.poll('manual'))!;
  expect(shown.map((item) => item.json.client_email)).toEqual([email]);
  expect(poller.nodeData.cursor).toBe(cursor);
  expect(emailsOf((await poller.poll())!)).toEqual([email]);
});
