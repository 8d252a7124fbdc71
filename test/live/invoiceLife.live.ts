/**
 * Issue 29 where users run it: the invoice after it is created (Send, Void, Download PDF and the four new
 * triggers) in a real n8n server (the version npm run test:live installed) and through Zapier's built zip
 * called via its Lambda handler, against one sandbox whose helpers make the events happen
 * (`make_overdue`, `deliveries/fail_next`). Counts seen, next to what was expected, in one table.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { addDays, operations } from '../../shared';
import { startReceiver, type Receiver, type Sandbox } from '../../sandbox';
import { zapierHookRequest } from '../zapier/hook-request';
import type { N8nServer } from './n8n-server';
import { eventually, pause } from './processes';
import {
  activeSubscriptions,
  happen,
  newInvoice,
  post,
  redeliver,
  sandboxApi,
  sandboxKey,
  signedDelivery,
  subscriptionSecret,
} from './sandbox';
import { SingleN8n, workFolder } from './single';
import { Counts } from './table';
import {
  CREDENTIAL,
  POLLING_TRIGGER,
  TRIGGER,
  actionNode,
  failureWords,
  manualWorkflow,
  nextScheduledPoll,
  pollingWorkflow,
  pollsStarted,
  runManually,
  settledExecutions,
  triggerWorkflow,
} from './workflows';
import { startBuiltZip, type BuiltZip } from './zapier-lambda';

const zip = process.env.LIVE_ZAPIER_ZIP;
if (!zip) throw new Error('Run the live suite with npm run test:live (it builds the Zapier zip first).');

const DELIVERY_SECONDS = 30;
const QUIET_MS = 3000;
/** Issue 29's four triggers, in the order one invoice's life makes them happen. */
const LIFE_EVENTS = ['invoice.sent', 'invoice.delivery_failed', 'invoice.overdue', 'invoice.voided'];
const ACTION = 'Invoicing API';

const counts = new Counts();
let live: SingleN8n;
let sandbox: Sandbox;
let n8n: N8nServer;
let credential: { id: string; name: string };
const zapierWork = workFolder('invoice-life-zapier');
let zapier: BuiltZip | undefined;
let receiver: Receiver;

const api = (build: Parameters<typeof sandboxApi>[1]) => sandboxApi(sandbox, build);

/** An open invoice of ₹900.00 for `email`, as the service answers it (id and number). */
async function openInvoice(email: string): Promise<{ id: string; number: string }> {
  const id = await newInvoice(sandbox, email);
  return await api((c) => operations.getInvoice.request(c, { invoice_id: id }));
}

/** The events of `type` the service recorded for one invoice, oldest first. */
async function eventsFor(type: string, invoiceId: string): Promise<any[]> {
  const page = await api((c) => operations.listEvents.request(c, { type: type as never, limit: 100 }));
  return page.data.filter((event: any) => event.data.invoice.id === invoiceId).reverse();
}

const invoiceLocator = (value: string) => ({ __rl: true, mode: 'id', value });

const subscribed = (want: number) =>
  eventually(`${want} subscription(s)`, 30, async () =>
    activeSubscriptions(sandbox).length === want ? true : undefined,
  ).catch(() => undefined);

/** One call into the shipped zip, as Zapier's Lambda makes it, to the sandbox (or, for a refusal, `baseUrl`). */
const zap = (method: string, bundle: Record<string, unknown> = {}, baseUrl = sandbox.baseUrl): Promise<any> =>
  zapier!.execute({ baseUrl, apiKey: sandboxKey(sandbox) }, method, bundle);

/** Text of a PDF, by Debian's pdftotext (poppler-utils), as a reader would copy it out. */
function pdfText(bytes: Buffer, fileName: string): string {
  const file = path.join(zapierWork.path, fileName);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  live = await SingleN8n.start('invoice-life');
  ({ sandbox, n8n, credential } = live);
  [zapier, receiver] = await Promise.all([startBuiltZip(zip, zapierWork.path), startReceiver()]);
}, 300_000);

