/**
 * Suite 9, catching up. 500 events happen while n8n is not polling (the workflow off, or n8n down);
 * the Polling Trigger (the built package, polled through n8n-core's PollContext) must then start the
 * workflow for each exactly once, in the order the service recorded them, and hand on nothing more after.
 * Likewise the webhook trigger with "Replay Missed Events": 500 events while its workflow was off, then
 * re-activation recovers them as deliveries, each starting one execution, oldest first.
 */
import { EVENT_TYPES, operations } from '../../shared';
import { PollHost, TriggerHost } from '../n8n/harness';
import { ok, since, startPlatforms, type Platforms } from './platforms';
import { writeResult, type Row } from './support/results';

const BURST = 500;
const started = Date.now();
let p: Platforms;
const rows: Row[] = [];
const facts: string[] = [];

beforeAll(async () => {
  p = await startPlatforms({ timeScale: 0.001 });
});
afterAll(async () => {
  if (rows.length)
    writeResult('9-catch-up', {
      suite: '9',
      title: 'Catching up after a burst',
      rows,
      facts,
      durationMs: since(started),
    });
  await p?.close();
});

/** Events of every kind until the account has `count` more: new clients, invoices for a third, renames of another third. */
async function burst(count: number, tag: string): Promise<number> {
  const target = p.s.sandbox.data.events.select('1 = 1').length + count;
  const before = Date.now();
  for (let i = 0; p.s.sandbox.data.events.select('1 = 1').length < target; i += 1) {
    if (i % 3 === 2) await p.newInvoice(`${tag}${i}@example.com`);
    else {
      const client = ok(await p.s.api((c) => operations.createClient.request(c, { email: `${tag}${i}@example.com` })));
      if (i % 3 === 1)
        ok(await p.s.api((c) => operations.updateClient.request(c, { client_id: client.id, name: `Burst ${i}` })));
    }
  }
  return since(before);
}

const recordedIds = () => p.s.sandbox.data.events.select('1 = 1 ORDER BY seq').map((event) => event.id);

test(`a burst of ${BURST} events while n8n was not polling: each started once, in order, then nothing more`, async () => {
  const poller = new PollHost(p.s.pkg, {
    node: 'invoicingApiPollingTrigger',
    parameters: { events: [...EVENT_TYPES] },
    credentials: p.s.credentials,
  });
  // History before the workflow first polled (two events), which it must not replay.
  await p.newInvoice('before@example.com');
  expect(await poller.poll()).toBeNull();

  // A mix of every kind: new clients (client.created), invoices for some (invoice.created), renames (client.updated).
  const burstMs = await burst(BURST, 'poll');
  const recorded = recordedIds();
  const cursorAt = recorded.indexOf(String(poller.nodeData.cursor));
  const expected = recorded.slice(cursorAt + 1);

  const catchUpStarted = Date.now();
  const items = (await poller.poll()) ?? [];
  const catchUpMs = since(catchUpStarted);
  const afterwards = await poller.poll();
  const handed = items.map((item) => String(item.json.event_id));
  const inOrder = handed.every((id, index) => id === expected[index]);
  rows.push({
    platform: 'n8n',
    part: 'Polling Trigger after a burst of events while it was not polling',
    tried: expected.length,
    rejected: 0,
    accepted: handed.length,
    lost: expected.filter((id) => !handed.includes(id)).length,
    notes:
      `executions started: ${poller.started.length}; events started twice: ${handed.length - new Set(handed).size}; ` +
      `out of order: ${inOrder ? 0 : 'yes'}; handed on by the next poll: ${afterwards?.length ?? 0}; catch-up took ${catchUpMs} ms`,
  });
  facts.push(
    `${expected.length} events (new clients, invoices for a third of them, renames of another third) made in ${burstMs} ms while the ` +
      'workflow was not polling; one poll then handed them on as one execution of that many items, oldest first, paging GET /v1/events ' +
      'with ending_before 100 at a time (shared/operations/catchUp.ts).',
  );

  expect(expected.length).toBeGreaterThanOrEqual(BURST);
  expect(handed).toEqual(expected);
  expect(poller.started).toHaveLength(1);
  expect(afterwards).toBeNull();
});

/**
 * The webhook trigger with Replay Missed Events, active and having handled one invoice's events (so it has a
 * cursor); `work` runs with it, and it is deactivated and closed afterwards.
 */
