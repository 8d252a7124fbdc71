/**
 * The trigger's webhook lifecycle through n8n-core's HookContext against the sandbox, then real signed
 * deliveries from the sandbox into WebhookContext: a good one starts the workflow; a forged, stale or
 * repeated one, or an event type not selected, does not.
 */
import { flattenEvent, signWebhook, type InvoiceEvent } from '../../shared';
import { TriggerHost } from './harness';
import { operations, setUp, type Setup } from './support';

const PAID_AND_DISPUTED = ['invoice.paid', 'invoice.disputed'];

let s: Setup;
let host: TriggerHost;

beforeAll(async () => {
  s = await setUp();
  host = new TriggerHost(s.pkg, {
    node: 'invoicingApiTrigger',
    parameters: { events: PAID_AND_DISPUTED },
    credentials: s.credentials,
  });
  await host.listen();
});
afterAll(async () => {
  await host.close();
  await s.close();
});

const liveWebhooks = async (setup: Setup = s) =>
  (await setup.api((c) => operations.listWebhooks.request(c, { limit: 100 }))).body.data as Array<{
    id: string;
    url: string;
    events: string[];
  }>;

const newInvoice = async (setup: Setup = s) =>
  (
    await setup.api((c) =>
      operations.createInvoice.request(c, {
        client_email: 'payer@example.com',
        currency: 'INR',
        items: [{ description: 'Design', amount: 150000 }],
        auto_send_whatsapp: false,
      }),
    )
  ).body as { id: string };

const stored = () => host.staticData['node:Invoicing API Trigger'] as Record<string, unknown> | undefined;

describe('webhook lifecycle', () => {
  test('activation creates one subscription for the node URL and keeps its id and secret in static data', async () => {
    expect(await host.activate()).toEqual({ existed: false });
    const [webhook, ...others] = await liveWebhooks();
    expect(others).toEqual([]);
    expect(webhook.url).toBe(host.webhookUrl);
    expect([...webhook.events].sort()).toEqual([...PAID_AND_DISPUTED].sort());
    expect(stored()).toMatchObject({ webhookId: webhook.id, webhookSecret: expect.stringMatching(/^whsec_/) });
  });

  test('activating again finds it and creates no duplicate', async () => {
    const before = stored()?.webhookId;
    expect(await host.activate()).toEqual({ existed: true });
    expect((await liveWebhooks()).map((webhook) => webhook.id)).toEqual([before]);
  });

  test('a subscription deleted on the service side is recreated on the next activation', async () => {
    const old = stored()?.webhookId as string;
    expect((await s.api((c) => operations.deleteWebhook.request(c, { webhook_id: old }))).status).toBe(204);
    expect(await host.activate()).toEqual({ existed: false });
    const ids = (await liveWebhooks()).map((webhook) => webhook.id);
    expect(ids).toHaveLength(1);
    expect(ids[0]).not.toBe(old);
    expect(stored()?.webhookId).toBe(ids[0]);
  });

  test('a change of events replaces the subscription instead of adding one', async () => {
    host.reconfigure({ events: ['invoice.viewed'] });
    expect(await host.activate()).toEqual({ existed: false });
    expect((await liveWebhooks()).map((webhook) => webhook.events)).toEqual([['invoice.viewed']]);
    host.reconfigure({ events: PAID_AND_DISPUTED });
    await host.activate();
    expect((await liveWebhooks()).map((webhook) => [...webhook.events].sort())).toEqual([
      [...PAID_AND_DISPUTED].sort(),
    ]);
  });
});