afterAll(async () => {
  await zapier?.close();
  await receiver?.close();
  zapierWork.remove();
  await live?.stop(counts, `n8n ${live.n8n.install.version} and Zapier's zip: the invoice after it is created`);
}, 120_000);

describe('n8n: Invoice Sent, Delivery Failed, Overdue and Voided on the webhook trigger', () => {
  let workflowId: string;
  let invoice: { id: string; number: string };
  const eventIds: Record<string, string> = {};
  const executions = async () => (await n8n.executions(workflowId)).length;
  const settledCount = (expected: number) =>
    settledExecutions(n8n, workflowId, sandbox, expected, { seconds: DELIVERY_SECONDS, quietMs: QUIET_MS });

  /** What makes each event happen to the invoice, through the API and the sandbox's helpers. */
  const happenings: Record<string, () => Promise<unknown>> = {
    'invoice.sent': () =>
      api((c) => operations.sendInvoice.request(c, { invoice_id: invoice.id, channel: 'email', kind: 'invoice' })),
    'invoice.delivery_failed': async () => {
      await api((c) =>
        operations.simulateDeliveryFailure.request(c, { channel: 'email', failure_code: 'email_bounced' }),
      );
      return await api((c) =>
        operations.sendInvoice.request(c, { invoice_id: invoice.id, channel: 'email', kind: 'invoice' }),
      );
    },
    'invoice.overdue': () => api((c) => operations.simulateOverdue.request(c, { invoice_id: invoice.id, days: 2 })),
    'invoice.voided': () => api((c) => operations.voidInvoice.request(c, { invoice_id: invoice.id })),
  };
  /** The fields each execution's item must carry besides its type and invoice. */
  const fields: Record<string, Record<string, unknown>> = {
    'invoice.sent': { delivery_channel: 'email', delivery_kind: 'invoice', delivery_status: 'sent' },
    'invoice.delivery_failed': {
      delivery_channel: 'email',
      failure_code: 'email_bounced',
      failure_message: expect.stringMatching(/\S/),
    },
    'invoice.overdue': { days_overdue: 2, upi_link: expect.stringMatching(/^upi:\/\/pay\?/) },
    'invoice.voided': { invoice_status: 'void', voided_at: expect.any(String), amount_remaining: 0 },
  };

  beforeAll(async () => {
    const workflow = triggerWorkflow('On the invoice after it is created', credential, LIFE_EVENTS, 2);
    workflowId = (await n8n.createWorkflow(workflow)).id;
    await n8n.activate(workflowId);
    await subscribed(1);
    invoice = await openInvoice('life.trigger@example.com');
  });

  afterAll(async () => {
    await n8n.deactivate(workflowId);
    await subscribed(0);
  });

  test.each(LIFE_EVENTS)('%s starts exactly one execution carrying its fields', async (type) => {
    const before = await executions();
    await happenings[type]();
    const after = await settledCount(before + 1);
    counts.record('n8n trigger', `executions for ${type}`, 1, after - before);
    expect(after - before).toBe(1);
    const [newest] = await n8n.executions(workflowId);
    const [record] = await n8n.executionOutput(newest.id, TRIGGER);
    eventIds[type] = String(record.event_id);
    expect(record).toEqual(
      expect.objectContaining({
        event_type: type,
        invoice_id: invoice.id,
        invoice_number: invoice.number,
        ...fields[type],
      }),
    );
  });

  test("the service's redelivery of each of the four events starts nothing", async () => {
    const before = await executions();
    for (const type of LIFE_EVENTS) await redeliver(sandbox, eventIds[type]);
    const after = await settledCount(before);
    counts.record('n8n trigger', 'executions for 4 redeliveries', 0, after - before);
    expect(Object.keys(eventIds)).toEqual(LIFE_EVENTS);
    expect(after - before).toBe(0);
  });
});

