/**
 * Issue 41's e-invoicing where users run it: E-Invoice Generated and E-Invoice Failed on a real n8n server's trigger
 * (type version 2) and as Zapier REST hooks through the built zip, once per event and never for a repeat; Validate
 * and Cancel E-Invoice from both; a cancellation reason not in the IRP's list refused before any request. One
 * sandbox, its account e-invoicing; the failed e-invoice is the sandbox's planted 3029 (GSTIN not active).
 */
import { operations } from '../../shared';
import { startReceiver, type Receiver, type Sandbox } from '../../sandbox';
import { observeReplies } from '../../sandbox/http/replyObservers';
import { zapierHookRequest } from '../zapier/hook-request';
import type { N8nServer } from './n8n-server';
import { eventually } from './processes';
import { activeSubscriptions, redeliver, sandboxApi, sandboxKey } from './sandbox';
import { SingleN8n, workFolder } from './single';
import { Counts } from './table';
import { TRIGGER, failureWords, manualWorkflow, runManually, settledExecutions, triggerWorkflow } from './workflows';
import { startBuiltZip, type BuiltZip } from './zapier-lambda';

const zip = process.env.LIVE_ZAPIER_ZIP;
if (!zip) throw new Error('Run the live suite with npm run test:live (it builds the Zapier zip first).');

const KARNATAKA_CLIENT = '29AAGCB7383J1Z4';
const DELIVERY_SECONDS = 30;
const QUIET_MS = 3000;
const EVENTS = ['invoice.einvoice_generated', 'invoice.einvoice_failed'];
const NODE = 'E-Invoice';

const counts = new Counts();
let live: SingleN8n;
let sandbox: Sandbox;
let n8n: N8nServer;
let credential: { id: string; name: string };
const zapierWork = workFolder('einvoice-zapier');
let zapier: BuiltZip | undefined;
let receiver: Receiver;

/** Every API request the sandbox answered: a refusal before any request leaves this unchanged. */
let requests = 0;
const stopCounting = observeReplies(() => {
  requests += 1;
});

const api = (build: Parameters<typeof sandboxApi>[1]) => sandboxApi(sandbox, build);
const zap = (method: string, bundle: Record<string, unknown> = {}): Promise<any> =>
  zapier!.execute({ baseUrl: sandbox.baseUrl, apiKey: sandboxKey(sandbox) }, method, bundle);

/** A B2B tax invoice (the client has a GSTIN and an address); `fail` plants the IRP's 3029 first. */
async function b2bInvoice(email: string, fail = false): Promise<any> {
  const address = { line1: '4 Residency Road', city: 'Bengaluru', postal_code: '560025', country: 'IN' };
  await api((c) => operations.createClient.request(c, { email, gstin: KARNATAKA_CLIENT, address } as never));
  if (fail) await api((c) => operations.simulateEInvoiceFailure.request(c, { error_code: '3029' }));
  const items = [{ description: 'Website design', amount: 1250000, hsn_sac: '998314', gst_rate: '18' }];
  return await api((c) =>
    operations.createInvoice.request(c, { client_email: email, currency: 'INR', items } as never),
  );
}

beforeAll(async () => {
  live = await SingleN8n.start('einvoice');
  ({ sandbox, n8n, credential } = live);
  [zapier, receiver] = await Promise.all([startBuiltZip(zip, zapierWork.path), startReceiver()]);
  const settings = await fetch(`${sandbox.baseUrl}/v1/test_helpers/account`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${sandboxKey(sandbox)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ einvoicing: { enabled: true, aato_band: 'up_to_10_crore' } }),
  });
  if (settings.status !== 200) throw new Error(`e-invoicing not turned on: HTTP ${settings.status}`);
}, 300_000);

afterAll(async () => {
  stopCounting();
  await zapier?.close();
  await receiver?.close();
  zapierWork.remove();
  await live?.stop(counts, `n8n ${live.n8n.install.version} and Zapier's zip: e-invoicing`);
}, 120_000);

