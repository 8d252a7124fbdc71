/**
 * Issue 40's refunds where users run them: Record Refund from a real n8n server (the version npm run test:live
 * installed; the Invoicing API node at type version 2) and from Zapier's built zip called through its Lambda
 * handler, against one sandbox; the Refund Recorded trigger on both, each refund starting one execution or Zap
 * and a redelivery none. A refund above what is left of the payment is refused in Amount's words.
 */
import { operations } from '../../shared';
import { startReceiver, type Receiver, type Sandbox } from '../../sandbox';
import { zapierHookRequest } from '../zapier/hook-request';
import type { N8nServer } from './n8n-server';
import { eventually } from './processes';
import { activeSubscriptions, happen, newInvoice, redeliver, sandboxApi, sandboxKey } from './sandbox';
import { SingleN8n, workFolder } from './single';
import { Counts } from './table';
import { TRIGGER, failureWords, manualWorkflow, runManually, settledExecutions, triggerWorkflow } from './workflows';
import { startBuiltZip, type BuiltZip } from './zapier-lambda';

const zip = process.env.LIVE_ZAPIER_ZIP;
if (!zip) throw new Error('Run the live suite with npm run test:live (it builds the Zapier zip first).');

const DELIVERY_SECONDS = 30;
const QUIET_MS = 3000;
const EVENT = 'invoice.refunded';
const KEY = 'invoice_refunded';
const RECORD = 'Record Refund';

const counts = new Counts();
let live: SingleN8n;
let sandbox: Sandbox;
let n8n: N8nServer;
let credential: { id: string; name: string };
const zapierWork = workFolder('refunds-zapier');
let zapier: BuiltZip | undefined;
let receiver: Receiver;

const api = (build: Parameters<typeof sandboxApi>[1]) => sandboxApi(sandbox, build);
const zap = (method: string, bundle: Record<string, unknown> = {}): Promise<any> =>
  zapier!.execute({ baseUrl: sandbox.baseUrl, apiKey: sandboxKey(sandbox) }, method, bundle);

/** A ₹900.00 invoice with ₹300.00 paid by UPI (the sandbox's helper); the payment's ID. */
async function paidPayment(email: string): Promise<{ invoiceId: string; paymentId: string }> {
  const invoiceId = await newInvoice(sandbox, email);
  const event = (await happen(sandbox, invoiceId, 'invoice.paid')) as unknown as { data: { payment: { id: string } } };
  return { invoiceId, paymentId: event.data.payment.id };
}

const subscribed = (want: number) =>
  eventually(`${want} subscription(s)`, 30, async () =>
    activeSubscriptions(sandbox).length === want ? true : undefined,
  ).catch(() => undefined);

beforeAll(async () => {
  live = await SingleN8n.start('refunds');
  ({ sandbox, n8n, credential } = live);
  [zapier, receiver] = await Promise.all([startBuiltZip(zip, zapierWork.path), startReceiver()]);
}, 300_000);

afterAll(async () => {
  await zapier?.close();
  await receiver?.close();
  zapierWork.remove();
  await live?.stop(counts, `n8n ${live.n8n.install.version} and Zapier's zip: refunds`);
}, 120_000);

describe('n8n: Record Refund, and the Refund Recorded trigger', () => {
  let workflowId: string;
  const executions = async () => (await n8n.executions(workflowId)).length;
  const settledCount = (expected: number) =>
    settledExecutions(n8n, workflowId, sandbox, expected, { seconds: DELIVERY_SECONDS, quietMs: QUIET_MS });
  const recordWorkflow = (name: string, paymentId: string, amount: string) =>
    manualWorkflow(name, credential, {
      [RECORD]: {
        resource: 'refund',
        operation: 'record',
        payment_id: { __rl: true, mode: 'id', value: paymentId },
        amount,
        method: 'upi',
        utr: '5123 4567 0001',
      },
    });

  beforeAll(async () => {
    workflowId = (await n8n.createWorkflow(triggerWorkflow('On a refund', credential, [EVENT], 2))).id;
    await n8n.activate(workflowId);
    await subscribed(1);
  });

  afterAll(async () => {
    await n8n.deactivate(workflowId);
    await subscribed(0);
  });

  let eventId = '';

  test('Record Refund of ₹120.50 of a ₹300.00 UPI payment: the refund, and one trigger execution with it', async () => {
    const { invoiceId, paymentId } = await paidPayment('refund.n8n@example.com');
    const before = await executions();
    const workflow = await n8n.createWorkflow(recordWorkflow('Refund part of a payment', paymentId, '120.50'));
    const run = await runManually(n8n, workflow.id);
    if (run.status !== 'success') throw new Error(await failureWords(n8n, run.id, RECORD));
    const [refund] = await n8n.executionOutput(run.id, RECORD);
    expect(refund).toEqual(
      expect.objectContaining({
        object: 'refund',
        payment_id: paymentId,
        invoice_id: invoiceId,
        amount: 12050,
        amount_formatted: '₹120.50',
        upi: { utr: '512345670001' },
        status: 'succeeded',
      }),
    );
    const after = await settledCount(before + 1);
    counts.record('n8n', 'trigger executions for one refund', 1, after - before);
    expect(after - before).toBe(1);
    const [newest] = await n8n.executions(workflowId);
    const [record] = await n8n.executionOutput(newest.id, TRIGGER);
    eventId = String(record.event_id);
    expect(record).toEqual(
      expect.objectContaining({
        event_type: EVENT,
        invoice_id: invoiceId,
        refund_id: refund.id,
        refund_amount: 12050,
        payment_id: paymentId,
        payment_amount_refunded: 12050,
        amount_paid: 17950,
        amount_remaining: 72050,
      }),
    );
  });

  test("the service's redelivery of the event starts nothing", async () => {
    const before = await executions();
    await redeliver(sandbox, eventId);
    const after = await settledCount(before);
    counts.record('n8n', 'trigger executions for a redelivery', 0, after - before);
    expect(after - before).toBe(0);
  });

  test('more than is left of the payment fails the node in Amount’s words', async () => {
    const { paymentId } = await paidPayment('refund.n8n.over@example.com');
    const workflow = await n8n.createWorkflow(recordWorkflow('Refund too much', paymentId, '300.01'));
    const run = await runManually(n8n, workflow.id);
    const words = await failureWords(n8n, run.id, RECORD);
    counts.record(
      'n8n',
      'refusals of ₹300.01 naming what remains',
      1,
      /at most .* 30000 \(₹300\.00\)/.test(words) ? 1 : 0,
    );
    expect(run.status).toBe('error');
    expect(words).toContain(`Amount must be at most what remains refundable of ${paymentId}, 30000 (₹300.00)`);
  });
});