describe('deliveries', () => {
  test('a real signed invoice.paid from the sandbox starts the workflow with the flat record and the event', async () => {
    const invoice = await newInvoice();
    expect(
      (await s.api((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id, amount: 50000 }))).status,
    ).toBe(200);
    await s.sandbox.settled();
    expect(host.started).toHaveLength(1);
    const [[[item]]] = host.started;
    const event = item.json.event as unknown as InvoiceEvent;
    const { event: _original, ...record } = item.json;
    expect(event).toMatchObject({ type: 'invoice.paid', data: { invoice: { id: invoice.id } } });
    expect(record).toEqual(flattenEvent(event));
    expect(record).toMatchObject({
      event_type: 'invoice.paid',
      invoice_id: invoice.id,
      payment_amount: 50000,
      payment_amount_formatted: '₹500.00',
      invoice_status: 'partially_paid',
      fully_paid: false,
      payment_method: 'upi',
    });
    expect(host.answers.at(-1)).toEqual({ status: 200, started: true });
  });

  test('the subscription covers the selected types only: a view is not sent, a dispute starts the workflow', async () => {
    const invoice = await newInvoice();
    const startedBefore = host.started.length;
    await s.api((c) => operations.simulateView.request(c, { invoice_id: invoice.id, channel: 'whatsapp' }));
    await s.api((c) => operations.simulateDispute.request(c, { invoice_id: invoice.id, reason: 'Wrong amount' }));
    await s.sandbox.settled();
    // The subscription is for paid and disputed only, so the sandbox sends just the dispute.
    expect(host.started.length).toBe(startedBefore + 1);
    expect(host.started.at(-1)?.[0][0].json).toMatchObject({
      event_type: 'invoice.disputed',
      dispute_reason: 'Wrong amount',
    });
  });

  describe('crafted deliveries', () => {
    let body: string;
    let event: InvoiceEvent;
    const post = (headers: Record<string, string>, payload = body) =>
      fetch(host.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: payload,
      });

    beforeAll(async () => {
      const events = (await s.api((c) => operations.listEvents.request(c, { type: 'invoice.paid', limit: 1 }))).body
        .data as InvoiceEvent[];
      event = { ...events[0], id: 'evt_crafted00000000001' };
      body = JSON.stringify(event);
    });

    const secret = () => stored()?.webhookSecret as string;
    const now = () => Math.floor(Date.now() / 1000);

    test('signed with another secret: 401, nothing starts', async () => {
      const before = host.started.length;
      const forged = signWebhook({
        secret: 'whsec_' + Buffer.from('not the real secret at all').toString('base64'),
        id: event.id,
        timestamp: now(),
        body,
      });
      const response = await post({ ...forged });
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain(secret());
      expect(host.started.length).toBe(before);
    });

    test('a body changed after signing: 401', async () => {
      const signed = signWebhook({ secret: secret(), id: event.id, timestamp: now(), body });
      const tampered = body.replace('"amount":', '"amount":1');
      expect((await post({ ...signed }, tampered)).status).toBe(401);
    });

    test('unsigned: 401', async () => {
      expect((await post({})).status).toBe(401);
    });

    test('stale (signed 10 minutes ago): 401, nothing starts', async () => {
      const before = host.started.length;
      const stale = signWebhook({ secret: secret(), id: event.id, timestamp: now() - 600, body });
      expect((await post({ ...stale })).status).toBe(401);
      expect(host.started.length).toBe(before);
    });

    test('a correctly signed event of a type not selected: 200, nothing starts', async () => {
      const before = host.started.length;
      const [viewed] = (await s.api((c) => operations.listEvents.request(c, { type: 'invoice.viewed', limit: 1 }))).body
        .data as InvoiceEvent[];
      const viewedBody = JSON.stringify(viewed);
      const signed = signWebhook({ secret: secret(), id: viewed.id, timestamp: now(), body: viewedBody });
      expect((await post({ ...signed }, viewedBody)).status).toBe(200);
      expect(host.started.length).toBe(before);
    });

    test('the same webhook-id twice: the first starts the workflow, the repeat only gets a 200', async () => {
      const before = host.started.length;
      const first = signWebhook({ secret: secret(), id: event.id, timestamp: now(), body });
      expect((await post({ ...first })).status).toBe(200);
      const retry = signWebhook({ secret: secret(), id: event.id, timestamp: now() + 1, body });
      expect((await post({ ...retry })).status).toBe(200);
      expect(host.started.length).toBe(before + 1);
    });
  });
});

describe('deactivation', () => {
  test('deletes the subscription and forgets it; deleting again is not an error', async () => {
    expect(await host.deactivate()).toBe(true);
    expect(await liveWebhooks()).toEqual([]);
    expect(stored()?.webhookId).toBeUndefined();
    expect(stored()?.webhookSecret).toBeUndefined();
    expect(await host.deactivate()).toBe(true);
  });

  test('a subscription already deleted on the service side: deactivation still succeeds', async () => {
    await host.activate();
    const id = stored()?.webhookId as string;
    await s.api((c) => operations.deleteWebhook.request(c, { webhook_id: id }));
    expect(await host.deactivate()).toBe(true);
    expect(stored()?.webhookId).toBeUndefined();
  });

  test('without a subscription, a delivery is refused', async () => {
    const response = await fetch(host.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });
});

describe('a sandbox that delivers every event twice', () => {
  test('the repeat (same webhook-id) starts nothing', async () => {
    const twice = await setUp({ faults: { duplicateDeliveries: 1 } });
    const receiver = new TriggerHost(twice.pkg, {
      node: 'invoicingApiTrigger',
      parameters: { events: ['invoice.paid'] },
      credentials: twice.credentials,
    });
    await receiver.listen();
    try {
      await receiver.activate();
      const invoice = await newInvoice(twice);
      await twice.api((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id }));
      await twice.sandbox.settled();
      expect(receiver.answers).toEqual([
        { status: 200, started: true },
        { status: 200, started: false },
      ]);
      expect(receiver.started).toHaveLength(1);
      expect(receiver.started[0][0][0].json).toMatchObject({ event_type: 'invoice.paid', fully_paid: true });
    } finally {
      await receiver.deactivate();
      await receiver.close();
      await twice.close();
    }
  });
});
