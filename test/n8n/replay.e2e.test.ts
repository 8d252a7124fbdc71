/**
 * "Replay Missed Events" through n8n-core's contexts against the sandbox: the cursor the trigger's
 * execution keeps, and the events recovered from it on re-activation and on restart, in order, once.
 */
import { TriggerHost } from './harness';
import { operations, setUp, type Setup } from './support';

let s: Setup;
let host: TriggerHost;

beforeAll(async () => {
  s = await setUp();
  host = new TriggerHost(s.pkg, {
    node: 'invoicingApiTrigger',
    parameters: { events: ['invoice.paid'], replayMissed: true },
    credentials: s.credentials,
    executes: true,
  });
  await host.listen();
});
afterAll(async () => {
  await host.close();
  await s.close();
});

const stored = () => host.staticData['node:Invoicing API Trigger'] as Record<string, unknown> | undefined;
const startedIds = () => host.started.map((run) => run[0][0].json.event_id as string);

/** Pays `count` new invoices; returns the paid events' ids, oldest first, and views each too (not selected). */
async function payments(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const invoice = (
      await s.api((c) =>
        operations.createInvoice.request(c, {
          client_email: 'payer@example.com',
          currency: 'INR',
          items: [{ description: `Work ${i}`, amount: 1000 + i }],
          auto_send_whatsapp: false,
        }),
      )
    ).body as { id: string };
    await s.api((c) => operations.simulateView.request(c, { invoice_id: invoice.id, channel: 'email' }));
    const paid = await s.api((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id }));
    expect(paid.status).toBe(200);
    const [event] = (await s.api((c) => operations.listEvents.request(c, { type: 'invoice.paid', limit: 1 }))).body
      .data as Array<{ id: string }>;
    ids.push(event.id);
  }
  return ids;
}

test('first activation replays nothing: the newest event becomes the cursor', async () => {
  const before = await payments(2);
  expect(await host.activate()).toEqual({ existed: false });
  await s.sandbox.settled();
  expect(host.started).toHaveLength(0);
  expect((stored()?.replayCursor as { id: string }).id).not.toBe(before[0]);
});

test("each delivery's execution moves the cursor to its event", async () => {
  const [paid] = await payments(1);
  await s.sandbox.settled();
  expect(startedIds()).toEqual([paid]);
  expect(stored()?.replayCursor).toMatchObject({ id: paid });
});

test('events while the workflow was off start it on re-activation, oldest first, each once', async () => {
  const handled = startedIds();
  expect(await host.deactivate()).toBe(true);
  const missed = await payments(8);
  expect(await host.activate()).toEqual({ existed: false });
  await s.sandbox.settled();
  expect(startedIds()).toEqual([...handled, ...missed]);
  expect(stored()?.replayCursor).toMatchObject({ id: missed.at(-1) });
});

test('events while n8n was down start it when n8n starts again and finds its subscription, each once, oldest first', async () => {
  const handled = startedIds();
  host.down = true;
  const missed = await payments(5);
  await s.sandbox.settled();
  host.down = false;
  expect(await host.activate()).toEqual({ existed: true });
  await s.sandbox.settled();
  // The service's own retries of the failed deliveries arrive too: they wait behind the oldest, and the
  // repeat check drops what the recovery re-sends of them.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await s.sandbox.settled();
  expect(startedIds().slice(handled.length)).toEqual(missed);
});

test('with the option off, re-activation replays nothing', async () => {
  host.reconfigure({ events: ['invoice.paid'], replayMissed: false });
  await host.deactivate();
  const before = startedIds();
  await payments(2);
  await host.activate();
  await s.sandbox.settled();
  expect(startedIds()).toEqual(before);
});

test('a cursor the service no longer keeps: activation still succeeds and starts again from the newest event', async () => {
  host.reconfigure({ events: ['invoice.paid'], replayMissed: true });
  await host.deactivate();
  const before = startedIds();
  host.staticData['node:Invoicing API Trigger'] = {
    ...stored(),
    replayCursor: { id: 'evt_gone0000000000000000', created_at: '2020-01-01T00:00:00.000Z' },
  };
  expect(await host.activate()).toEqual({ existed: false });
  await s.sandbox.settled();
  expect(startedIds()).toEqual(before);
  const [newest] = (await s.api((c) => operations.listEvents.request(c, { limit: 1 }))).body.data as Array<{
    id: string;
  }>;
  expect(stored()?.replayCursor).toMatchObject({ id: newest.id });
});

describe('the recover endpoint', () => {
  test('an unknown `after` event: 404 naming the field', async () => {
    const id = stored()?.webhookId as string;
    const response = await s.api((c) =>
      operations.recoverWebhook.request(c, { webhook_id: id, after: 'evt_unknown000000000000' }),
    );
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'not_found', errors: [{ param: 'after' }] });
  });

  test("answers 202 with how many events of the subscription's types it queued", async () => {
    const id = stored()?.webhookId as string;
    const [from] = await payments(1);
    await payments(3);
    const response = await s.api((c) => operations.recoverWebhook.request(c, { webhook_id: id, after: from }));
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ object: 'webhook_recovery', queued: 3 });
    await s.sandbox.settled();
  });
});
