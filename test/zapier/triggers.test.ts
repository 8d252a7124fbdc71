import {
  EVENT_CATALOGUE,
  flattenEvent,
  generateWebhookSecret,
  sampleEventsByType,
  sampleWebhook,
  signWebhook,
  type EventType,
} from '../../shared';
import { createAppTester } from 'zapier-platform-core';

import { RETRY_WINDOW_MS } from '../../sandbox/delivery/retry';
import { api, app, appTester, authData, failure, problem } from './support';
import { captureZapierLogs } from './logs';

// The trigger's reasons for dropping deliveries (z.console.log): kept for the test, not printed.
const zapierLogs = captureZapierLogs();

const secret = generateWebhookSecret();
const subscribeData = { id: 'we_unit123', secret };
const now = () => Math.floor(Date.now() / 1000);

/** A delivery as Zapier hands it to `perform`: raw body, headers with the `Http-` prefix. */
function delivery(event: object, options: { secret?: string; timestamp?: number; body?: string } = {}) {
  const signedBody = JSON.stringify(event);
  const headers = signWebhook({
    secret: options.secret ?? secret,
    id: (event as { id: string }).id,
    timestamp: options.timestamp ?? now(),
    body: signedBody,
  });
  return {
    content: options.body ?? signedBody,
    headers: {
      'Http-Webhook-Id': headers['webhook-id'],
      'Http-Webhook-Timestamp': headers['webhook-timestamp'],
      'Http-Webhook-Signature': headers['webhook-signature'],
      'Http-Content-Type': 'application/json',
    },
  };
}

describe.each(Object.values(EVENT_CATALOGUE))('$label trigger', ({ type, key }) => {
  const trigger = app.triggers[key as keyof typeof app.triggers] as (typeof app.triggers)['invoice_paid'];
  const { perform, performList, performSubscribe, performUnsubscribe } = trigger.operation;
  const event = sampleEventsByType[type as EventType];

  it("subscribes Zapier's target URL for this one event and keeps the webhook id and secret", async () => {
    let body: any;
    api()
      .post('/v1/webhooks', (sent) => ((body = sent), true))
      .reply(201, { ...sampleWebhook, id: 'we_new1', events: [type], secret });
    const targetUrl = 'https://hooks.zapier.com/hooks/standard/1/abc/';
    await expect(appTester(performSubscribe, { authData, targetUrl })).resolves.toEqual({ id: 'we_new1', secret });
    expect(body).toMatchObject({ url: targetUrl, events: [type] });
  });

  it("fails the subscription with the service's reason when it is refused", async () => {
    api()
      .post('/v1/webhooks')
      .reply(
        422,
        problem(422, 'validation_failed', 'Bad URL.', { errors: [{ param: 'url', message: 'must be https' }] }),
      );
    const error = await failure(appTester(performSubscribe, { authData, targetUrl: 'https://hooks.zapier.com/x' }));
    expect(error.message).toContain('Webhook URL (url): must be https');
  });

  it('unsubscribes by deleting the webhook', async () => {
    const scope = api().delete('/v1/webhooks/we_unit123').reply(204);
    await appTester(performUnsubscribe, { authData, subscribeData });
    expect(scope.isDone()).toBe(true);
  });

  it('treats unsubscribing an already deleted webhook as done', async () => {
    const scope = api()
      .delete('/v1/webhooks/we_unit123')
      .reply(404, problem(404, 'not_found', 'No such webhook.'));
    await expect(appTester(performUnsubscribe, { authData, subscribeData })).resolves.toEqual({ deleted: false });
    expect(scope.isDone()).toBe(true);
  });

  it('accepts a correctly signed delivery and returns the flat record with the event id as id', async () => {
    const records = await appTester(perform, {
      authData,
      subscribeData,
      rawRequest: delivery(event),
      cleanedRequest: event,
    });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ id: event.id, event_id: event.id, event_type: type });
    expect(records[0]).toEqual(flattenEvent(event));
  });

  it.each([
    ['tampered', () => delivery(event, { body: JSON.stringify(event).replace('"livemode":false', '"livemode":true') })],
    ['stale', () => delivery(event, { timestamp: now() - 600 })],
    ['signed with another secret', () => delivery(event, { secret: generateWebhookSecret() })],
    ['unsigned', () => ({ content: JSON.stringify(event), headers: { 'Http-Content-Type': 'application/json' } })],
  ])('drops a %s delivery', async (_kind, rawRequest) => {
    await expect(
      appTester(perform, { authData, subscribeData, rawRequest: rawRequest(), cleanedRequest: event }),
    ).resolves.toEqual([]);
    expect(zapierLogs.at(-1)).toMatch(/^Webhook refused: /);
  });

  it('starts one Zap per event: a repeated delivery (new timestamp, same event id) is dropped, per subscription', async () => {
    const repeated = { ...event, id: `${event.id}_repeat_${type}` };
    const deliver = (data: typeof subscribeData) =>
      appTester(perform, { authData, subscribeData: data, rawRequest: delivery(repeated), cleanedRequest: repeated });
    await expect(deliver(subscribeData)).resolves.toHaveLength(1);
    await expect(deliver(subscribeData)).resolves.toEqual([]);
    expect(zapierLogs.at(-1)).toBe(`Ignored a repeated delivery of ${repeated.id}.`);
    // Another Zap subscribed to the same event still gets it once.
    await expect(deliver({ ...subscribeData, id: 'we_otherzap' })).resolves.toHaveLength(1);
  });

  it('drops a correctly signed event of another type', async () => {
    const other = Object.values(sampleEventsByType).find((candidate) => candidate.type !== type)!;
    await expect(appTester(perform, { authData, subscribeData, rawRequest: delivery(other) })).resolves.toEqual([]);
    expect(zapierLogs.at(-1)).toBe(`Ignored an event of type ${other.type}.`);
  });

  it('lists recent real events of its type in the same shape as perform', async () => {
    const recent = { ...event, id: `evt_recent_${key}` };
    const scope = api()
      .get('/v1/events')
      .query({ type, limit: 3 })
      .reply(200, { object: 'list', data: [recent], has_more: false });
    const listed = await appTester(performList, { authData });
    const performed = await appTester(perform, { authData, subscribeData, rawRequest: delivery(recent) });
    expect(scope.isDone()).toBe(true);
    expect(listed).toEqual(performed);
  });

  it('falls back to the sample when there are no events yet', async () => {
    api().get('/v1/events').query(true).reply(200, { object: 'list', data: [], has_more: false });
    await expect(appTester(performList, { authData })).resolves.toEqual([trigger.operation.sample]);
  });

  it('labels its output fields', () => {
    const keys = trigger.operation.outputFields.map((field) => field.key);
    // A product event names no client: it carries the product (its SKU, price and rate) instead.
    const own = type.startsWith('product.')
      ? ['product_id', 'product_sku', 'product_unit_price_formatted', 'product_gst_rate']
      : [
          'client_id',
          'client_email',
          ...(type.startsWith('client.') ? ['client_name', 'client_city'] : ['invoice_number', 'amount_due_formatted']),
        ];
    expect(keys).toEqual(expect.arrayContaining(['id', 'event_type', ...own]));
    expect([...keys].sort()).toEqual(Object.keys(trigger.operation.sample).sort());
    expect(keys.length).toBeGreaterThan(15);
  });
});