describe('n8n: the action node', () => {
  test('Download PDF: binary `data`, a PDF named by the number whose text holds it and the amount due', async () => {
    const invoice = await openInvoice('life.pdf@example.com');
    await happen(sandbox, invoice.id, 'invoice.paid');
    const workflow = await n8n.createWorkflow(
      manualWorkflow('Download an invoice PDF', credential, {
        [ACTION]: {
          resource: 'invoice',
          operation: 'downloadPdf',
          invoice_id: invoiceLocator(invoice.id),
        },
      }),
    );
    const run = await runManually(n8n, workflow.id);
    expect(run.status).toBe('success');
    const [item] = await n8n.executionItems(run.id, ACTION);
    const binary = item.binary?.data;
    expect(item.json).toEqual(
      expect.objectContaining({ id: invoice.id, number: invoice.number, file_name: `${invoice.number}.pdf` }),
    );
    expect(binary).toEqual(
      expect.objectContaining({ fileName: `${invoice.number}.pdf`, mimeType: 'application/pdf', fileExtension: 'pdf' }),
    );
    const bytes = await n8n.binaryBytes(binary);
    const text = pdfText(bytes, `n8n-${invoice.number}.pdf`);
    counts.record('n8n action', 'PDFs whose text holds the number', 1, text.includes(invoice.number) ? 1 : 0);
    counts.record(
      'n8n action',
      'PDFs whose text holds "Amount Remaining: INR 600.00"',
      1,
      /Amount Remaining: INR 600\.00/.test(text) ? 1 : 0,
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text).toContain(invoice.number);
    expect(text).toMatch(/Amount Remaining: INR 600\.00/);
  });

  test('Send with the same Prevent Duplicates Key, run twice, sends once', async () => {
    const invoice = await openInvoice('life.send@example.com');
    const workflow = await n8n.createWorkflow(
      manualWorkflow('Send an invoice by e-mail', credential, {
        [ACTION]: {
          resource: 'invoice',
          operation: 'send',
          invoice_id: invoiceLocator(invoice.id),
          channel: 'email',
          kind: 'invoice',
          options: { idempotency_key: `send-${invoice.number}-once` },
        },
      }),
    );
    const first = await runManually(n8n, workflow.id);
    const second = await runManually(n8n, workflow.id);
    await sandbox.settled();
    const sent = await eventsFor('invoice.sent', invoice.id);
    counts.record('n8n action', 'executions of Send with one key', 2, (await n8n.executions(workflow.id)).length);
    counts.record('n8n action', 'invoice.sent events for two runs with one key', 1, sent.length);
    expect([first.status, second.status]).toEqual(['success', 'success']);
    const [answer] = await n8n.executionOutput(first.id, ACTION);
    const [again] = await n8n.executionOutput(second.id, ACTION);
    expect(answer).toEqual(
      expect.objectContaining({ object: 'delivery', channel: 'email', to: 'life.send@example.com', status: 'sent' }),
    );
    expect(again.id).toBe(answer.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].data.delivery.id).toBe(answer.id);
  });

  test("Void: an open invoice is answered void; a part-paid one fails the node in the service's words", async () => {
    const open = await openInvoice('life.void.open@example.com');
    const paid = await openInvoice('life.void.paid@example.com');
    await happen(sandbox, paid.id, 'invoice.paid');
    const voidOf = (id: string, name: string) =>
      n8n.createWorkflow(
        manualWorkflow(name, credential, {
          [ACTION]: { resource: 'invoice', operation: 'void', invoice_id: invoiceLocator(id) },
        }),
      );
    const voided = await runManually(n8n, (await voidOf(open.id, 'Void an open invoice')).id);
    const refused = await runManually(n8n, (await voidOf(paid.id, 'Void a part-paid invoice')).id);
    const [answer] = voided.status === 'success' ? await n8n.executionOutput(voided.id, ACTION) : [{}];
    const words = await failureWords(n8n, refused.id, ACTION);
    const expected = `${paid.number} cannot be voided: ₹300.00 of ₹900.00 has been paid.`;
    counts.record('n8n action', 'open invoices voided', 1, answer.status === 'void' ? 1 : 0);
    counts.record(
      'n8n action',
      "part-paid invoices refused in the service's words",
      1,
      words.includes(expected) ? 1 : 0,
    );
    expect(voided.status).toBe('success');
    expect(answer).toEqual(expect.objectContaining({ id: open.id, status: 'void', amount_remaining: 0 }));
    expect(refused.status).toBe('error');
    expect(words).toContain(expected);
    const stillOpen = await api((c) => operations.getInvoice.request(c, { invoice_id: paid.id }));
    expect(stillOpen.status).toBe('partially_paid');
  });
});

