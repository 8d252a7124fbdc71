/**
 * Suite 3, webhook attacks. A real signed invoice.paid from the sandbox, then the same event forged,
 * tampered, signed with the wrong secret, out of the 300 s window, with headers missing or malformed,
 * replayed, or of a type the trigger was not set up for, posted to the n8n trigger's front door (n8n-core's
 * WebhookContext) and handed to the Zapier trigger's perform (createAppTester) as Zapier would. Only the
 * controls may start a run; the replay row records each platform's honest behaviour.
 */
import { randomBytes } from 'node:crypto';

import { operations, signWebhook, type InvoiceEvent } from '../../shared';
import { startReceiver, type Receiver } from '../../sandbox';
import { zapierHookRequest } from './support/zapier';
import { writeResult, type Row } from './support/results';
import { appTester, since, startPlatforms, zapierTriggers, type Platforms, type Subscription } from './platforms';
import type { TriggerHost } from '../n8n/harness';
import { captureZapierLogs } from '../zapier/logs';

// The trigger's reasons for dropping deliveries (z.console.log): kept for the test, not printed.
captureZapierLogs();

type Platform = 'Zapier' | 'n8n';
type Outcome = 'starts' | 'refused';
interface Delivery {
  headers: Record<string, string>;
  body: string;
}
interface Attack {
  name: string;
  expected: Outcome | Record<Platform, Outcome>;
  /** `secret` is the subscription's own; `event` a fresh copy of the real event with its own id. */
  make(secret: string, event: InvoiceEvent, platform: Platform): Delivery;
}

const started = Date.now();
let p: Platforms;
let host: TriggerHost;
let receiver: Receiver;
let zap: Subscription;
let otherZap: Subscription;
let paidEvent: InvoiceEvent;
let viewedEvent: InvoiceEvent;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const freshId = () => `evt_${randomBytes(10).toString('hex')}`;
const sign = (
  secret: string,
  event: InvoiceEvent,
  options: { at?: number; id?: string; body?: string } = {},
): Delivery => {
  const body = options.body ?? JSON.stringify(event);
  return {
    body,
    headers: signWebhook({ secret, id: options.id ?? event.id, timestamp: options.at ?? nowSeconds(), body }),
  };
};
const without = (delivery: Delivery, ...names: string[]): Delivery => ({
  body: delivery.body,
  headers: Object.fromEntries(Object.entries(delivery.headers).filter(([name]) => !names.includes(name))),
});
const withHeader = (delivery: Delivery, name: string, value: string): Delivery => ({
  body: delivery.body,
  headers: { ...delivery.headers, [name]: value },
});
const strangerSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** The one delivery a replay row re-sends, per platform: the control's, captured on the wire. */
const captured = new Map<Platform, Delivery>();

