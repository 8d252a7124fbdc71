/**
 * Issue 43's n8n Retry where users press it: a real n8n server (the version npm run test:live installed) runs
 * Create Invoice → Record Payment → Send with Prevent Duplicates Key left empty. The sandbox acts on each
 * request but holds its answer past the node's 30 s timeout (a planted late answer), so the execution fails
 * after the service acted; it is then retried as the executions list's Retry button does it (POST
 * /rest/executions/:id/retry, the workflow as it was): the original, the original again, then that Retry.
 * One invoice, one payment, one send. Two manual runs of one workflow with the same data still make two invoices. Counts
 * seen, next to what was expected, in one table.
 */
import { operations } from '../../shared';
import type { Sandbox } from '../../sandbox';
import { observeReplies } from '../../sandbox/http/replyObservers';
import type { N8nServer } from './n8n-server';
import { eventually } from './processes';
import { sandboxApi } from './sandbox';
import { SingleN8n } from './single';
import { Counts } from './table';
import { failureWords, manualWorkflow, runManually } from './workflows';

const CREATE = 'Create Invoice';
const PAY = 'Record Payment';
const SEND = 'Send Invoice';
/** Past the node's own 30 s request timeout (n8n/transport/connection.ts), so n8n gives up first. */
const HOLD_MS = 45_000;
const EMAIL = 'retried@example.com';

const counts = new Counts();
let live: SingleN8n;
let sandbox: Sandbox;
let n8n: N8nServer;

/** Answers the sandbox gave from an idempotency key's record ("idempotent-replayed"), per method and path. */
const replayed = new Map<string, number>();
const stopObserving = observeReplies((method, path, reply) => {
  if (reply.headers?.['idempotent-replayed'] === 'true')
    replayed.set(`${method} ${path}`, (replayed.get(`${method} ${path}`) ?? 0) + 1);
});

const api = (build: Parameters<typeof sandboxApi>[1]) => sandboxApi(sandbox, build);
const invoicesOf = async (email: string) =>
  (await api((c) => operations.listInvoices.request(c, { client_email: email, limit: 100 }))).data as any[];
const paymentsOf = async (invoiceId: string) =>
  (await api((c) => operations.listPayments.request(c, { invoice_id: invoiceId, limit: 100 }))).data as any[];
const sendsOf = async (invoiceId: string) =>
  (await api((c) => operations.listEvents.request(c, { type: 'invoice.sent', limit: 100 }))).data.filter(
    (event: any) => event.data.invoice.id === invoiceId,
  );

const createInvoice = (email: string) => ({
  resource: 'invoice',
  operation: 'create',
  client_email: { __rl: true, mode: 'email', value: email },
  currency: 'INR',
  itemsInput: 'fields',
  items: { item: [{ description: 'Annual maintenance', amount: '9,000.00' }] },
});

/** The node the execution stopped on, and the words it stopped with. */
async function stoppedAt(executionId: string, node: string): Promise<{ node: string; words: string }> {
  const data = await n8n.executionData(executionId);
  return { node: data.resultData.lastNodeExecuted, words: await failureWords(n8n, executionId, node) };
}

/**
 * The executions list's Retry (with the workflow as it was: loadWorkflow false). n8n answers once the new
 * execution has finished; it is the one execution new since the call, and names the retried one (`retryOf`).
 */
async function retry(workflowId: string, executionId: string) {
  type Listed = { id: string; status: string; mode: string; retryOf?: string | null };
  const before = new Set((await n8n.executions(workflowId)).map((execution) => execution.id));
  await n8n.rest('POST', `/rest/executions/${executionId}/retry`, { loadWorkflow: false });
  const retried = await eventually(`the retry of execution ${executionId} to finish`, 60, async () => {
    const added = (await n8n.executions<Listed>(workflowId)).filter((execution) => !before.has(execution.id));
    return added.length === 1 && !['running', 'new', 'waiting'].includes(added[0].status) ? added[0] : undefined;
  });
  expect(String(retried.retryOf)).toBe(executionId);
  return retried;
}

beforeAll(async () => {
  live = await SingleN8n.start('execution-retry');
  ({ sandbox, n8n } = live);
}, 300_000);

afterAll(async () => {
  stopObserving();
  await live?.stop(counts, `n8n ${live.n8n.install.version}: Retry of a failed execution, counts seen in the server`);
});