describe('n8n: the reminder flow, Invoice Overdue → Send (reminder)', () => {
  let workflowId: string;
  let invoice: { id: string; number: string };
  let overdueEventId = '';
  const SEND = 'Send Reminder';
  const executions = async () => (await n8n.executions(workflowId)).length;
  const settledCount = (expected: number) =>
    settledExecutions(n8n, workflowId, sandbox, expected, { seconds: DELIVERY_SECONDS, quietMs: QUIET_MS });
  const reminders = async () =>
    (await eventsFor('invoice.sent', invoice.id)).filter((event) => event.data.delivery.kind === 'reminder');

  beforeAll(async () => {
    const workflow = triggerWorkflow('Remind when an invoice is overdue', credential, ['invoice.overdue'], 2);
    workflow.nodes.push(
      actionNode(
        'b0000000-0000-4000-8000-000000000002',
        SEND,
        240,
        {
          resource: 'invoice',
          operation: 'send',
          invoice_id: invoiceLocator('={{ $json.invoice_id }}'),
          channel: 'email',
          kind: 'reminder',
          // One reminder per invoice and overdue day, however often the day's event reaches the workflow.
          options: { idempotency_key: '={{ "reminder-" + $json.invoice_id + "-day-" + $json.days_overdue }}' },
        },
        credential,
      ) as never,
    );
    Object.assign(workflow.connections, { [TRIGGER]: { main: [[{ node: SEND, type: 'main', index: 0 }]] } });
    workflowId = (await n8n.createWorkflow(workflow)).id;
    await n8n.activate(workflowId);
    await subscribed(1);
    invoice = await openInvoice('life.reminder@example.com');
  });

  afterAll(async () => {
    await n8n.deactivate(workflowId);
    await subscribed(0);
  });

  test('an invoice 1 day overdue starts one execution that sends one reminder carrying the UPI link', async () => {
    const before = await executions();
    overdueEventId = (await api((c) => operations.simulateOverdue.request(c, { invoice_id: invoice.id, days: 1 }))).id;
    const after = await settledCount(before + 1);
    const sent = await reminders();
    counts.record('reminder flow', 'executions for one overdue invoice', 1, after - before);
    counts.record('reminder flow', 'reminders sent (invoice.sent, kind reminder)', 1, sent.length);
    expect(after - before).toBe(1);
    const [run] = await n8n.executions(workflowId);
    expect(run.status).toBe('success');
    const [delivery] = await n8n.executionOutput(run.id, SEND);
    expect(delivery).toEqual(
      expect.objectContaining({ object: 'delivery', kind: 'reminder', channel: 'email', status: 'sent' }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].data.delivery.id).toBe(delivery.id);
    expect(sent[0].data.invoice.upi_link).toMatch(/^upi:\/\/pay\?pa=[^&]+&pn=[^&]+&am=900\.00&cu=INR/);
  });

  test("the day again: a redelivery starts nothing; the same day's event anew runs, sends nothing", async () => {
    const before = await executions();
    await redeliver(sandbox, overdueEventId);
    const afterRedelivery = await settledCount(before);
    counts.record('reminder flow', 'executions for a redelivered overdue event', 0, afterRedelivery - before);
    // The same day's event under a new id (as a second sweep of that day would send it), signed as the service
    // signs it: the workflow runs, and the reminder's key answers the first delivery instead of sending again.
    const [subscription] = activeSubscriptions(sandbox);
    const event = JSON.parse(sandbox.data.events.getText(overdueEventId)!);
    const again = { ...event, id: `${event.id}again` };
    const status = await post(
      subscription.url,
      signedDelivery(subscriptionSecret(sandbox, subscription.id), again.id, JSON.stringify(again)),
    );
    const afterAgain = await settledCount(afterRedelivery + 1);
    await pause(QUIET_MS);
    const sent = await reminders();
    counts.record('reminder flow', "executions for the same day's event anew", 1, afterAgain - afterRedelivery);
    counts.record('reminder flow', 'reminders sent in all', 1, sent.length);
    expect(afterRedelivery - before).toBe(0);
    expect(status).toBe(200);
    expect(afterAgain - afterRedelivery).toBe(1);
    expect(sent).toHaveLength(1);
  });
});

