/**
 * What the n8n live files share: the workflows a user builds (a trigger; a manual run of action nodes), how to run
 * one as the editor does, and how to count and read its runs.
 */
import type { Sandbox } from '../../sandbox';
import { newWebhookId, type N8nServer } from './n8n-server';
import { eventually, pause } from './processes';

export const PACKAGE = 'n8n-nodes-invoicing-api';
export const CREDENTIAL = 'invoicingApi';
export const TRIGGER = 'Invoicing API Trigger';
export const ALL_EVENTS = ['invoice.viewed', 'invoice.paid', 'invoice.disputed'];
export const MANUAL_START = 'Start';

type Saved = { id: string; name: string };

/** An Invoicing API action node at type version 2 (what the editor puts in new workflows). */
export function actionNode(id: string, name: string, x: number, parameters: Record<string, unknown>, saved: Saved) {
  return {
    id,
    name,
    type: `${PACKAGE}.invoicingApi`,
    typeVersion: 2,
    position: [x, 0],
    parameters,
    credentials: { [CREDENTIAL]: saved },
  };
}

/**
 * A manual trigger, then one Invoicing API node per entry of `steps` (node name → parameters), each fed by the
 * one before: how a user builds a workflow to try operations.
 */
export function manualWorkflow(name: string, saved: Saved, steps: Record<string, Record<string, unknown>>) {
  const names = Object.keys(steps);
  const id = (index: number) => `d0000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`;
  const chain = [MANUAL_START, ...names];
  return {
    name,
    nodes: [
      {
        id: id(0),
        name: MANUAL_START,
        type: 'n8n-nodes-base.manualTrigger',
        typeVersion: 1,
        position: [0, 0],
        parameters: {},
      },
      ...names.map((node, index) => actionNode(id(index + 1), node, 240 * (index + 1), steps[node], saved)),
    ],
    connections: Object.fromEntries(
      chain.slice(0, -1).map((from, index) => [from, { main: [[{ node: chain[index + 1], type: 'main', index: 0 }]] }]),
    ),
  };
}

/** Runs a manual workflow as the editor's "Execute workflow" does; the finished execution (bounded wait). */
export async function runManually(server: N8nServer, workflowId: string): Promise<{ id: string; status: string }> {
  const before = (await server.executions(workflowId)).length;
  await server.runFromTrigger(workflowId, MANUAL_START);
  const runs = await eventually(
    'the manual execution to finish',
    60,
    async () => {
      const all = await server.executions(workflowId);
      return all.length > before && !['running', 'new', 'waiting'].includes(all[0].status) ? all : undefined;
    },
    500,
  );
  return runs[0];
}

/** The words an execution failed with: the run's error, and the failing node's message and description. */
export async function failureWords(server: N8nServer, executionId: string, nodeName: string): Promise<string> {
  const data = await server.executionData(executionId);
  const nodeError = data.resultData.runData[nodeName]?.[0]?.error ?? {};
  const runError = data.resultData.error ?? {};
  return [runError.message, runError.description, nodeError.message, nodeError.description].filter(Boolean).join(' | ');
}

/** `typeVersion` 2 is what the editor puts in new workflows; 1 is what workflows saved before it keep. */
export function triggerWorkflow(name: string, saved: Saved, events = ALL_EVENTS, typeVersion = 1) {
  return {
    name,
    nodes: [
      {
        id: 'b0000000-0000-4000-8000-000000000001',
        name: TRIGGER,
        type: `${PACKAGE}.invoicingApiTrigger`,
        typeVersion,
        position: [0, 0],
        webhookId: newWebhookId(),
        parameters: { events },
        credentials: { [CREDENTIAL]: saved },
      },
    ],
    connections: {},
  };
}

/** n8n's own Webhook node (version 2, answering as soon as the request is in): the yardstick for our trigger. */
export function webhookNodeWorkflow(name: string) {
  const webhookId = newWebhookId();
  const node = {
    id: 'b0000000-0000-4000-8000-000000000002',
    name: 'Webhook',
    type: 'n8n-nodes-base.webhook',
    typeVersion: 2,
    position: [0, 0],
    webhookId,
    parameters: { httpMethod: 'POST', path: webhookId, options: {} },
  };
  return { path: webhookId, workflow: { name, nodes: [node], connections: {} } };
}

export const POLLING_TRIGGER = 'Invoicing API Polling Trigger';

/**
 * The Polling Trigger on n8n's shortest schedule (every minute: n8n refuses anything shorter), polling for
 * `on`: the events to hand on, or other parameters (`{ triggerOn: 'overdueDays', days_overdue: 7 }`).
 */
export function pollingWorkflow(name: string, saved: Saved, on: string[] | Record<string, unknown>) {
  const parameters = Array.isArray(on) ? { events: on } : on;
  return {
    name,
    nodes: [
      {
        id: 'c0000000-0000-4000-8000-000000000001',
        name: POLLING_TRIGGER,
        type: `${PACKAGE}.invoicingApiPollingTrigger`,
        typeVersion: 1,
        position: [0, 0],
        parameters: { ...parameters, pollTimes: { item: [{ mode: 'everyMinute' }] } },
        credentials: { [CREDENTIAL]: saved },
      },
    ],
    connections: {},
  };
}

/**
 * A workflow's executions once things have settled: waits (bounded) for the count to reach `expected`,
 * then until the sandbox has its answers and a quiet spell has passed, so an extra one is seen too (n8n
 * records an execution before it answers the delivery that started it).
 */
export async function settledExecutions(
  server: N8nServer,
  workflowId: string,
  sandbox: Sandbox,
  expected: number,
  { seconds = 30, quietMs = 3000 } = {},
): Promise<number> {
  const count = async () => (await server.executions(workflowId)).length;
  await eventually('executions', seconds, async () => ((await count()) >= expected ? true : undefined)).catch(
    () => undefined,
  );
  await sandbox.settled();
  await pause(quietMs);
  return await count();
}

/** Polls n8n has started for a workflow: it logs each (activation's and the schedule's) at debug level. */
export function pollsStarted(server: N8nServer, workflowName: string): number {
  // n8n 2.x says "Poll trigger initiated", 1.x "Polling trigger initiated".
  const line = new RegExp(`Poll(?:ing)? trigger initiated for workflow "${workflowName}"`, 'g');
  return server.log().match(line)?.length ?? 0;
}

/** Waits (at most 75 s) for the schedule's next poll of the workflow (n8n fires it on the minute) and its answers. */
export async function nextScheduledPoll(
  server: N8nServer,
  workflowName: string,
  sandbox: Sandbox,
  quietMs = 3000,
): Promise<void> {
  const seen = pollsStarted(server, workflowName);
  await eventually(
    'the next scheduled poll',
    75,
    async () => (pollsStarted(server, workflowName) > seen ? true : undefined),
    500,
  );
  await sandbox.settled();
  await pause(quietMs);
}