const ATTACKS: Attack[] = [
  {
    name: 'control: valid, signed now',
    expected: 'starts',
    make: (secret, event, platform) => {
      const delivery = sign(secret, event);
      captured.set(platform, delivery);
      return delivery;
    },
  },
  {
    name: 'replay of the control, byte for byte, within 300 s',
    expected: 'refused',
    make: (_secret, _event, platform) => captured.get(platform)!,
  },
  {
    name: 'replay of the control re-signed with a new timestamp (a sender retry)',
    expected: 'refused',
    make: (secret, _event, platform) => {
      const { body } = captured.get(platform)!;
      return sign(secret, JSON.parse(body) as InvoiceEvent, { at: nowSeconds() + 2, body });
    },
  },
  {
    name: 'control: signed 299 s ago',
    expected: 'starts',
    make: (secret, event) => sign(secret, event, { at: nowSeconds() - 299 }),
  },
  {
    name: 'control: signed 299 s ahead',
    expected: 'starts',
    make: (secret, event) => sign(secret, event, { at: nowSeconds() + 299 }),
  },
  {
    name: 'signed 301 s ago (a capture replayed after the window)',
    expected: 'refused',
    make: (secret, event) => sign(secret, event, { at: nowSeconds() - 301 }),
  },
  {
    name: 'signed 301 s ahead',
    expected: 'refused',
    make: (secret, event) => sign(secret, event, { at: nowSeconds() + 301 }),
  },
  {
    name: 'body tampered after signing (amount)',
    expected: 'refused',
    make: (secret, event) => {
      const delivery = sign(secret, event);
      return { ...delivery, body: delivery.body.replace(/"amount":(\d)/, '"amount":9$1') };
    },
  },
  {
    name: 'body tampered after signing (whitespace only)',
    expected: 'refused',
    make: (secret, event) => {
      const delivery = sign(secret, event);
      return { ...delivery, body: `${delivery.body} ` };
    },
  },
  {
    name: 'webhook-id header changed after signing',
    expected: 'refused',
    make: (secret, event) => withHeader(sign(secret, event), 'webhook-id', freshId()),
  },
  {
    name: 'body event id changed after signing',
    expected: 'refused',
    make: (secret, event) => {
      const delivery = sign(secret, event);
      return { ...delivery, body: delivery.body.replace(event.id, freshId()) };
    },
  },
  {
    name: "validly signed, but the body's event id differs from webhook-id",
    expected: 'refused',
    make: (secret, event) => sign(secret, event, { id: freshId() }),
  },
  {
    name: 'signed with a made-up secret',
    expected: 'refused',
    make: (_secret, event) => sign(strangerSecret(), event),
  },
  {
    name: "signed with another subscription's secret",
    expected: 'refused',
    // For n8n the Zapier subscription's secret; for Zapier another Zap's (same account, same service).
    make: (_secret, event, platform) => sign(platform === 'n8n' ? zap.secret : otherZap.secret, event),
  },
  {
    name: 'webhook-signature missing',
    expected: 'refused',
    make: (secret, event) => without(sign(secret, event), 'webhook-signature'),
  },
  {
    name: 'webhook-timestamp missing',
    expected: 'refused',
    make: (secret, event) => without(sign(secret, event), 'webhook-timestamp'),
  },
  {
    name: 'webhook-id missing',
    expected: 'refused',
    make: (secret, event) => without(sign(secret, event), 'webhook-id'),
  },
  {
    name: 'no signature headers at all',
    expected: 'refused',
    make: (secret, event) => without(sign(secret, event), 'webhook-id', 'webhook-timestamp', 'webhook-signature'),
  },
  {
    name: 'timestamp in milliseconds',
    expected: 'refused',
    make: (secret, event) => sign(secret, event, { at: Date.now() }),
  },
  {
    name: 'timestamp as an ISO date',
    expected: 'refused',
    make: (secret, event) => withHeader(sign(secret, event), 'webhook-timestamp', new Date().toISOString()),
  },
  {
    name: 'signature without the v1, prefix',
    expected: 'refused',
    make: (secret, event) => {
      const delivery = sign(secret, event);
      return withHeader(delivery, 'webhook-signature', delivery.headers['webhook-signature'].replace(/^v1,/, ''));
    },
  },
  {
    name: 'signature under another scheme (v2,)',
    expected: 'refused',
    make: (secret, event) => {
      const delivery = sign(secret, event);
      return withHeader(delivery, 'webhook-signature', delivery.headers['webhook-signature'].replace(/^v1,/, 'v2,'));
    },
  },
  {
    name: 'signature not base64',
    expected: 'refused',
    make: (secret, event) => withHeader(sign(secret, event), 'webhook-signature', 'v1,***not-base64***'),
  },
  {
    name: 'signature truncated',
    expected: 'refused',
    make: (secret, event) => {
      const delivery = sign(secret, event);
      return withHeader(delivery, 'webhook-signature', delivery.headers['webhook-signature'].slice(0, 20));
    },
  },
  {
    name: 'empty signature header',
    expected: 'refused',
    make: (secret, event) => withHeader(sign(secret, event), 'webhook-signature', ''),
  },
  {
    name: 'validly signed body that is not JSON',
    expected: 'refused',
    make: (secret, event) => sign(secret, event, { body: 'not json' }),
  },
  {
    name: 'validly signed body that is not an event',
    expected: 'refused',
    make: (secret, event) => sign(secret, event, { body: JSON.stringify({ id: event.id }) }),
  },
  {
    name: 'validly signed event of an unselected type (invoice.viewed)',
    expected: 'refused',
    make: (secret) => sign(secret, { ...viewedEvent, id: freshId() }),
  },
];

const expectedFor = (attack: Attack, platform: Platform) =>
  typeof attack.expected === 'string' ? attack.expected : attack.expected[platform];

/** Waits until the clock is early in a second, so a ±301 s timestamp cannot drift to 300 s before it is checked. */
async function earlyInSecond(): Promise<void> {
  const into = Date.now() % 1000;
  if (into > 600) await new Promise((resolve) => setTimeout(resolve, 1000 - into + 5));
}