describe('n8n: the Polling Trigger on Invoices Overdue by Days (7), on its every-minute schedule', () => {
  const name = 'Act 7 days after the due date';
  // An account of its own: its clock moves a day, which must not touch the other tests' invoices.
  let key: string;
  let workflowId: string;
  const invoices: Record<'week' | 'paid' | 'three' | 'six', string> = { week: '', paid: '', three: '', six: '' };
  const daysApi = (build: Parameters<typeof sandboxApi>[1]) => sandboxApi(sandbox, build, key);
  const executions = async () => (await n8n.executions(workflowId)).length;
  const settledCount = (expected: number) =>
    settledExecutions(n8n, workflowId, sandbox, expected, { seconds: DELIVERY_SECONDS, quietMs: QUIET_MS });
  const itemsOfNewest = async () =>
    await n8n.executionOutput((await n8n.executions(workflowId))[0].id, POLLING_TRIGGER);
  /** An open ₹900.00 invoice moved `days` past its due date by the sandbox's helper. */
  const overdue = async (email: string, days: number) => {
    const id = await newInvoice(sandbox, email, key);
    await daysApi((c) => operations.simulateOverdue.request(c, { invoice_id: id, days }));
    return id;
  };
  const dueDate = async (id: string) =>
    String((await daysApi((c) => operations.getInvoice.request(c, { invoice_id: id }))).due_date);

  beforeAll(async () => {
    key = sandbox.createAccount().secret;
    invoices.week = await overdue('days.week@example.com', 7);
    invoices.paid = await overdue('days.paid@example.com', 7);
    await daysApi((c) => operations.simulatePayment.request(c, { invoice_id: invoices.paid }));
    invoices.three = await overdue('days.three@example.com', 3);
    invoices.six = await overdue('days.six@example.com', 6);
    const saved = await n8n.createCredential('Invoicing sandbox (overdue days)', CREDENTIAL, {
      apiKey: key,
      baseUrl: sandbox.baseUrl,
    });
    const workflow = pollingWorkflow(name, saved, { triggerOn: 'overdueDays', days_overdue: 7 });
    workflowId = (await n8n.createWorkflow(workflow)).id;
  });

  afterAll(async () => {
    await n8n.deactivate(workflowId);
  });

  test('activation polls: the invoice 7 days overdue starts one execution; the paid one and one 3 days none', async () => {
    await n8n.activate(workflowId);
    const runs = await settledCount(1);
    const items = runs > 0 ? await itemsOfNewest() : [];
    counts.record('overdue days', 'executions on activation (1 of 4 invoices 7 days overdue)', 1, runs);
    counts.record('overdue days', 'items in it', 1, items.length);
    expect(runs).toBe(1);
    const due = await dueDate(invoices.week);
    expect(items).toEqual([
      expect.objectContaining({
        id: `${invoices.week}:7:${due}`,
        event_type: 'invoice.overdue',
        invoice_id: invoices.week,
        days_overdue: 7,
        due_date: due,
        upi_link: expect.stringMatching(/^upi:\/\/pay\?pa=[^&]+&pn=[^&]+&am=900\.00&cu=INR/),
      }),
    ]);
  });

  test('the schedule polls twice more the same day: nothing more starts', async () => {
    const polled = pollsStarted(n8n, name);
    await nextScheduledPoll(n8n, name, sandbox, QUIET_MS);
    await nextScheduledPoll(n8n, name, sandbox, QUIET_MS);
    const runs = await executions();
    counts.record('overdue days', 'scheduled polls the same day', 2, pollsStarted(n8n, name) - polled);
    counts.record('overdue days', 'executions from them', 0, runs - 1);
    expect(pollsStarted(n8n, name) - polled).toBeGreaterThanOrEqual(2);
    expect(runs).toBe(1);
  });

  test("a day later (the account's clock): the one 6 days overdue starts one execution, the first none", async () => {
    const clock = await daysApi((c) => operations.advanceClock.request(c, { days: 1 }));
    await nextScheduledPoll(n8n, name, sandbox, QUIET_MS);
    const runs = await settledCount(2);
    const items = runs > 1 ? await itemsOfNewest() : [];
    counts.record('overdue days', 'executions the next day (6 days overdue became 7)', 1, runs - 1);
    counts.record('overdue days', 'items in it', 1, items.length);
    expect(runs).toBe(2);
    expect(items.map((item) => [item.invoice_id, item.days_overdue, item.id])).toEqual([
      [invoices.six, 7, `${invoices.six}:7:${await dueDate(invoices.six)}`],
    ]);
    expect(await dueDate(invoices.six)).toBe(addDays(clock.today, -7));
  });
});

