/**
 * What a workflow author does in n8n's editor before activating anything, in a real n8n server (the version npm run test:live installed):
 * "Fetch Test Event" on the Polling Trigger and "Listen for test event" on the webhook trigger, both run
 * the way the editor runs them (`POST /rest/workflows/{id}/run` from the trigger). Counts in one table.
 */
import type { Sandbox } from '../../sandbox';
import type { N8nServer } from './n8n-server';
import { eventually, pause, progress } from './processes';
import { activeSubscriptions, happen, newInvoice } from './sandbox';
import { SingleN8n } from './single';
import { Counts } from './table';
import { PACKAGE, POLLING_TRIGGER, TRIGGER, pollingWorkflow, triggerWorkflow } from './workflows';

const QUIET_MS = 3000;

const counts = new Counts();
let live: SingleN8n;
let sandbox: Sandbox;
let n8n: N8nServer;
let credential: { id: string; name: string };

/** The execution a run of `workflowId` produced once it has finished (bounded wait), newest first. */
async function finished(workflowId: string, count: number, seconds = 30) {
  return await eventually(
    `${count} finished executions`,
    seconds,
    async () => {
      const runs = await n8n.executions(workflowId);
      return runs.length >= count && runs.every((run) => run.status !== 'running' && run.status !== 'new')
        ? runs
        : undefined;
    },
    500,
  );
}

const eventIds = async (executionId: string, node: string) =>
  (await n8n.executionOutput(executionId, node)).map((record) => String(record.event_id));
const testSubscriptions = () => activeSubscriptions(sandbox).filter((record) => record.url.includes('/webhook-test/'));

beforeAll(async () => {
  live = await SingleN8n.start('editor');
  ({ sandbox, n8n, credential } = live);
}, 300_000);

afterAll(async () => {
  await live?.stop(counts, `n8n ${live.n8n.install.version}: the editor's test runs, counts seen in the server`);
});

test('Polling Trigger, Fetch Test Event: the newest selected event, and the cursor stays where it was', async () => {
  const workflowId = (
    await n8n.createWorkflow(
      pollingWorkflow('Editor: fetch test event', credential, ['invoice.viewed', 'invoice.paid']),
    )
  ).id;
  await n8n.activate(workflowId);
  await pause(QUIET_MS);
  const invoiceId = await newInvoice(sandbox, 'editor.poll@example.com');
  const viewed = await happen(sandbox, invoiceId, 'invoice.viewed');
  const paid = await happen(sandbox, invoiceId, 'invoice.paid');
  // Newer events of types the trigger does not select: Fetch Test Event must look past them.
  await newInvoice(sandbox, 'editor.later@example.com');

  const run = await n8n.runFromTrigger(workflowId, POLLING_TRIGGER);
  const [manual] = await finished(workflowId, 1);
  const shown = await eventIds(manual.id, POLLING_TRIGGER);
  counts.record('editor', 'Fetch Test Event: executions', 1, (await n8n.executions(workflowId)).length);
  counts.record(
    'editor',
    'Fetch Test Event: items (the newest selected event)',
    1,
    shown.filter((id) => id === paid.id).length,
  );

  // The schedule's next poll (on the minute) must still hand on both events: the fetch moved no cursor.
  const began = Date.now();
  const runs = await finished(workflowId, 2, 75);
  progress('n8n ran a scheduled poll', began);
  const polled = await eventIds(runs[0].id, POLLING_TRIGGER);
  counts.record('editor', 'next scheduled poll after Fetch Test Event: items (2 new events)', 2, polled.length);
  await n8n.deactivate(workflowId);

  expect(run.executionId).toBe(manual.id);
  expect(manual).toMatchObject({ mode: 'manual', status: 'success' });
  expect(shown).toEqual([paid.id]);
  expect(runs[0].mode).toBe('trigger');
  expect(polled).toEqual([viewed.id, paid.id]);
});

test('webhook trigger, Listen for test event: one temporary subscription, the first event shown, then removed', async () => {
  const workflowId = (
    await n8n.createWorkflow(triggerWorkflow('Editor: listen for test event', credential, ['invoice.paid']))
  ).id;
  const run = await n8n.runFromTrigger(workflowId, TRIGGER);
  const listening = await eventually('a test subscription', 30, async () =>
    testSubscriptions().length ? testSubscriptions() : undefined,
  ).catch(() => testSubscriptions());
  counts.record('editor', 'Listen for test event: subscriptions to the test URL', 1, listening.length);

  const invoiceId = await newInvoice(sandbox, 'editor.listen@example.com');
  const paid = await happen(sandbox, invoiceId, 'invoice.paid');
  const [manual] = await finished(workflowId, 1);
  const shown = await eventIds(manual.id, TRIGGER);
  counts.record(
    'editor',
    'Listen for test event: executions for a payment',
    1,
    (await n8n.executions(workflowId)).length,
  );
  const left = await eventually('the test subscription removed', 30, async () =>
    testSubscriptions().length === 0 ? [] : undefined,
  ).catch(() => testSubscriptions());
  counts.record('editor', 'test subscriptions once the event was shown', 0, left.length);

  // Nothing listens now: a second payment starts nothing.
  await happen(sandbox, invoiceId, 'invoice.paid');
  await sandbox.settled();
  await pause(QUIET_MS);
  const after = (await n8n.executions(workflowId)).length;
  counts.record('editor', 'executions for a payment after the test', 0, after - 1);

  expect(run).toMatchObject({ waitingForWebhook: true });
  expect(listening).toHaveLength(1);
  expect(manual).toMatchObject({ mode: 'manual', status: 'success' });
  expect(shown).toEqual([paid.id]);
  expect(left).toHaveLength(0);
  expect(after).toBe(1);
});

test('the Invoicing API node is offered to AI agents as a tool (usableAsTool)', async () => {
  // The node types the editor loads (its node panel, and an AI Agent's Tool input). n8n 1.x lists the tool
  // variant it built from the package as it loaded it; 2.x lists the flag and builds the variant from it.
  const types = (await n8n.request('GET', '/types/nodes.json')).body as Array<{
    name: string;
    outputs?: unknown;
    usableAsTool?: unknown;
  }>;
  const ours = (suffix: string) => types.find((type) => type.name === `${PACKAGE}.${suffix}` || type.name === suffix);
  const offered =
    n8n.major >= 2
      ? ours('invoicingApi')?.usableAsTool === true
      : JSON.stringify(ours('invoicingApiTool')?.outputs) === JSON.stringify(['ai_tool']);
  counts.record(
    'editor',
    `the action node as an AI agent tool (${n8n.major >= 2 ? 'usableAsTool listed' : 'tool variant listed'})`,
    1,
    offered ? 1 : 0,
  );
  expect(offered).toBe(true);
});