async function withReplayingTrigger(
  tag: string,
  work: (host: TriggerHost, handledBefore: number) => Promise<void>,
): Promise<void> {
  const host = new TriggerHost(p.s.pkg, {
    node: 'invoicingApiTrigger',
    parameters: { events: [...EVENT_TYPES], replayMissed: true },
    credentials: p.s.credentials,
    executes: true,
  });
  await host.listen();
  try {
    await host.activate();
    await p.newInvoice(`handled-${tag}@example.com`);
    await p.s.sandbox.settled();
    expect(host.started.length).toBeGreaterThan(0);
    await work(host, host.started.length);
  } finally {
    await host.deactivate();
    await host.close();
  }
}

test(`the webhook trigger replaying a burst of ${BURST} events missed while its workflow was off: each started once, in order`, async () => {
  await withReplayingTrigger('off', async (host, handledBefore) => {
    await host.deactivate();

    const burstMs = await burst(BURST, 'replay');
    const recorded = recordedIds();
    const lastHandled = String(host.started.at(-1)?.[0][0].json.event_id);
    const expected = recorded.slice(recorded.indexOf(lastHandled) + 1);

    const replayStarted = Date.now();
    await host.activate();
    await p.s.sandbox.settled();
    const replayMs = since(replayStarted);
    const handed = host.started.slice(handledBefore).map((run) => String(run[0][0].json.event_id));
    // Once more: a second re-activation (n8n restarting) must replay nothing now.
    await host.activate();
    await p.s.sandbox.settled();
    const afterwards = host.started.length - handledBefore - handed.length;
    const inOrder = handed.every((id, index) => id === expected[index]);
    rows.push({
      platform: 'n8n',
      part: 'Webhook trigger replaying a burst missed while its workflow was off',
      tried: expected.length,
      rejected: 0,
      accepted: handed.length,
      lost: expected.filter((id) => !handed.includes(id)).length,
      notes:
        `executions started: ${handed.length}; events started twice: ${handed.length - new Set(handed).size}; ` +
        `out of order: ${inOrder ? 0 : 'yes'}; started by the next activation: ${afterwards}; replay took ${replayMs} ms`,
    });
    facts.push(
      `${expected.length} events made in ${burstMs} ms while the webhook trigger's workflow was off (its subscription deleted); ` +
        're-activation asked POST /v1/webhooks/{id}/recover from the newest event it had handled, and the service re-sent them one at a ' +
        'time, each after the previous one was answered, each starting one execution (n8n-core harness, the built package).',
    );

    expect(expected.length).toBeGreaterThanOrEqual(BURST);
    expect(handed).toEqual(expected);
    expect(afterwards).toBe(0);
  });
}, 240_000);

test(`the webhook trigger after n8n was down for a burst of ${BURST} events: each started once, in order`, async () => {
  await withReplayingTrigger('down', async (host, handledBefore) => {
    const lastHandled = String(host.started.at(-1)?.[0][0].json.event_id);

    // n8n down: every delivery is answered 503 and reaches no node, while the subscription stays.
    host.down = true;
    const refused = () => p.s.sandbox.data.attempts.select("json_extract(doc, '$.status') = 503").length;
    const refusedBefore = refused();
    const burstMs = await burst(BURST, 'down');
    const recorded = recordedIds();
    const expected = recorded.slice(recorded.indexOf(lastHandled) + 1);
    const triedWhileDown = refused() - refusedBefore;

    const backStarted = Date.now();
    host.down = false;
    expect(await host.activate()).toEqual({ existed: true });
    await p.s.sandbox.settled();
    const backMs = since(backStarted);
    const handed = host.started.slice(handledBefore).map((run) => String(run[0][0].json.event_id));
    const inOrder = handed.every((id, index) => id === expected[index]);
    rows.push({
      platform: 'n8n',
      part: 'Webhook trigger after n8n was down for a burst (the service retrying meanwhile)',
      tried: expected.length,
      rejected: 0,
      accepted: handed.length,
      lost: expected.filter((id) => !handed.includes(id)).length,
      notes:
        `executions started: ${handed.length}; events started twice: ${handed.length - new Set(handed).size}; ` +
        `out of order: ${inOrder ? 0 : 'yes'}; deliveries tried while down: ${triedWhileDown}; caught up ${backMs} ms after n8n was back`,
    });
    facts.push(
      `${expected.length} events made in ${burstMs} ms while n8n answered every delivery 503; the service retried only the oldest ` +
        `(${triedWhileDown} attempts in all while down), holding the newer ones behind it; when n8n was back the trigger asked for the recovery ` +
        'and every event started one execution, oldest first.',
    );

    expect(expected.length).toBeGreaterThanOrEqual(BURST);
    expect(handed).toEqual(expected);
    expect(triedWhileDown).toBeLessThan(BURST / 10);
  });
}, 240_000);