describe("Zapier's built zip through its Lambda handler", () => {
  const newZapInvoice = async (email: string) =>
    await zap('creates.create_invoice.operation.perform', {
      inputData: { client_email: email, currency: 'INR', items: [{ description: 'Retainer', amount: '1,500.00' }] },
    });

  test('Send Invoice with the same Prevent Duplicates Key twice sends once', async () => {
    const invoice = await newZapInvoice('zap.life.send@example.com');
    const inputData = {
      invoice_id: invoice.id,
      channel: 'email',
      kind: 'invoice',
      idempotency_key: `zap-${invoice.id}`,
    };
    const first = await zap('creates.send_invoice.operation.perform', { inputData });
    const second = await zap('creates.send_invoice.operation.perform', { inputData });
    await sandbox.settled();
    const sent = await eventsFor('invoice.sent', invoice.id);
    counts.record('zip', 'invoice.sent events for two Sends with one key', 1, sent.length);
    expect(first).toEqual(
      expect.objectContaining({ object: 'delivery', channel: 'email', to: invoice.client_email, status: 'sent' }),
    );
    expect(second).toEqual(first);
    expect(sent).toHaveLength(1);
  });

  test("Void Invoice voids an open invoice and refuses a part-paid one in the service's words", async () => {
    const open = await newZapInvoice('zap.life.void@example.com');
    const voided = await zap('creates.void_invoice.operation.perform', { inputData: { invoice_id: open.id } });
    const paid = await newZapInvoice('zap.life.void@example.com');
    await happen(sandbox, paid.id, 'invoice.paid');
    const refused = await zap('creates.void_invoice.operation.perform', { inputData: { invoice_id: paid.id } }).then(
      () => undefined,
      (error: Error) => error,
    );
    const expected = `${paid.number} cannot be voided: ₹300.00 of ₹1,500.00 has been paid.`;
    counts.record('zip', 'open invoices voided', 1, voided?.status === 'void' ? 1 : 0);
    counts.record(
      'zip',
      "part-paid invoices refused in the service's words",
      1,
      refused?.message.includes(expected) ? 1 : 0,
    );
    expect(voided).toEqual(expect.objectContaining({ id: open.id, status: 'void', amount_remaining: 0 }));
    expect(refused?.message).toContain(expected);
  });

  test('Download Invoice PDF: a dehydrated file; its hydrator, called as Zapier does, stashes a PDF', async () => {
    const invoice = await newZapInvoice('zap.life.pdf@example.com');
    const answer = await zap('creates.download_invoice_pdf.operation.perform', {
      inputData: { invoice_id: invoice.id },
    });
    expect(answer).toEqual(
      expect.objectContaining({ id: invoice.id, number: invoice.number, file_name: `${invoice.number}.pdf` }),
    );
    // Core writes `hydrate|||<payload>|||hydrate` (the payload signed only where Zapier sets a one-time secret);
    // Zapier later calls the payload's method with its bundle as inputData, when a step uses the file.
    const pointer = /^hydrate\|\|\|(.*)\|\|\|hydrate$/.exec(answer.file);
    expect(pointer).not.toBeNull();
    const payload = JSON.parse(pointer![1]);
    expect(payload).toEqual({
      type: 'file',
      method: 'hydrators.hydrateInvoicePdf',
      bundle: { invoice_id: invoice.id, number: invoice.number },
    });
    const stashedBefore = zapier!.rpc.stashed().length;
    const url = await zap(payload.method, { inputData: payload.bundle });
    const stashed = zapier!.rpc.stashed().slice(stashedBefore);
    counts.record('zip', 'files stashed by one hydration', 1, stashed.length);
    expect(stashed).toHaveLength(1);
    const [file] = stashed;
    expect(url).toBe(file.url);
    expect(file).toEqual(
      expect.objectContaining({ fileName: `${invoice.number}.pdf`, contentType: 'application/pdf' }),
    );
    expect(file.fields['Content-Disposition']).toContain(`${invoice.number}.pdf`);
    const text = pdfText(file.bytes, `zap-${invoice.number}.pdf`);
    counts.record(
      'zip',
      'stashed PDFs whose text holds the number and amount due',
      1,
      text.includes(invoice.number) && /Amount Remaining: INR 1,500\.00/.test(text) ? 1 : 0,
    );
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text).toContain(invoice.number);
    expect(text).toMatch(/Amount Remaining: INR 1,500\.00/);
  });

  test('Invoice Overdue by Days (7) lists the invoice 7 days overdue with its dedupe id and UPI link, not the paid one', async () => {
    // An account of its own, so the list holds only this test's invoices.
    const key = sandbox.createAccount().secret;
    const daysApi = (build: Parameters<typeof sandboxApi>[1]) => sandboxApi(sandbox, build, key);
    const overdue = async (email: string, days: number) => {
      const id = await newInvoice(sandbox, email, key);
      await daysApi((c) => operations.simulateOverdue.request(c, { invoice_id: id, days }));
      return id;
    };
    const week = await overdue('zap.days.week@example.com', 7);
    const paid = await overdue('zap.days.paid@example.com', 7);
    await daysApi((c) => operations.simulatePayment.request(c, { invoice_id: paid }));
    await overdue('zap.days.three@example.com', 3);
    const { today } = await daysApi((c) => operations.getClock.request(c, {}));
    const poll = () =>
      zap('triggers.invoice_overdue_days.operation.perform', {
        authData: { api_key: key },
        inputData: { days_overdue: '7' },
      });
    const records = await poll();
    const again = await poll();
    counts.record('zip', 'records polled for 7 days overdue (1 of 3 invoices)', 1, records.length);
    expect(records).toEqual([
      expect.objectContaining({
        id: `${week}:7:${addDays(today, -7)}`,
        event_type: 'invoice.overdue',
        invoice_id: week,
        days_overdue: 7,
        due_date: addDays(today, -7),
        upi_link: expect.stringMatching(/^upi:\/\/pay\?pa=[^&]+&pn=[^&]+&am=900\.00&cu=INR/),
      }),
    ]);
    // The same id on the next poll is what Zapier's deduplication needs to start the Zap once.
    expect(again.map((record: { id: string }) => record.id)).toEqual([records[0].id]);
  });

  test('Invoice Overdue by Days refuses Days Overdue 0 in its own words, before any request', async () => {
    const already = receiver.requests.length;
    // The service's address points at the receiver for this call: any request the refusal let through lands there.
    const refused = await zap(
      'triggers.invoice_overdue_days.operation.perform',
      { inputData: { days_overdue: '0' } },
      receiver.url,
    ).then(
      () => undefined,
      (error: Error) => error,
    );
    const sent = receiver.requests.length - already;
    counts.record('zip', 'requests sent for Days Overdue 0', 0, sent);
    expect(refused?.message).toContain('Days Overdue must be a whole number of days from 1 to 365');
    expect(sent).toBe(0);
  });

  describe('the four REST-hook triggers, each subscribed at once, fed one invoice life', () => {
    const keys = LIFE_EVENTS.map((type) => type.replace('.', '_'));
    const subscriptions = new Map<string, { id: string; secret: string }>();
    const targetUrl = (key: string) => `${receiver.url}/${key}`;
    let invoice: { id: string; number: string };

    test('subscribing registers one webhook for each event', async () => {
      for (const key of keys)
        subscriptions.set(key, await zap(`triggers.${key}.operation.performSubscribe`, { targetUrl: targetUrl(key) }));
      const mine = keys.map((key) => activeSubscriptions(sandbox, targetUrl(key)).map((s) => s.events));
      counts.record('zip', 'webhooks after subscribing the 4 triggers', 4, mine.flat().length);
      expect(mine).toEqual(LIFE_EVENTS.map((type) => [[type]]));
    });

    test('send, a bounced send, overdue and void: each trigger starts one Zap, and a repeat none', async () => {
      invoice = await newZapInvoice('zap.life.hooks@example.com');
      const already = receiver.requests.length;
      await zap('creates.send_invoice.operation.perform', { inputData: { invoice_id: invoice.id, channel: 'email' } });
      await api((c) =>
        operations.simulateDeliveryFailure.request(c, { channel: 'email', failure_code: 'email_bounced' }),
      );
      await zap('creates.send_invoice.operation.perform', { inputData: { invoice_id: invoice.id, channel: 'email' } });
      await api((c) => operations.simulateOverdue.request(c, { invoice_id: invoice.id, days: 3 }));
      await zap('creates.void_invoice.operation.perform', { inputData: { invoice_id: invoice.id } });
      await eventually('4 deliveries', DELIVERY_SECONDS, async () =>
        receiver.requests.length >= already + 4 ? true : undefined,
      );
      await sandbox.settled();
      const deliveries = receiver.requests.slice(already);
      counts.record('zip', 'deliveries to the 4 hooks', 4, deliveries.length);
      expect(deliveries.map((d) => d.path).sort()).toEqual(keys.map((key) => `/hooks/${key}`).sort());
      const started: Record<string, any[]> = {};
      const repeated: Record<string, any[]> = {};
      for (const key of keys) {
        const delivery = deliveries.find((d) => d.path === `/hooks/${key}`)!;
        const bundle = {
          subscribeData: subscriptions.get(key),
          ...zapierHookRequest(delivery.headers, delivery.rawBody),
        };
        started[key] = await zap(`triggers.${key}.operation.perform`, bundle);
        repeated[key] = await zap(`triggers.${key}.operation.perform`, bundle);
        counts.record('zip', `Zap runs for ${key}`, 1, started[key].length);
        counts.record('zip', `Zap runs for a repeat of ${key}`, 0, repeated[key].length);
      }
      const about = { invoice_id: invoice.id, invoice_number: invoice.number };
      expect(started).toEqual({
        invoice_sent: [expect.objectContaining({ ...about, event_type: 'invoice.sent', delivery_channel: 'email' })],
        invoice_delivery_failed: [
          expect.objectContaining({ ...about, event_type: 'invoice.delivery_failed', failure_code: 'email_bounced' }),
        ],
        invoice_overdue: [
          expect.objectContaining({
            ...about,
            event_type: 'invoice.overdue',
            days_overdue: 3,
            upi_link: expect.stringMatching(/^upi:\/\/pay\?/),
          }),
        ],
        invoice_voided: [expect.objectContaining({ ...about, event_type: 'invoice.voided', invoice_status: 'void' })],
      });
      expect(repeated).toEqual(Object.fromEntries(keys.map((key) => [key, []])));
    });

    test('performList shows the real event of each type; unsubscribing leaves no webhook', async () => {
      for (const key of keys) {
        const [newest] = await zap(`triggers.${key}.operation.performList`);
        expect({ key, invoice_id: newest.invoice_id }).toEqual({ key, invoice_id: invoice.id });
        await zap(`triggers.${key}.operation.performUnsubscribe`, { subscribeData: subscriptions.get(key) });
      }
      const left = keys.flatMap((key) => activeSubscriptions(sandbox, targetUrl(key))).length;
      counts.record('zip', 'webhooks after unsubscribing the 4 triggers', 0, left);
      expect(left).toBe(0);
    });
  });
});