describe('n8n: E-Invoice Generated and Failed on the trigger; Validate and Cancel E-Invoice', () => {
  let workflowId: string;
  let generatedEventId = '';
  const executions = async () => (await n8n.executions(workflowId)).length;
  const settledCount = (expected: number) =>
    settledExecutions(n8n, workflowId, sandbox, expected, { seconds: DELIVERY_SECONDS, quietMs: QUIET_MS });
  const einvoiceWorkflow = (name: string, operation: string, invoiceId: string, more: Record<string, unknown> = {}) =>
    manualWorkflow(name, credential, {
      [NODE]: { resource: 'eInvoice', operation, invoice_id: { __rl: true, mode: 'id', value: invoiceId }, ...more },
    });

  beforeAll(async () => {
    workflowId = (await n8n.createWorkflow(triggerWorkflow('On e-invoices', credential, EVENTS, 2))).id;
    await n8n.activate(workflowId);
    await eventually('the subscription', 30, async () => (activeSubscriptions(sandbox).length ? true : undefined));
  });

  afterAll(async () => {
    await n8n.deactivate(workflowId);
  });

  test('a generated and a failed e-invoice: one execution each, with the IRN and the IRP’s reason', async () => {
    const before = await executions();
    const generated = await b2bInvoice('einvoice.n8n@example.com');
    const failed = await b2bInvoice('einvoice.n8n.failed@example.com', true);
    expect([generated.einvoice_status, failed.einvoice_status]).toEqual(['generated', 'failed']);
    const after = await settledCount(before + 2);
    counts.record('n8n', 'trigger executions for 2 e-invoice events', 2, after - before);
    expect(after - before).toBe(2);
    const records = await Promise.all(
      (await n8n.executions(workflowId))
        .slice(0, 2)
        .map(async (execution) => (await n8n.executionOutput(execution.id, TRIGGER))[0]),
    );
    const byType = Object.fromEntries(records.map((record) => [record.event_type, record]));
    expect(byType['invoice.einvoice_generated']).toMatchObject({ invoice_id: generated.id, irn: generated.irn });
    expect(byType['invoice.einvoice_failed']).toMatchObject({
      invoice_id: failed.id,
      einvoice_error_code: '3029',
      einvoice_error_message: expect.stringContaining('confirm the GSTIN with the client'),
    });
    generatedEventId = String(byType['invoice.einvoice_generated'].event_id);
  });

  test("the service's redelivery of the event starts nothing", async () => {
    const before = await executions();
    await redeliver(sandbox, generatedEventId);
    const after = await settledCount(before);
    counts.record('n8n', 'trigger executions for a redelivery', 0, after - before);
    expect(after - before).toBe(0);
  });

  test('Validate, then Cancel E-Invoice with a reason from the list', async () => {
    const invoice = await b2bInvoice('einvoice.n8n.cancel@example.com');
    const validate = await n8n.createWorkflow(einvoiceWorkflow('Validate an e-invoice', 'validate', invoice.id));
    const checked = await runManually(n8n, validate.id);
    if (checked.status !== 'success') throw new Error(await failureWords(n8n, checked.id, NODE));
    const [validation] = await n8n.executionOutput(checked.id, NODE);
    expect(validation).toMatchObject({ object: 'einvoice_validation', invoice_id: invoice.id, valid: true });
    const cancel = await n8n.createWorkflow(
      einvoiceWorkflow('Cancel an e-invoice', 'cancel', invoice.id, { cancel_reason: 'data_entry_mistake' }),
    );
    const run = await runManually(n8n, cancel.id);
    if (run.status !== 'success') throw new Error(await failureWords(n8n, run.id, NODE));
    const [cancelled] = await n8n.executionOutput(run.id, NODE);
    counts.record('n8n', 'e-invoices cancelled', 1, cancelled.einvoice_status === 'cancelled' ? 1 : 0);
    expect(cancelled).toMatchObject({ id: invoice.id, einvoice_status: 'cancelled', irn: invoice.irn });
  });

  test('a reason not in the IRP’s list fails the node naming the field and the list, before any request', async () => {
    const invoice = await b2bInvoice('einvoice.n8n.typo@example.com');
    const before = requests;
    const workflow = await n8n.createWorkflow(
      einvoiceWorkflow('Cancel with a reason typed wrong', 'cancel', invoice.id, { cancel_reason: 'typo' }),
    );
    const run = await runManually(n8n, workflow.id);
    const words = await failureWords(n8n, run.id, NODE);
    const sent = requests - before;
    counts.record('n8n', 'requests reaching the sandbox for a reason not in the list', 0, sent);
    expect(run.status).toBe('error');
    expect(words).toContain(
      'Cancellation Reason must be one of duplicate, data_entry_mistake, order_cancelled, others',
    );
    expect(sent).toBe(0);
  });
});

