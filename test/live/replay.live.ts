/**
 * "Replay Missed Events" in a real n8n server (the version npm run test:live installed): a burst of payments while the trigger's workflow
 * is off, and another while n8n is stopped, must each start one execution per event when the workflow
 * is active again, oldest first. Counts seen in the server, printed as one table.
 */
import { operations } from '../../shared';
import type { Sandbox } from '../../sandbox';
import type { N8nServer } from './n8n-server';
import { eventually, pause } from './processes';
import { activeSubscriptions, newInvoice, sandboxApi } from './sandbox';
import { SingleN8n } from './single';
import { Counts } from './table';
import { TRIGGER, settledExecutions, triggerWorkflow } from './workflows';

/** Smaller than the reliability suite's 500: each replayed event is a real execution in a real server. */
const BURST = 30;
const DELIVERY_SECONDS = 90;
const QUIET_MS = 3000;

const counts = new Counts();
let live: SingleN8n;
let sandbox: Sandbox;
let n8n: N8nServer;
let workflowId: string;

const executions = async () => (await n8n.executions(workflowId)).length;
const settledCount = (expected: number) =>
  settledExecutions(n8n, workflowId, sandbox, expected, { seconds: DELIVERY_SECONDS, quietMs: QUIET_MS });

/** The event ids the workflow's executions carried, oldest execution first. */
async function startedEvents(): Promise<string[]> {
  const runs = [...(await n8n.executions(workflowId))].reverse();
  const ids: string[] = [];
  for (const run of runs)
    for (const record of await n8n.executionOutput(run.id, TRIGGER)) ids.push(String(record.event_id));
  return ids;
}

/** `count` UPI payments, each on a new invoice; the paid events' ids, oldest first. */
async function payments(count: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const invoiceId = await newInvoice(sandbox, `${tag}${i}@example.com`);
    await sandboxApi(sandbox, (c) => operations.simulatePayment.request(c, { invoice_id: invoiceId, amount: 30000 }));
    const [paid] = (
      await sandboxApi(sandbox, (c) => operations.listEvents.request(c, { type: 'invoice.paid', limit: 1 }))
    ).data;
    ids.push(paid.id);
  }
  return ids;
}

/** Events started before an older missed event was: how far arrival strayed from the service's order. */
const overtaking = (started: string[], missed: string[]) =>
  started.filter((id, i) => started.slice(i + 1).some((later) => missed.indexOf(later) < missed.indexOf(id))).length;

const subscribed = (want: boolean) =>
  eventually(want ? 'a subscription' : 'no subscription', 30, async () =>
    activeSubscriptions(sandbox).length > 0 === want ? true : undefined,
  ).catch(() => undefined);

beforeAll(async () => {
  live = await SingleN8n.start('replay');
  ({ sandbox, n8n } = live);
  const workflow = triggerWorkflow('Replay missed payments', live.credential);
  Object.assign(workflow.nodes[0].parameters, { events: ['invoice.paid'], replayMissed: true });
  workflowId = (await n8n.createWorkflow(workflow)).id;
}, 300_000);

afterAll(async () => {
  await live?.stop(counts, `n8n ${live.n8n.install.version}: replay of missed events, counts seen in the server`);
});

test('first activation replays nothing; a payment then starts one execution', async () => {
  await payments(2, 'history');
  await n8n.activate(workflowId);
  await subscribed(true);
  const afterActivation = await settledCount(0);
  counts.record('replay', 'executions for history at first activation', 0, afterActivation);
  await payments(1, 'first');
  const after = await settledCount(afterActivation + 1);
  counts.record('replay', 'executions for a payment while active', 1, after - afterActivation);
  expect(afterActivation).toBe(0);
  expect(after).toBe(1);
});

test(`${BURST} payments while the workflow was off: each starts one execution on re-activation, oldest first`, async () => {
  const handled = await startedEvents();
  await n8n.deactivate(workflowId);
  await subscribed(false);
  const missed = await payments(BURST, 'off');
  const before = await executions();
  await n8n.activate(workflowId);
  await subscribed(true);
  const after = await settledCount(before + BURST);
  const started = (await startedEvents()).slice(handled.length);
  counts.record('replay', `executions for ${BURST} events missed while off`, BURST, after - before);
  counts.record('replay', 'events started twice', 0, started.length - new Set(started).size);
  counts.record('replay', 'missed events never started', 0, missed.filter((id) => !started.includes(id)).length);
  counts.record('replay', 'started before an older missed event', 0, overtaking(started, missed));
  expect(started).toEqual(missed);
});

test(`${BURST} payments while n8n was stopped: each starts one execution after it starts again`, async () => {
  const handled = await startedEvents();
  const lastHandled = handled[handled.length - 1];
  // n8n writes the trigger's state (its replay cursor, the deliveries it has seen) after the execution.
  // n8n 1.x was seen, now and then, never to write it for the last execution before a stop; n8n then
  // replays that one event again when it returns (at-least-once; n8n/README.md, "Replay Missed Events").
  const saved = await eventually('the trigger state naming the last handled event', 30, async () =>
    JSON.stringify((await n8n.staticData(workflowId)) ?? null).includes(lastHandled) ? true : undefined,
  ).catch(() => false);
  await n8n.stop();
  const missed = await payments(BURST, 'down');
  // The service's first attempt fails while n8n is down; the newer events wait behind it, and its retry and
  // the recovery both follow, in order.
  await pause(2000);
  await n8n.start();
  await subscribed(true);
  const after = await settledCount(handled.length + BURST);
  const started = (await startedEvents()).slice(handled.length);
  // Not seen within the wait is not "never written": on a loaded CI machine n8n 2.41.1 wrote it later, before
  // the stop, and replayed nothing. So a state not seen allows that one event again, once and first; a state
  // seen allows nothing again.
  const again = started.filter((id) => handled.includes(id)).length;
  const allowedAgain = saved ? 0 : Math.min(again, 1);
  counts.record(
    'replay',
    `executions for ${BURST} events missed while n8n was down`,
    BURST + allowedAgain,
    after - handled.length,
  );
  counts.record('replay', 'events started twice (n8n down)', 0, started.length - new Set(started).size);
  counts.record(
    'replay',
    'missed events never started (n8n down)',
    0,
    missed.filter((id) => !started.includes(id)).length,
  );
  counts.record('replay', 'started before an older missed event (n8n down)', 0, overtaking(started, missed));
  counts.record(
    'replay',
    `handled before the stop, started again (state ${saved ? 'seen saved' : 'not seen saved'} before the stop)`,
    allowedAgain,
    again,
  );
  expect(started).toEqual(allowedAgain ? [lastHandled, ...missed] : missed);
  await n8n.deactivate(workflowId);
});
