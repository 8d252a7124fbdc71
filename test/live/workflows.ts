/** What both n8n live files share: the trigger workflow, as a user would build it, and how to count its runs. */
import type { Sandbox } from '../../sandbox';
import { newWebhookId, type N8nServer } from './n8n-server';
import { eventually, pause } from './processes';

export const PACKAGE = 'n8n-nodes-invoicing-api';
export const CREDENTIAL = 'invoicingApi';
export const TRIGGER = 'Invoicing API Trigger';
export const ALL_EVENTS = ['invoice.viewed', 'invoice.paid', 'invoice.disputed'];

/** `typeVersion` 2 is what the editor puts in new workflows; 1 is what workflows saved before it keep. */
export function triggerWorkflow(
  name: string,
  saved: { id: string; name: string },
  events = ALL_EVENTS,
  typeVersion = 1,
) {
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

export const POLLING_TRIGGER = 'Invoicing API Polling Trigger';

/** The Polling Trigger on n8n's shortest schedule (every minute: n8n refuses anything shorter). */
export function pollingWorkflow(name: string, saved: { id: string; name: string }, events: string[]) {
  return {
    name,
    nodes: [
      {
        id: 'c0000000-0000-4000-8000-000000000001',
        name: POLLING_TRIGGER,
        type: `${PACKAGE}.invoicingApiPollingTrigger`,
        typeVersion: 1,
        position: [0, 0],
        parameters: { events, pollTimes: { item: [{ mode: 'everyMinute' }] } },
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