test('z.cache out of reach: the delivery is passed on, and a repeat starts a Zap too, with the same id', async () => {
  // z.cache as the app meets it when Zapier's store does not answer: every look-up fails.
  const unreachable = new Proxy(
    {},
    {
      has: () => {
        throw new Error('zcache unavailable');
      },
      set: () => {
        throw new Error('zcache unavailable');
      },
    },
  );
  const tester = createAppTester(app) as ReturnType<typeof createAppTester> & { zcacheTestObj: object };
  tester.zcacheTestObj = unreachable;
  const event = { ...sampleEventsByType['invoice.paid'], id: 'evt_cacheDown1' };
  const deliver = () =>
    tester(app.triggers.invoice_paid.operation.perform, {
      authData,
      subscribeData,
      rawRequest: delivery(event),
      cleanedRequest: event,
    });
  const runs = [await deliver(), await deliver()];
  expect(runs.map((records) => records.map((record: { id: string }) => record.id))).toEqual([
    ['evt_cacheDown1'],
    ['evt_cacheDown1'],
  ]);
  expect(zapierLogs.at(-1)).toBe('Could not check whether evt_cacheDown1 was delivered before; passing it on.');
});

test("each event id is remembered for the service's retry window and an hour more (3 days + 1 h)", async () => {
  const kept: Array<{ key: string; seconds: number }> = [];
  const z = {
    console: { log: () => undefined },
    cache: {
      get: async () => null,
      set: async (key: string, _value: unknown, seconds: number) => (kept.push({ key, seconds }), true),
    },
  };
  const event = { ...sampleEventsByType['invoice.paid'], id: 'evt_window1' };
  const perform = app.triggers.invoice_paid.operation.perform as unknown as (
    zObject: typeof z,
    bundle: object,
  ) => Promise<unknown[]>;
  await expect(perform(z, { authData, subscribeData, rawRequest: delivery(event) })).resolves.toHaveLength(1);
  expect(kept).toEqual([{ key: `delivery:${subscribeData.id}:evt_window1`, seconds: expect.any(Number) }]);
  expect(kept[0].seconds * 1000 - RETRY_WINDOW_MS).toBe(60 * 60 * 1000);
});