const deliver: Record<Platform, (delivery: Delivery) => Promise<{ outcome: Outcome; answer: string }>> = {
  async Zapier({ headers, body }) {
    const { rawRequest, cleanedRequest } = zapierHookRequest(headers, body);
    const output = (await appTester(zapierTriggers['invoice.paid'].operation.perform, {
      authData: p.authData,
      subscribeData: zap,
      rawRequest: { ...rawRequest, method: 'POST' },
      cleanedRequest,
    })) as unknown[];
    return { outcome: output.length ? 'starts' : 'refused', answer: `perform → ${output.length} record(s)` };
  },
  async n8n({ headers, body }) {
    const before = host.started.length;
    const response = await fetch(host.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    await response.text();
    return { outcome: host.started.length > before ? 'starts' : 'refused', answer: `HTTP ${response.status}` };
  },
};

beforeAll(async () => {
  p = await startPlatforms();
  host = await p.n8nTrigger(['invoice.paid']);
  await host.activate();
  // Zapier's hook URLs: a receiver records what the sandbox posts to them, as Zapier's front door would.
  receiver = await startReceiver();
  zap = await p.subscribeZap('invoice.paid', `${receiver.url}?zap=1`);
  otherZap = await p.subscribeZap('invoice.paid', `${receiver.url}?zap=2`);
});
afterAll(async () => {
  await host?.deactivate();
  for (const subscription of [zap, otherZap]) if (subscription) await p.unsubscribeZap('invoice.paid', subscription);
  await p?.close();
  await receiver?.close();
});

const rows: Row[] = [];
const results: Array<{ platform: Platform; attack: string; expected: Outcome; outcome: Outcome; answer: string }> = [];

test('a real signed invoice.paid from the sandbox starts the n8n workflow and the Zap', async () => {
  const invoice = await p.newInvoice();
  expect((await p.s.api((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id }))).status).toBe(200);
  await p.s.sandbox.settled();
  expect(host.started).toHaveLength(1);
  paidEvent = host.started[0][0][0].json.event as unknown as InvoiceEvent;
  expect(paidEvent).toMatchObject({ type: 'invoice.paid', data: { invoice: { id: invoice.id } } });
  const delivered = (await receiver.waitFor(2)).find((request) => request.path.endsWith('zap=1'))!;
  const { outcome } = await deliver.Zapier({
    headers: delivered.headers as Record<string, string>,
    body: delivered.rawBody,
  });
  expect(outcome).toBe('starts');
  expect(
    (await p.s.api((c) => operations.simulateView.request(c, { invoice_id: invoice.id, channel: 'link' }))).status,
  ).toBe(200);
  [viewedEvent] = (await p.s.api((c) => operations.listEvents.request(c, { type: 'invoice.viewed', limit: 1 }))).body
    .data as InvoiceEvent[];
  expect(viewedEvent?.type).toBe('invoice.viewed');
});

describe.each<Platform>(['n8n', 'Zapier'])('%s', (platform) => {
  test(`only the controls start a run (${ATTACKS.length} deliveries)`, async () => {
    for (const attack of ATTACKS) {
      await earlyInSecond();
      const { outcome, answer } = await deliver[platform](
        attack.make(ownSecret(platform), { ...paidEvent, id: freshId() }, platform),
      );
      results.push({ platform, attack: attack.name, expected: expectedFor(attack, platform), outcome, answer });
    }
    const mine = results.filter((result) => result.platform === platform);
    const shouldStart = mine.filter((result) => result.expected === 'starts');
    const startedRuns = mine.filter((result) => result.outcome === 'starts');
    rows.push({
      platform,
      part: 'forged, stale, malformed, replayed and unselected deliveries',
      tried: mine.length,
      rejected: mine.length - startedRuns.length,
      accepted: startedRuns.length,
      lost: shouldStart.filter((result) => result.outcome !== 'starts').length,
      notes:
        `attacks that started a run: ${mine.filter((result) => result.expected === 'refused' && result.outcome === 'starts').length}; ` +
        `replays started: ${mine.filter((result) => result.attack.startsWith('replay') && result.outcome === 'starts').length} of 2`,
    });
    expect(mine.filter((result) => result.outcome !== result.expected)).toEqual([]);
    if (platform === 'n8n') {
      // Forged and stale deliveries are refused with 401; valid-but-unwanted ones are acknowledged so the service stops retrying.
      const answers = new Map(mine.map((result) => [result.attack, result.answer]));
      expect(answers.get("signed with another subscription's secret")).toBe('HTTP 401');
      expect(answers.get('signed 301 s ago (a capture replayed after the window)')).toBe('HTTP 401');
      expect(answers.get('validly signed event of an unselected type (invoice.viewed)')).toBe('HTTP 200');
      expect(answers.get('replay of the control, byte for byte, within 300 s')).toBe('HTTP 200');
    }
  });
});

function ownSecret(platform: Platform): string {
  return platform === 'Zapier'
    ? zap.secret
    : (host.staticData['node:Invoicing API Trigger'] as { webhookSecret: string }).webhookSecret;
}

afterAll(() => {
  if (rows.length !== 2) return;
  writeResult('3-webhook-attacks', {
    suite: '3',
    title: 'Webhook attacks',
    rows,
    durationMs: since(started),
    facts: [
      `Each platform got ${ATTACKS.length} deliveries of a real sandbox invoice.paid event: ${ATTACKS.map((attack) => attack.name).join('; ')}.`,
      'Timestamps up to 300 s either way are accepted (Standard Webhooks tolerance); 301 s is refused, which bounds how late a captured delivery can be replayed.',
      'n8n refuses a repeated event id within the window (the trigger remembers the last 300 delivery ids): the repeat is answered 200 so the sender stops retrying, and starts nothing.',
      "Zapier does not deduplicate hook payloads, so the app does: each event id is remembered per subscription in z.cache for the service's retry window (3 days + 1 h), and a replay, even re-signed with a fresh timestamp, starts no Zap. Where z.cache cannot be reached the event is passed on (a repeat can be filtered on `id`; a lost payment cannot be recovered).",
    ],
  });
});
