/**
 * Suite 9, catching up. 500 events happen while n8n is not polling (the workflow off, or n8n down);
 * the Polling Trigger (the built package, polled through n8n-core's PollContext) must then start the
 * workflow for each exactly once, in the order the service recorded them, and hand on nothing more after.
 */
import { EVENT_TYPES, operations } from '../../shared';
import { PollHost } from '../n8n/harness';
import { ok, since, startPlatforms, type Platforms } from './platforms';
import { writeResult, type Row } from './support/results';

const BURST = 500;
const started = Date.now();
let p: Platforms;

beforeAll(async () => {
  p = await startPlatforms({ timeScale: 0.001 });
});
afterAll(async () => {
  await p?.close();
});

test(`a burst of ${BURST} events while n8n was not polling: each started once, in order, then nothing more`, async () => {
  const poller = new PollHost(p.s.pkg, { node: 'invoicingApiPollingTrigger', parameters: { events: [...EVENT_TYPES] }, credentials: p.s.credentials });
  // History before the workflow first polled (two events), which it must not replay.
  await p.newInvoice('before@example.com');
  expect(await poller.poll()).toBeNull();

  // A mix of every kind: new clients (client.created), invoices for some (invoice.created), renames (client.updated).
  const before = Date.now();
  for (let i = 0; p.s.sandbox.data.events.select('1 = 1').length < BURST + 2; i += 1) {
    if (i % 3 === 2) await p.newInvoice(`burst${i}@example.com`);
    else {
      const client = ok(await p.s.api((c) => operations.createClient.request(c, { email: `burst${i}@example.com` })));
      if (i % 3 === 1) ok(await p.s.api((c) => operations.updateClient.request(c, { client_id: client.id, name: `Burst ${i}` })));
    }
  }
  const recorded = p.s.sandbox.data.events.select('1 = 1 ORDER BY seq').map((event) => event.id);
  const cursorAt = recorded.indexOf(String(poller.nodeData.cursor));
  const expected = recorded.slice(cursorAt + 1);
  const burstMs = since(before);

  const catchUpStarted = Date.now();
  const items = (await poller.poll()) ?? [];
  const catchUpMs = since(catchUpStarted);
  const afterwards = await poller.poll();
  const handed = items.map((item) => String(item.json.event_id));
  const inOrder = handed.every((id, index) => id === expected[index]);
  const row: Row = {
    platform: 'n8n', part: 'Polling Trigger after a burst of events while it was not polling', tried: expected.length,
    rejected: 0, accepted: handed.length, lost: expected.filter((id) => !handed.includes(id)).length,
    notes: `executions started: ${poller.started.length}; events started twice: ${handed.length - new Set(handed).size}; `
      + `out of order: ${inOrder ? 0 : 'yes'}; handed on by the next poll: ${afterwards?.length ?? 0}; catch-up took ${catchUpMs} ms`,
  };
  writeResult('9-catch-up', {
    suite: '9', title: 'Catching up after a burst', rows: [row], durationMs: since(started),
    facts: [
      `${expected.length} events (new clients, invoices for a third of them, renames of another third) made in ${burstMs} ms while the `
        + 'workflow was not polling; one poll then handed them on as one execution of that many items, oldest first, paging GET /v1/events '
        + 'with ending_before 100 at a time (shared/webhooks/catchUp.ts).',
      'The webhook trigger has no replay yet: a workflow that was off misses what happened meanwhile; the Polling Trigger does not.',
    ],
  });

  expect(expected.length).toBeGreaterThanOrEqual(BURST);
  expect(handed).toEqual(expected);
  expect(poller.started).toHaveLength(1);
  expect(afterwards).toBeNull();
});