describe("Zapier's built zip: Record Refund, Find Refund and the Refund Recorded REST hook", () => {
  let subscription: { id: string; secret: string };

  test('Record Refund picks the payment from a list whose choices show what was refunded', async () => {
    const definition = await zapier!.definition();
    const field = definition.creates.record_refund.operation.inputFields.find(
      (each: { key: string }) => each.key === 'payment_id',
    );
    expect(field).toEqual(expect.objectContaining({ label: 'Payment ID', search: 'find_payment.id' }));
    expect(field.choices).toBeDefined();
  });

  test('subscribe, refund twice (UPI, then cash by reference): one Zap per refund, none for a repeat', async () => {
    const url = `${receiver.url}/${KEY}`;
    subscription = await zap(`triggers.${KEY}.operation.performSubscribe`, { targetUrl: url });
    expect(activeSubscriptions(sandbox, url).map((each) => each.events)).toEqual([[EVENT]]);
    const { invoiceId, paymentId } = await paidPayment('refund.zap@example.com');
    const already = receiver.requests.length;
    const upi = await zap('creates.record_refund.operation.perform', {
      inputData: { payment_id: paymentId, amount: '100', method: 'upi', utr: '512345670002' },
    });
    const cash = await zap('creates.record_refund.operation.perform', {
      inputData: { payment_id: paymentId, amount: '50.25', method: 'cash', reference: 'Counter receipt 88' },
    });
    expect([upi.amount, cash.amount]).toEqual([10000, 5025]);
    await eventually('2 deliveries', DELIVERY_SECONDS, async () =>
      receiver.requests.length >= already + 2 ? true : undefined,
    );
    await sandbox.settled();
    const deliveries = receiver.requests.slice(already);
    counts.record('zip', 'deliveries for 2 refunds', 2, deliveries.length);
    const started: any[] = [];
    let repeats = 0;
    for (const delivery of deliveries) {
      const bundle = { subscribeData: subscription, ...zapierHookRequest(delivery.headers, delivery.rawBody) };
      started.push(...(await zap(`triggers.${KEY}.operation.perform`, bundle)));
      repeats += (await zap(`triggers.${KEY}.operation.perform`, bundle)).length;
    }
    counts.record('zip', 'Zap runs for 2 refunds', 2, started.length);
    counts.record('zip', 'Zap runs for their repeats', 0, repeats);
    expect(started.map((record) => [record.invoice_id, record.refund_id]).sort()).toEqual(
      [
        [invoiceId, upi.id],
        [invoiceId, cash.id],
      ].sort(),
    );
    expect(repeats).toBe(0);
    const found = await zap('searches.find_refund.operation.perform', {
      inputData: { reference: 'counter RECEIPT 88' },
    });
    expect(found.map((refund: { id: string }) => refund.id)).toEqual([cash.id]);
    const paid = await api((c) => operations.getPayment.request(c, { payment_id: paymentId }));
    const [payment] = await zap('searches.find_payment.operation.perform', { inputData: { utr: paid.upi.utr } });
    counts.record('zip', 'Find Payment showing ₹150.25 refunded', 1, payment?.amount_refunded === 15025 ? 1 : 0);
    expect(payment).toEqual(
      expect.objectContaining({ id: paymentId, amount_refunded: 15025, amount_refunded_formatted: '₹150.25' }),
    );
    const [newest] = await zap(`triggers.${KEY}.operation.performList`);
    expect(newest.refund_id).toBe(cash.id);
    await zap(`triggers.${KEY}.operation.performUnsubscribe`, { subscribeData: subscription });
    expect(activeSubscriptions(sandbox, url)).toEqual([]);
  });
});
