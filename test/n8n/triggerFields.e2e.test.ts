/**
 * Issue 43: every required field of the n8n trigger nodes, left blank, is refused before any request, in the
 * field's own words (its label and what it takes). Requests are counted by a proxy in front of the sandbox.
 */
import { FIELDS, TRIGGER_INPUTS } from '../../shared';
import { PollHost, TriggerHost } from './harness';
import { setUp, startProxy, type Setup } from './support';

let s: Setup;
let proxy: Awaited<ReturnType<typeof startProxy>>;
beforeAll(async () => {
  s = await setUp();
  proxy = await startProxy(s.sandbox.baseUrl);
});
afterAll(async () => {
  await proxy.close();
  await s.close();
});
beforeEach(() => {
  proxy.calls.length = 0;
});

const credentials = () => ({ invoicingApi: { apiKey: s.sandbox.testKey, baseUrl: proxy.url } });
const poller = (parameters: Record<string, unknown>) =>
  new PollHost(s.pkg, {
    node: 'invoicingApiPollingTrigger',
    parameters: parameters as never,
    credentials: credentials(),
  });

const DAYS = FIELDS.invoice.daysOverdue.label;
const EVENTS = FIELDS.webhook.events.label;

test('the trigger nodes mark as required exactly the fields the shared trigger rule checks', () => {
  const required = (node: string) =>
    s.pkg.nodeTypes
      .getByNameAndVersion(s.pkg.typeName(node))
      .description.properties.filter((property) => property.required)
      .map((property) => property.name)
      .sort();
  const ruled = Object.values(TRIGGER_INPUTS).flatMap((schema) => Object.keys(schema.shape));
  expect(required('invoicingApiPollingTrigger')).toEqual(['days_overdue', 'events']);
  expect(required('invoicingApiTrigger')).toEqual(['events']);
  for (const name of [...required('invoicingApiPollingTrigger'), ...required('invoicingApiTrigger')])
    expect(ruled).toContain(name);
});

describe.each([
  ['null', null],
  ['""', ''],
  ['spaces', '   '],
])('Days Overdue %s on the Polling Trigger', (_, blank) => {
  test.each(['trigger', 'manual'] as const)('is refused naming the field, with 0 requests (%s poll)', async (mode) => {
    const poll = poller({ triggerOn: 'overdueDays', days_overdue: blank }).poll(mode);
    await expect(poll).rejects.toThrow(`${DAYS} is required: a whole number of days from 1 to 365`);
    expect(proxy.calls).toHaveLength(0);
  });
});

test.each([
  ['none chosen', []],
  ['null', null],
])('Events %s on the Polling Trigger: refused naming the field, 0 requests', async (_, blank) => {
  await expect(poller({ triggerOn: 'events', events: blank }).poll()).rejects.toThrow(`${EVENTS} is required:`);
  expect(proxy.calls).toHaveLength(0);
});

describe('Events on the Trigger', () => {
  const host = (events: unknown) =>
    new TriggerHost(s.pkg, {
      node: 'invoicingApiTrigger',
      parameters: { events } as never,
      credentials: credentials(),
    });

  test('none chosen on a first activation: refused naming the field, 0 requests', async () => {
    const receiver = host([]);
    await receiver.listen();
    try {
      await expect(receiver.activate()).rejects.toThrow(`${EVENTS} is required: one or more event types`);
      expect(proxy.calls).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  test('emptied on a workflow that had a subscription: refused before the old one is touched', async () => {
    const receiver = host(['invoice.paid']);
    await receiver.listen();
    try {
      await receiver.activate();
      proxy.calls.length = 0;
      receiver.reconfigure({ events: [] });
      await expect(receiver.activate()).rejects.toThrow(`${EVENTS} is required: one or more event types`);
      expect(proxy.calls).toHaveLength(0);
      receiver.reconfigure({ events: ['invoice.paid'] });
      await receiver.deactivate();
    } finally {
      await receiver.close();
    }
  });
});