describe("Zapier's built zip: the E-Invoice REST hooks, Validate and Cancel E-Invoice", () => {
  const createKey = async (word: string) =>
    Object.keys((await zapier!.definition()).creates).find((key) => key.startsWith(word) && key.includes('invoice'))!;

  test('E-Invoice Generated and Failed: one Zap per event, none for a repeat', async () => {
    const hooks = ['invoice_einvoice_generated', 'invoice_einvoice_failed'];
    const subscriptions = await Promise.all(
      hooks.map((key) => zap(`triggers.${key}.operation.performSubscribe`, { targetUrl: `${receiver.url}/${key}` })),
    );
    const already = receiver.requests.length;
    const generated = await b2bInvoice('einvoice.zap@example.com');
    const failed = await b2bInvoice('einvoice.zap.failed@example.com', true);
    await eventually('2 deliveries', DELIVERY_SECONDS, async () =>
      receiver.requests.length >= already + 2 ? true : undefined,
    );
    await sandbox.settled();
    const deliveries = receiver.requests.slice(already);
    counts.record('zip', 'deliveries for 2 e-invoice events', 2, deliveries.length);
    const started: any[] = [];
    let repeats = 0;
    for (const delivery of deliveries) {
      const index = hooks.findIndex((key) => delivery.path.endsWith(key));
      const bundle = { subscribeData: subscriptions[index], ...zapierHookRequest(delivery.headers, delivery.rawBody) };
      started.push(...(await zap(`triggers.${hooks[index]}.operation.perform`, bundle)));
      repeats += (await zap(`triggers.${hooks[index]}.operation.perform`, bundle)).length;
    }
    counts.record('zip', 'Zap runs for 2 e-invoice events', 2, started.length);
    counts.record('zip', 'Zap runs for their repeats', 0, repeats);
    expect(started.map((record) => [record.event_type, record.invoice_id]).sort()).toEqual(
      [
        ['invoice.einvoice_generated', generated.id],
        ['invoice.einvoice_failed', failed.id],
      ].sort(),
    );
    expect(repeats).toBe(0);
    for (const [index, key] of hooks.entries()) {
      await zap(`triggers.${key}.operation.performUnsubscribe`, { subscribeData: subscriptions[index] });
    }
  });

  test('Validate, then Cancel E-Invoice; a reason not in the list refused before any request', async () => {
    const invoice = await b2bInvoice('einvoice.zap.cancel@example.com');
    const validation = await zap(`creates.${await createKey('validate')}.operation.perform`, {
      inputData: { invoice_id: invoice.id },
    });
    expect(validation).toMatchObject({ valid: true, problems: [] });
    const cancelKey = await createKey('cancel');
    const before = requests;
    const refused = await zap(`creates.${cancelKey}.operation.perform`, {
      inputData: { invoice_id: invoice.id, cancel_reason: 'typo' },
    }).then(
      () => undefined,
      (error: Error) => error,
    );
    counts.record('zip', 'requests reaching the sandbox for a reason not in the list', 0, requests - before);
    expect(refused?.message).toContain('Cancellation Reason must be one of duplicate, data_entry_mistake');
    expect(requests - before).toBe(0);
    const cancelled = await zap(`creates.${cancelKey}.operation.perform`, {
      inputData: { invoice_id: invoice.id, cancel_reason: 'order_cancelled', cancel_remark: 'Order withdrawn' },
    });
    expect(cancelled).toMatchObject({ id: invoice.id, einvoice_status: 'cancelled' });
  });
});