test('each step times out after the service acted; each Retry answers it from the key: 1 invoice, 1 payment, 1 send', async () => {
  const workflow = manualWorkflow('Bill, collect and send', live.credential, {
    [CREATE]: createInvoice(EMAIL),
    [PAY]: {
      resource: 'payment',
      operation: 'record',
      invoice_id: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
      method: 'cash',
      amount: '4,000.00',
    },
    [SEND]: {
      resource: 'invoice',
      operation: 'send',
      invoice_id: { __rl: true, mode: 'id', value: '={{ $json.invoice_id }}' },
      channel: 'email',
      kind: 'invoice',
    },
  });
  const { id: workflowId } = await n8n.createWorkflow(workflow);

  sandbox.answerLate('POST', '/v1/invoices', HOLD_MS);
  const first = await runManually(n8n, workflowId);
  const firstStop = await stoppedAt(first.id, CREATE);
  const [invoice] = await invoicesOf(EMAIL);
  counts.record('retry', 'invoices after the first run timed out on Create', 1, (await invoicesOf(EMAIL)).length);
  expect(first.status).toBe('error');
  expect(firstStop.node).toBe(CREATE);
  // No answer came: 2.41.1 says "did not answer in time", 1.123.81's request helper only "connection was aborted".
  expect(firstStop.words).toMatch(/did not answer in time|connection was aborted/);

  sandbox.answerLate('POST', `/v1/invoices/${invoice.id}/payments`, HOLD_MS);
  const second = await retry(workflowId, first.id);
  const secondStop = await stoppedAt(second.id, PAY);
  counts.record('retry', 'invoices after Retry 1 (Create answered from its key)', 1, (await invoicesOf(EMAIL)).length);
  counts.record(
    'retry',
    'payments after Retry 1 timed out on Record Payment',
    1,
    (await paymentsOf(invoice.id)).length,
  );
  expect(second.mode).toBe('retry');
  expect(second.status).toBe('error');
  expect(secondStop.node).toBe(PAY);

  // The original once more (2.41.1's list offers Retry on it too): Record Payment first ran in Retry 1, and
  // still finds the original's id.
  sandbox.answerLate('POST', `/v1/invoices/${invoice.id}/send`, HOLD_MS);
  const third = await retry(workflowId, first.id);
  const thirdStop = await stoppedAt(third.id, SEND);
  counts.record('retry', 'payments after Retry 2 (of the original again)', 1, (await paymentsOf(invoice.id)).length);
  counts.record('retry', 'sends after Retry 2 timed out on Send', 1, (await sendsOf(invoice.id)).length);
  expect(third.status).toBe('error');
  expect(thirdStop.node).toBe(SEND);

  const fourth = await retry(workflowId, third.id);
  counts.record('retry', 'Retry 3 (of Retry 2) succeeded', 1, fourth.status === 'success' ? 1 : 0);
  const invoices = counts.record('retry', 'invoices in the end', 1, (await invoicesOf(EMAIL)).length);
  const payments = counts.record('retry', 'payments in the end', 1, (await paymentsOf(invoice.id)).length);
  const sends = counts.record('retry', 'sends in the end', 1, (await sendsOf(invoice.id)).length);
  const [sent] = await n8n.executionOutput(fourth.id, SEND);
  const answered = (path: string) => replayed.get(`POST ${path}`) ?? 0;
  counts.record('retry', 'Create answered from its key (Retries 1, 2)', 2, answered('/v1/invoices'));
  counts.record(
    'retry',
    'Record Payment answered from its key (Retry 2)',
    1,
    answered(`/v1/invoices/${invoice.id}/payments`),
  );
  counts.record('retry', 'Send answered from its key (Retry 3)', 1, answered(`/v1/invoices/${invoice.id}/send`));
  expect(fourth.status).toBe('success');
  expect([invoices, payments, sends]).toEqual([1, 1, 1]);
  expect(sent).toMatchObject({ object: 'delivery', invoice_id: invoice.id, status: 'sent' });
  expect((await api((c) => operations.getInvoice.request(c, { invoice_id: invoice.id }))).amount_paid).toBe(400000);
});

test('two runs of one workflow with the same data are two invoices: the key is never the last run’s', async () => {
  const email = 'twice@example.com';
  const { id: workflowId } = await n8n.createWorkflow(
    manualWorkflow('Invoice the same twice', live.credential, { [CREATE]: createInvoice(email) }),
  );
  const runs = [await runManually(n8n, workflowId), await runManually(n8n, workflowId)];
  const invoices = counts.record(
    'new run',
    'invoices from two runs with the same data',
    2,
    (await invoicesOf(email)).length,
  );
  expect(runs.map((run) => run.status)).toEqual(['success', 'success']);
  expect(invoices).toBe(2);
});
