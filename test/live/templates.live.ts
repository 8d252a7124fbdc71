/**
 * The n8n templates (templates/) in a real n8n server: each file imported as a user imports it, given only
 * what the user gives it (a credential, the Data Table they made and picked) and, where a template talks to
 * something outside this machine (Slack, a WhatsApp provider, a CRM, a file on the web), that node's host
 * swapped for a local receiver, and where it sends e-mail (Send Email), the SMTP credential the user would pick
 * pointing at a local mail server (smtp-receiver.ts); nothing else. Each runs against the sandbox (its own
 * account, so counts are its own); its outcome is checked (invoices, messages, rows, alerts, e-mails, each
 * exactly once), and its trigger fired again must repeat nothing it should not. Counts seen, per template,
 * printed as one table at the end.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

import { addDays, daysBetween, operations, todayIn, type HttpRequest } from '../../shared';
import { fetchSend, type Sandbox } from '../../sandbox';
import type { N8nServer } from './n8n-server';
import { eventually, pause, progress } from './processes';
import { activeSubscriptions, redeliver } from './sandbox';
import { SingleN8n } from './single';
import { parseMail, SmtpReceiver } from './smtp-receiver';
import { Counts } from './table';
import { CREDENTIAL, PACKAGE, settledExecutions } from './workflows';
import { ORDER_1042_INVOICE, stockOrderProducts } from '../templates/orderProducts';
import { AFTER_THE_RETURN, paidOrderReturned, REFUND_UTR, RETURNED_LINE_CREDIT } from '../templates/returnedOrder';

const TEMPLATES = path.resolve(__dirname, '..', '..', 'templates');
const DELIVERY_SECONDS = 30;
const QUIET_MS = 3000;

interface TemplateNode {
  name: string;
  type: string;
  typeVersion: number;
  parameters: Record<string, any>;
  credentials?: unknown;
}
interface Template {
  name: string;
  nodes: TemplateNode[];
  connections: object;
  [key: string]: unknown;
}

/** What the stand-in for the outside world received: one entry per request, in arrival order. */
interface Received {
  method: string;
  path: string;
  body: any;
}

const counts = new Counts();
const received: Received[] = [];
let csv = '';
let receiver: Server;
let receiverUrl: string;
let live: SingleN8n;
let sandbox: Sandbox;
let n8n: N8nServer;
const smtp = new SmtpReceiver();
const began = Date.now();

const slugs = readdirSync(TEMPLATES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const load = (slug: string): Template => JSON.parse(readFileSync(path.join(TEMPLATES, slug, 'workflow.json'), 'utf8'));

/** Stands where Slack, the WhatsApp provider, the CRM and the CSV's web server would: answers 200, keeps each request. */
function startReceiver(): Promise<void> {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method === 'GET' && req.url?.endsWith('.csv')) {
        res.setHeader('content-type', 'text/csv');
        res.end(csv);
        return;
      }
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {
        // not JSON: kept as text
      }
      received.push({ method: req.method ?? '', path: decodeURIComponent(req.url ?? ''), body: parsed });
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, '127.0.0.1', () => {
      receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
      resolve();
    }),
  );
}

/** A sandbox account of the template's own, and an n8n credential for it (what the user picks in each node). */
async function account(name: string) {
  const key = sandbox.createAccount().secret;
  const credential = await n8n.createCredential(`Invoicing sandbox (${name})`, CREDENTIAL, {
    apiKey: key,
    baseUrl: sandbox.baseUrl,
  });
  const api = async (build: (c: { apiKey: string; baseUrl: string }) => HttpRequest): Promise<any> => {
    const reply = await fetchSend(build({ apiKey: key, baseUrl: sandbox.baseUrl }));
    if (reply.status >= 300) throw new Error(`sandbox: HTTP ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  return { key, credential, api };
}

/**
 * The template as this machine runs it: the user's credential picked in each of our nodes, and each HTTP
 * Request node's host (Slack's, the provider's, the CRM's, the file's) replaced by the local receiver's,
 * its path and body left as the template has them.
 */
function forThisMachine(
  template: Template,
  credential: { id: string; name: string },
  mailServer?: { id: string; name: string },
): Template {
  const copy: Template = JSON.parse(JSON.stringify(template));
  for (const node of copy.nodes) {
    if (node.type.startsWith(`${PACKAGE}.`)) node.credentials = { [CREDENTIAL]: credential };
    if (node.type === 'n8n-nodes-base.emailSend') node.credentials = { smtp: mailServer };
    if (node.type === 'n8n-nodes-base.httpRequest') {
      const before = node.parameters.url as string;
      node.parameters.url = before.replace(/^(=?)https:\/\/[^/]+/, `$1${receiverUrl}`);
      expect(node.parameters.url).not.toBe(before);
    }
  }
  return copy;
}

/** The requests the receiver got at paths starting `prefix` since `from`. */
const sent = (prefix: string, from = 0) => received.slice(from).filter((request) => request.path.startsWith(prefix));

async function settle(workflowId: string, expected: number): Promise<number> {
  return await settledExecutions(n8n, workflowId, sandbox, expected, { seconds: DELIVERY_SECONDS, quietMs: QUIET_MS });
}

/** Activates a workflow with our trigger(s) and waits for their subscriptions (one per trigger node). */
async function activateWithSubscription(workflowId: string, before: number, triggers = 1): Promise<void> {
  await n8n.activate(workflowId);
  await eventually("the triggers' subscriptions", 30, async () =>
    activeSubscriptions(sandbox).length >= before + triggers ? true : undefined,
  );
}

async function postJson(url: string, body: unknown): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * What a shop or CRM does: posts to the workflow's production webhook URL. n8n answers the activation
 * before the URL is served; until then it answers 404 and runs nothing, so a 404 is tried again.
 */
async function postToWebhook(route: string, body: unknown): Promise<number> {
  return await eventually(`n8n serving /webhook/${route}`, 30, async () => {
    const status = await postJson(`${n8n.url}/webhook/${route}`, body);
    return status === 404 ? undefined : status;
  });
}

type Api = Awaited<ReturnType<typeof account>>['api'];

/** The invoice.paid / disputed / client.updated event the account's last action made. */
async function newestEvent(api: Api, type: string): Promise<string> {
  const [event] = (await api((c) => operations.listEvents.request(c, { type, limit: 1 }))).data;
  return event.id;
}

beforeAll(async () => {
  await startReceiver();
  await smtp.start();
  live = await SingleN8n.start('templates');
  ({ sandbox, n8n } = live);
}, 300_000);

afterAll(async () => {
  await live?.stop(counts, `templates in n8n ${n8n?.install.version}: counts seen`);
  await new Promise((resolve) => receiver?.close(resolve));
  await smtp.stop();
  progress('templates.live.ts', began);
}, 120_000);

test('every template is here; every node type, picker mode, parameter and option it uses (at its version) exists here', async () => {
  expect(slugs).toEqual([
    '01-order-to-whatsapp-invoice',
    '02-overdue-reminders',
    '03-upi-payment-ledger-and-thanks',
    '04-bulk-invoices-from-csv',
    '05-dispute-alert',
    '06-daily-receivables-digest',
    '07-two-way-contact-sync',
    '08-invoice-pdf-by-email',
    '09-monthly-gstr1-to-accountant',
    '10-return-credit-note-refund',
    '11-catalogue-sync',
  ]);
  const reply = await n8n.request('GET', '/types/nodes.json');
  expect(reply.status).toBe(200);
  const known = new Set<string>();
  // A picker's modes (From List, By ID, By Name …) differ between n8n versions of the same node version:
  // the Data Table node's By Name exists in 2.x only, and 1.123.81 reads a name given there as an ID.
  const modes = new Map<string, Set<string>>();
  // A parameter or an option another n8n added is silently ignored here: Send Email 2.1's "Attachments (File)"
  // (`fileAttachments`) exists in 2.x only, and 1.123.81 sent template 8's e-mail without its PDF.
  const named = new Map<string, Set<string>>();
  const name = (key: string, names: string[]) => named.set(key, new Set([...(named.get(key) ?? []), ...names]));
  const unchecked = new Set<string>();
  type Property = { name: string; type: string; modes?: any[]; options?: Array<{ name?: string }> };
  type Described = { name: string; version: number | number[]; properties: Property[] };
  for (const type of reply.body as Described[]) {
    for (const version of [type.version].flat()) {
      known.add(`${type.name}@${version}`);
      name(
        `${type.name}@${version}`,
        type.properties.map((property) => property.name),
      );
      for (const property of type.properties) {
        const key = `${type.name}@${version} ${property.name}`;
        if (property.modes) {
          modes.set(key, new Set([...(modes.get(key) ?? []), ...property.modes.map((mode) => mode.name as string)]));
        }
        // A collection's or fixed collection's options are named; a parameter that has another type under some
        // other operation (the Data Table's `columns`, a column mapper there) is not checked inside.
        if (property.type === 'collection' || property.type === 'fixedCollection') {
          name(
            key,
            (property.options ?? []).flatMap((option) => option.name ?? []),
          );
        } else unchecked.add(key);
      }
    }
  }
  const nodes = slugs.flatMap((slug) => load(slug).nodes);
  const missing = nodes.map((node) => `${node.type}@${node.typeVersion}`).filter((used) => !known.has(used));
  const missingModes = nodes.flatMap((node) =>
    Object.entries(node.parameters)
      .filter(([, value]) => value?.__rl === true)
      .filter(([name, value]) => !modes.get(`${node.type}@${node.typeVersion} ${name}`)?.has(value.mode))
      .map(([name, value]) => `${node.type}@${node.typeVersion} ${name}: ${value.mode}`),
  );
  const isCollection = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && !('__rl' in value);
  const missingNames = nodes.flatMap((node) => {
    const at = `${node.type}@${node.typeVersion}`;
    return Object.entries(node.parameters).flatMap(([parameter, value]) => [
      ...(named.get(at)?.has(parameter) ? [] : [`${at} ${parameter}`]),
      ...(isCollection(value) && named.has(`${at} ${parameter}`) && !unchecked.has(`${at} ${parameter}`)
        ? Object.keys(value as object)
            .filter((option) => !named.get(`${at} ${parameter}`)!.has(option))
            .map((option) => `${at} ${parameter}.${option}`)
        : []),
    ]);
  });
  counts.record('all', 'node types (at their versions) this n8n lacks', 0, missing.length);
  counts.record('all', 'picker modes (at their node versions) this n8n lacks', 0, missingModes.length);
  counts.record('all', 'parameters and options (at their node versions) this n8n lacks', 0, missingNames.length);
  expect(missing).toEqual([]);
  expect(missingModes).toEqual([]);
  expect(missingNames).toEqual([]);
});

test("1 · a paid shop order: one client, one invoice billing the order's lines by SKU (its price winning); again: nothing", async () => {
  const { credential, api } = await account('order');
  await stockOrderProducts(api);
  const workflow = await n8n.createWorkflow(forThisMachine(load('01-order-to-whatsapp-invoice'), credential));
  await n8n.activate(workflow.id);
  const email = 'priya.order@example.com';
  const order = {
    id: 'ORD-1042',
    currency: 'INR',
    customer: { email, name: 'Priya Nair', phone: '+91 98450 12345' },
    line_items: [
      { sku: 'KURTA-INDIGO-M', title: 'Kurta, indigo, M', quantity: 2, price: '1,399.00' },
      { sku: 'DUPATTA-SILK', title: 'Silk dupatta', quantity: 1, price: '799.00' },
    ],
  };
  expect(await postToWebhook('shop-order-paid', order)).toBe(200);
  const invoices = async () => (await api((c) => operations.listInvoices.request(c, { client_email: email }))).data;
  await settle(workflow.id, 1);
  const first = await invoices();
  counts.record('1 order', 'invoices for one paid order', 1, first.length);
  expect(first).toHaveLength(1);
  expect(first[0]).toMatchObject(ORDER_1042_INVOICE);
  const clients = (await api((c) => operations.listClients.request(c, {}))).data;
  expect(clients).toEqual([expect.objectContaining({ email, name: 'Priya Nair', phone: '+919845012345' })]);

  expect(await postToWebhook('shop-order-paid', order)).toBe(200);
  const runs = await settle(workflow.id, 2);
  counts.record('1 order', 'executions for the order posted twice', 2, runs);
  counts.record('1 order', 'invoices after the same order again', 1, (await invoices()).length);
  expect(await invoices()).toHaveLength(1);
  await n8n.deactivate(workflow.id);
});

test('2 · reminders 3 days before, on and 3 days after the due date: each once, none for a paid, disputed or void invoice', async () => {
  const { credential, api } = await account('reminders');
  const workflow = await n8n.createWorkflow(forThisMachine(load('02-overdue-reminders'), credential));
  const from = received.length;
  // Active for its Delivery Failed trigger; the morning schedule is started here as a user tries it: Run Now.
  await activateWithSubscription(workflow.id, activeSubscriptions(sandbox).length);
  const today = todayIn(new Date());
  /** An invoice of ₹`rupees` due `offset` days from today (India time); after today, moved there by make_overdue. */
  const invoice = async (email: string, phone: string, offset: number, rupees = 1500) => {
    await api((c) => operations.createClient.request(c, { email, phone }));
    const made = await api((c) =>
      operations.createInvoice.request(c, {
        client_email: email,
        currency: 'INR',
        items: [{ description: 'Consulting', amount: rupees * 100 }],
        ...(offset >= 0 ? { due_date: addDays(today, offset) } : {}),
      }),
    );
    if (offset < 0) await api((c) => operations.simulateOverdue.request(c, { invoice_id: made.id, days: -offset }));
    return made;
  };
  const before = await invoice('asha.remind@example.com', '+919812345678', 3);
  const moving = await invoice('kiran.remind@example.com', '+919812345679', 3);
  const paid = await invoice('paid.remind@example.com', '+919812345680', 3);
  await api((c) => operations.simulatePayment.request(c, { invoice_id: paid.id, amount: undefined }));
  const voided = await invoice('void.remind@example.com', '+919812345681', 3);
  await api((c) => operations.voidInvoice.request(c, { invoice_id: voided.id }));
  // A number with no WhatsApp account (the sandbox's test number): the reminder goes by e-mail instead.
  const onTheDay = await invoice('tarun.remind@example.com', '+910000000001', 0, 2400);
  const disputedOnTheDay = await invoice('dev.remind@example.com', '+919822334455', 0);
  await api((c) => operations.simulateDispute.request(c, { invoice_id: disputedOnTheDay.id, reason: 'not_received' }));
  // No WhatsApp and an address that bounces: the team is alerted.
  const after = await invoice('bounce.remind@example.com', '+910000000001', -3, 999);
  const partlyPaid = await invoice('meera.remind@example.com', '+919812345682', -3);
  await api((c) => operations.simulatePayment.request(c, { invoice_id: partlyPaid.id, amount: 50000 }));
  const disputedAfter = await invoice('ravi.remind@example.com', '+919812345683', -3);
  await api((c) => operations.simulateDispute.request(c, { invoice_id: disputedAfter.id, reason: 'not_received' }));
  // Days that are no stage: 2 days before, 1 day after.
  const twoDaysBefore = await invoice('neha.remind@example.com', '+919812345684', 2);
  const oneDayAfter = await invoice('om.remind@example.com', '+919812345685', -1);

  /** Every delivery the account made: invoice, kind, channel, outcome, and the day of its due date it was for. */
  const deliveries = async () => {
    const events = await Promise.all(
      ['invoice.sent', 'invoice.delivery_failed'].map(
        async (type) => (await api((c) => operations.listEvents.request(c, { type, limit: 100 }))).data,
      ),
    );
    return events.flat().map(({ data }: any) => ({
      line:
        `${data.invoice.number} ${data.delivery.kind} ${data.delivery.channel} ${data.delivery.status} ` +
        `due ${daysBetween(today, data.invoice.due_date)}`,
      upiLink: data.invoice.upi_link as string,
      remaining: data.invoice.amount_remaining as number,
    }));
  };
  const lines = async () => (await deliveries()).map((delivery) => delivery.line).sort();
  /** Runs the workflow as Run Now does, then waits for the e-mails and alerts its failed sends start. */
  const runNow = async (deliveryCount: number) => {
    await n8n.cli(['execute', `--id=${workflow.id}`]);
    await eventually('the deliveries', DELIVERY_SECONDS, async () =>
      (await deliveries()).length >= deliveryCount ? true : undefined,
    ).catch(() => undefined);
    await sandbox.settled();
    await pause(QUIET_MS);
  };

  await runNow(7);
  const first = [
    `${before.number} reminder whatsapp sent due 3`,
    `${moving.number} reminder whatsapp sent due 3`,
    `${onTheDay.number} reminder whatsapp failed due 0`,
    `${onTheDay.number} reminder email sent due 0`,
    `${after.number} reminder whatsapp failed due -3`,
    `${after.number} reminder email failed due -3`,
    `${partlyPaid.number} reminder whatsapp sent due -3`,
  ].sort();
  const made = await lines();
  const stage = (offset: number) => made.filter((line) => line.endsWith(` due ${offset}`) && /whatsapp/.test(line));
  const none = [paid, voided, disputedOnTheDay, disputedAfter, twoDaysBefore, oneDayAfter];
  counts.record('2 reminders', 'WhatsApp reminders 3 days before (2 unpaid, 1 paid, 1 void)', 2, stage(3).length);
  counts.record('2 reminders', 'WhatsApp reminders on the day (1 unpaid, 1 disputed)', 1, stage(0).length);
  counts.record('2 reminders', '... 3 days after (1 unpaid, 1 part-paid, 1 disputed)', 2, stage(-3).length);
  counts.record('2 reminders', 'e-mailed instead (WhatsApp failed)', 2, made.filter((l) => / email /.test(l)).length);
  counts.record(
    '2 reminders',
    'reminders for paid, void, disputed or off-day invoices',
    0,
    made.filter((line) => none.some((invoice) => line.startsWith(`${invoice.number} `))).length,
  );
  counts.record('2 reminders', 'alerts (WhatsApp and e-mail both failed)', 1, sent('/services/', from).length);
  expect(made).toEqual(first);
  // Each reminder carries the UPI pay link for what is still owed at the time it is sent.
  for (const delivery of await deliveries())
    expect(delivery.upiLink).toMatch(new RegExp(`^upi://pay\\?.*am=${(delivery.remaining / 100).toFixed(2)}`));
  expect(sent('/services/', from)).toEqual([
    {
      method: 'POST',
      path: '/services/YOUR/SLACK/WEBHOOK',
      body: {
        text:
          `:warning: The reminder for invoice ${after.number} (₹999.00 due) did not reach ` +
          `bounce.remind@example.com by e-mail: ${String(await deliveryFailure(api, after.id, 'email'))} ` +
          `Invoice: ${after.hosted_url}`,
      },
    },
  ]);

  // The same morning again, after one invoice went from 3 days before to 3 days after its due date: only its
  // new reminder goes; nothing already sent today is sent again.
  await api((c) => operations.simulateOverdue.request(c, { invoice_id: moving.id, days: 3 }));
  await runNow(8);
  const second = await lines();
  counts.record(
    '2 reminders',
    'new deliveries on a second run (1 invoice moved a stage)',
    1,
    second.length - made.length,
  );
  counts.record('2 reminders', 'alerts after the second run', 1, sent('/services/', from).length);
  expect(second).toEqual([...first, `${moving.number} reminder whatsapp sent due -3`].sort());
  expect(sent('/services/', from)).toHaveLength(1);
  await n8n.deactivate(workflow.id);
});

/** The failure message of an invoice's failed delivery on `channel`, as its event carries it. */
async function deliveryFailure(api: Api, invoiceId: string, channel: string): Promise<string | undefined> {
  const events = (await api((c) => operations.listEvents.request(c, { type: 'invoice.delivery_failed', limit: 100 })))
    .data;
  const event = events.find((e: any) => e.data.invoice.id === invoiceId && e.data.delivery.channel === channel);
  return event?.data.delivery.failure_message;
}

describe('3 · a UPI payment', () => {
  let tableId = '';
  let projectId = '';

  /** What the user does before activating: a Data Table with the columns the note lists, named as its example. */
  beforeAll(async () => {
    const projects = await n8n.rest('GET', '/rest/projects/my-projects');
    projectId = projects.find((project: { type: string }) => project.type === 'personal').id;
    const columns = [
      'paid_at',
      'invoice_number',
      'client_email',
      'amount',
      'currency',
      'method',
      'utr',
      'reference',
      'payment_id',
    ].map((name) => ({ name, type: 'string' }));
    tableId = (await n8n.rest('POST', `/rest/projects/${projectId}/data-tables`, { name: 'Payments ledger', columns }))
      .id;
  });

  const rows = async () =>
    (await n8n.rest('GET', `/rest/projects/${projectId}/data-tables/${tableId}/rows?take=100&skip=0`)).data;

  /**
   * What the user then does in Add Ledger Row: opens Data table's From List (the editor's list search, the
   * node's `tableSearch`) and picks the table. The editor then empties the Columns mapping's values and schema
   * (n8n's ResourceMapper does so whenever the table changes); the template maps each column automatically
   * from Ledger Row's fields, so it must work after that too.
   */
  async function pickTable(template: Template): Promise<Template> {
    const node = template.nodes.find((candidate) => candidate.name === 'Add Ledger Row')!;
    expect(node.parameters.dataTableId).toEqual({ __rl: true, mode: 'list', value: '' });
    const { results } = await n8n.rest('POST', '/rest/dynamic-node-parameters/resource-locator-results', {
      path: 'parameters.dataTableId',
      nodeTypeAndVersion: { name: node.type, version: node.typeVersion },
      methodName: 'tableSearch',
      currentNodeParameters: node.parameters,
      projectId,
    });
    const picked = (results as Array<{ name: string; value: string; url: string }>).find(
      (result) => result.name === 'Payments ledger',
    );
    expect(picked?.value).toBe(tableId);
    node.parameters.dataTableId = {
      __rl: true,
      mode: 'list',
      value: picked!.value,
      cachedResultName: picked!.name,
      cachedResultUrl: picked!.url,
    };
    node.parameters.columns = { ...node.parameters.columns, value: null, schema: [] };
    return template;
  }

  test('one ledger row and one thank-you with the UTR; a redelivery adds neither', async () => {
    const { key, credential, api } = await account('ledger');
    const template = await pickTable(forThisMachine(load('03-upi-payment-ledger-and-thanks'), credential));
    const workflow = await n8n.createWorkflow(template);
    const from = received.length;
    await activateWithSubscription(workflow.id, activeSubscriptions(sandbox).length);
    await api((c) =>
      operations.createClient.request(c, {
        email: 'kabir.paid@example.com',
        name: 'Kabir Mehta',
        phone: '+919900112233',
      }),
    );
    const invoice = await api((c) =>
      operations.createInvoice.request(c, {
        client_email: 'kabir.paid@example.com',
        currency: 'INR',
        items: [{ description: 'Logo design', amount: 1200000 }],
      }),
    );
    const payment = await api((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id, amount: 500000 }));
    expect(await settle(workflow.id, 1)).toBe(1);
    const ledger = await rows();
    const thanks = sent('/messages', from);
    counts.record('3 ledger', 'ledger rows for one payment', 1, ledger.length);
    counts.record('3 ledger', 'thank-you messages for one payment', 1, thanks.length);
    expect(ledger).toEqual([
      expect.objectContaining({
        invoice_number: invoice.number,
        client_email: 'kabir.paid@example.com',
        amount: '₹5,000.00',
        currency: 'INR',
        method: 'upi',
        utr: expect.stringMatching(/^\d{12}$/),
      }),
    ]);
    const utr = ledger[0].utr;
    expect(thanks).toEqual([
      {
        method: 'POST',
        path: '/messages',
        body: {
          to: '+919900112233',
          message: `Hi Kabir Mehta, thank you! We received ₹5,000.00 by UPI (UTR ${utr}) for invoice ${invoice.number}. Still due: ₹7,000.00. Receipt: ${invoice.hosted_url}`,
        },
      },
    ]);
    expect(payment).toBeDefined();

    await redeliver(sandbox, await newestEvent(api, 'invoice.paid'), key);
    const runs = await settle(workflow.id, 1);
    counts.record('3 ledger', 'executions for a redelivered payment', 0, runs - 1);
    counts.record('3 ledger', 'ledger rows after the redelivery', 1, (await rows()).length);
    counts.record('3 ledger', 'thank-you messages after the redelivery', 1, sent('/messages', from).length);
    expect(runs).toBe(1);
    expect(await rows()).toHaveLength(1);
    expect(sent('/messages', from)).toHaveLength(1);
    await n8n.deactivate(workflow.id);
  });
});

test('4 · a CSV: the good invoices once with all their lines, one report naming each failed row and why; the same file again creates nothing', async () => {
  const { credential, api } = await account('bulk');
  csv = [
    'invoice_ref,client_email,client_name,client_phone,currency,description,amount',
    'B-1,asha.bulk@example.com,Asha Rao,+919811122233,INR,Website design,"12,500.00"',
    'B-1,asha.bulk@example.com,Asha Rao,+919811122233,INR,Hosting (12 months),2400',
    'B-2,dev.bulk@example.com,Dev Kapoor,,USD,Consulting,150.50',
    'B-3,not-an-email,Nobody,,INR,Audit,1000',
    'B-4,meena.bulk@example.com,Meena Shah,,INR,Translation,one thousand',
  ].join('\n');
  const workflow = await n8n.createWorkflow(forThisMachine(load('04-bulk-invoices-from-csv'), credential));
  const invoices = async () => (await api((c) => operations.listInvoices.request(c, {}))).data;

  const from = received.length;
  await n8n.cli(['execute', `--id=${workflow.id}`]);
  const made = await invoices();
  const reports = sent('/services/', from);
  counts.record('4 bulk', 'invoices from 2 good and 2 bad invoice refs', 2, made.length);
  counts.record('4 bulk', 'reports for one run', 1, reports.length);
  expect(
    made
      .map((invoice: any) => [
        invoice.client_email,
        invoice.currency,
        invoice.amount_due,
        invoice.items.map((i: any) => i.description),
      ])
      .sort(),
  ).toEqual([
    ['asha.bulk@example.com', 'INR', 1490000, ['Website design', 'Hosting (12 months)']],
    ['dev.bulk@example.com', 'USD', 15050, ['Consulting']],
  ]);
  expect(reports).toHaveLength(1);
  const text: string = reports[0].body.text;
  expect(text).toMatch(/^Bulk invoicing: 2 invoice\(s\) created, 2 failed\./);
  expect(text).toMatch(/FAILED B-3 \(rows 5\): .*[Ee]-?mail/);
  expect(text).toMatch(/FAILED B-4 \(rows 6\): .*[Aa]mount/);
  expect(text).toContain('OK B-1 → ');

  const again = received.length;
  await n8n.cli(['execute', `--id=${workflow.id}`]);
  counts.record('4 bulk', 'invoices after the same file again', 2, (await invoices()).length);
  counts.record('4 bulk', 'reports for the second run', 1, sent('/services/', again).length);
  expect(await invoices()).toHaveLength(2);
  expect(sent('/services/', again).map((report) => report.body.text)).toEqual([text]);
});

test('5 · a dispute: one alert with the invoice, client and reason; a redelivery alerts no one', async () => {
  const { key, credential, api } = await account('dispute');
  const workflow = await n8n.createWorkflow(forThisMachine(load('05-dispute-alert'), credential));
  const from = received.length;
  await activateWithSubscription(workflow.id, activeSubscriptions(sandbox).length);
  await api((c) =>
    operations.createClient.request(c, {
      email: 'rohan.dispute@example.com',
      name: 'Rohan Das',
      company: 'Das Traders',
      phone: '+919822334455',
    }),
  );
  const invoice = await api((c) =>
    operations.createInvoice.request(c, {
      client_email: 'rohan.dispute@example.com',
      currency: 'INR',
      items: [{ description: 'Stock audit', amount: 250000 }],
    }),
  );
  await api((c) =>
    operations.simulateDispute.request(c, {
      invoice_id: invoice.id,
      reason: 'amount_incorrect',
      note: 'Agreed ₹2,000',
    }),
  );
  expect(await settle(workflow.id, 1)).toBe(1);
  const alerts = sent('/services/', from);
  counts.record('5 dispute', 'alerts for one dispute', 1, alerts.length);
  expect(alerts).toEqual([
    {
      method: 'POST',
      path: '/services/YOUR/SLACK/WEBHOOK',
      body: {
        text:
          `:warning: Invoice ${invoice.number} (₹2,500.00 due) was disputed by Rohan Das of Das Traders <rohan.dispute@example.com, +919822334455>. ` +
          `Reason: amount_incorrect (Agreed ₹2,000). Invoice: ${invoice.hosted_url}`,
      },
    },
  ]);

  await redeliver(sandbox, await newestEvent(api, 'invoice.disputed'), key);
  const runs = await settle(workflow.id, 1);
  counts.record('5 dispute', 'alerts after a redelivery', 1, sent('/services/', from).length);
  expect(runs).toBe(1);
  expect(sent('/services/', from)).toHaveLength(1);
  await n8n.deactivate(workflow.id);
});

test('6 · the daily digest: owed by client, oldest first, totals per currency, once a run; a second run says the same once', async () => {
  const { credential, api } = await account('digest');
  const invoice = (email: string, currency: string, amount: number) =>
    api((c) =>
      operations.createInvoice.request(c, {
        client_email: email,
        currency,
        items: [{ description: 'Work', amount }],
      }),
    );
  const oldest = await invoice('zoya.digest@example.com', 'INR', 150000);
  await pause(1100); // created_at has whole seconds: the order must be the service's, not a tie
  await invoice('arjun.digest@example.com', 'INR', 90000);
  await pause(1100);
  const usd = await invoice('arjun.digest@example.com', 'USD', 1500);
  const paid = await invoice('zoya.digest@example.com', 'INR', 50000);
  await api((c) => operations.simulatePayment.request(c, { invoice_id: paid.id, amount: undefined }));
  await api((c) => operations.simulatePayment.request(c, { invoice_id: usd.id, amount: 500 }));
  const workflow = await n8n.createWorkflow(forThisMachine(load('06-daily-receivables-digest'), credential));

  const from = received.length;
  await n8n.cli(['execute', `--id=${workflow.id}`]);
  const digests = sent('/services/', from);
  counts.record('6 digest', 'digests for one run', 1, digests.length);
  expect(digests).toHaveLength(1);
  expect(digests[0].body.text.split('\n')).toEqual([
    'Receivables: 3 open invoice(s), ₹2,400.00 + $10.00 owed.',
    'zoya.digest@example.com: ₹1,500.00',
    `  ${oldest.number} from ${oldest.created_at.slice(0, 10)} (open): ₹1,500.00`,
    'arjun.digest@example.com: ₹900.00 + $10.00',
    expect.stringMatching(/^ {2}INV-\d+ from \d{4}-\d\d-\d\d \(open\): ₹900\.00$/),
    expect.stringMatching(/^ {2}INV-\d+ from \d{4}-\d\d-\d\d \(partially_paid\): \$10\.00$/),
  ]);

  const again = received.length;
  await n8n.cli(['execute', `--id=${workflow.id}`]);
  counts.record('6 digest', 'digests for a second run', 1, sent('/services/', again).length);
  expect(sent('/services/', again).map((digest) => digest.body.text)).toEqual([digests[0].body.text]);
});

test('7 · two-way sync: a CRM contact becomes one client and is not echoed back; a change here goes back once', async () => {
  const { key, credential, api } = await account('sync');
  const workflow = await n8n.createWorkflow(forThisMachine(load('07-two-way-contact-sync'), credential));
  const from = received.length;
  await activateWithSubscription(workflow.id, activeSubscriptions(sandbox).length);
  const contact = {
    email: 'nisha.crm@example.com',
    name: 'Nisha Pillai',
    phone: '+91 98765 43210',
    company: 'Pillai & Co',
  };
  expect(await postToWebhook('crm-contact-created', contact)).toBe(200);
  await settle(workflow.id, 1);
  const clients = async () => (await api((c) => operations.listClients.request(c, {}))).data;
  const [client, ...others] = await clients();
  counts.record('7 sync', 'clients for one CRM contact', 1, others.length + 1);
  counts.record('7 sync', 'writes back to the CRM for its own contact', 0, sent('/api/contacts/', from).length);
  expect(others).toEqual([]);
  expect(client).toMatchObject({
    email: contact.email,
    name: contact.name,
    phone: '+919876543210',
    company: contact.company,
  });
  expect(sent('/api/contacts/', from)).toEqual([]);

  expect(await postToWebhook('crm-contact-created', contact)).toBe(200);
  await settle(workflow.id, 2);
  counts.record(
    '7 sync',
    'writes back after the CRM sends the same contact again',
    0,
    sent('/api/contacts/', from).length,
  );
  expect(sent('/api/contacts/', from)).toEqual([]);

  await api((c) =>
    operations.updateClient.request(c, { client_id: client.id, email: 'nisha@pillai.example', phone: '+919876500000' }),
  );
  await eventually('the write back', DELIVERY_SECONDS, async () =>
    sent('/api/contacts/', from).length ? true : undefined,
  ).catch(() => undefined);
  await sandbox.settled();
  await pause(QUIET_MS);
  counts.record('7 sync', 'writes back for one change here', 1, sent('/api/contacts/', from).length);
  expect(sent('/api/contacts/', from)).toEqual([
    {
      method: 'PUT',
      path: '/api/contacts/nisha.crm@example.com',
      body: {
        email: 'nisha@pillai.example',
        name: 'Nisha Pillai',
        phone: '+919876500000',
        company: 'Pillai & Co',
        invoicing_client_id: client.id,
        changed_fields: expect.stringMatching(/email.*phone|phone.*email/),
      },
    },
  ]);

  await redeliver(sandbox, await newestEvent(api, 'client.updated'), key);
  await sandbox.settled();
  await pause(QUIET_MS);
  counts.record('7 sync', 'writes back after a redelivered change', 1, sent('/api/contacts/', from).length);
  expect(sent('/api/contacts/', from)).toHaveLength(1);
  expect(await clients()).toHaveLength(1);
  await n8n.deactivate(workflow.id);
});

test("8 · a new invoice: one e-mail with the service's PDF as INV-….pdf; a redelivery sends none", async () => {
  const { key, credential, api } = await account('pdf');
  // What the user picks in Send Email: their mail server, here the local one (no TLS, no login).
  const mailServer = await n8n.createCredential('Mail server', 'smtp', {
    user: '',
    password: '',
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    disableStartTls: true,
  } as unknown as Record<string, string>);
  const workflow = await n8n.createWorkflow(forThisMachine(load('08-invoice-pdf-by-email'), credential, mailServer));
  const from = smtp.mails.length;
  await activateWithSubscription(workflow.id, activeSubscriptions(sandbox).length);
  await api((c) => operations.createClient.request(c, { email: 'anita.pdf@example.com', name: 'Anita Menon' }));
  const invoice = await api((c) =>
    operations.createInvoice.request(c, {
      client_email: 'anita.pdf@example.com',
      currency: 'INR',
      items: [
        { description: 'Website design', amount: 1250000 },
        { description: 'Hosting (12 months)', amount: 240000 },
      ],
    }),
  );
  expect(await settle(workflow.id, 1)).toBe(1);
  const mails = smtp.mails.slice(from);
  counts.record('8 pdf', 'e-mails for one new invoice', 1, mails.length);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({ from: 'billing@your-business.example', to: ['anita.pdf@example.com'] });
  const { headers, parts } = parseMail(mails[0].raw);
  expect(headers).toMatch(new RegExp(`^Subject: Invoice ${invoice.number}$`, 'm'));
  const files = parts.filter((part) => part.fileName);
  counts.record('8 pdf', 'PDF attachments in the e-mail', 1, files.length);
  expect(files.map((file) => file.fileName)).toEqual([`${invoice.number}.pdf`]);
  expect(files[0].headers).toMatch(/Content-Type: application\/pdf/i);
  // Send Email's Attachments option (2.x: "Attachments (Inline)", the only one 1.x has) gives the PDF a
  // Content-ID; in a plain-text e-mail it is still a file in the recipient's attachments list.
  expect(files[0].headers).toMatch(/Content-Disposition: attachment/i);
  const request = operations.downloadInvoicePdf.request(
    { apiKey: key, baseUrl: sandbox.baseUrl },
    { invoice_id: invoice.id },
  );
  const service = Buffer.from(await (await fetch(request.url, { headers: request.headers })).arrayBuffer());
  expect(service.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // pdfkit stamps each file it makes with its time (/CreationDate) and an /ID made from it: the same invoice's
  // PDF is otherwise byte for byte what the service answers.
  const unstamped = (pdf: Buffer) =>
    pdf
      .toString('latin1')
      .replace(/\(D:\d{14}[^)]*\)/g, '(D:)')
      .replace(/\/ID\s*\[[^\]]*\]/, '/ID []');
  expect(files[0].content.length).toBe(service.length);
  expect(unstamped(files[0].content)).toBe(unstamped(service));
  const text = parts.find((part) => !part.fileName)!.content.toString('utf8');
  expect(text.trim()).toBe(
    `Hello,\r\n\r\nPlease find invoice ${invoice.number} attached: ₹14,900.00 to pay. ` +
      `You can also pay online: ${invoice.hosted_url}\r\n\r\nThank you!`,
  );

  await redeliver(sandbox, await newestEvent(api, 'invoice.created'), key);
  const runs = await settle(workflow.id, 1);
  counts.record('8 pdf', 'executions for a redelivered invoice.created', 0, runs - 1);
  counts.record('8 pdf', 'e-mails after the redelivery', 1, smtp.mails.length - from);
  expect(runs).toBe(1);
  expect(smtp.mails.length - from).toBe(1);
  await n8n.deactivate(workflow.id);
});

test('10 · a returned order line: one credit note, its total refunded by UPI, one WhatsApp message; the return again: nothing', async () => {
  const { credential, api } = await account('return');
  const { invoice, payment, shopReturn } = await paidOrderReturned(api, 'priya.return@example.com', 'RET-77');
  const workflow = await n8n.createWorkflow(forThisMachine(load('10-return-credit-note-refund'), credential));
  await n8n.activate(workflow.id);
  const look = async () => {
    const notes = (await api((c) => operations.listCreditNotes.request(c, { invoice_id: invoice.id }))).data;
    const refunds = (await api((c) => operations.listRefunds.request(c, { invoice_id: invoice.id }))).data;
    const sent = (await api((c) => operations.listEvents.request(c, { type: 'invoice.sent', limit: 100 }))).data
      .map((event: any) => event.data)
      .filter((data: any) => data.invoice.id === invoice.id);
    return { notes, refunds, sent };
  };

  expect(await postToWebhook('shop-order-returned', shopReturn)).toBe(200);
  await settle(workflow.id, 1);
  const first = await look();
  counts.record('10 return', 'credit notes for one returned line', 1, first.notes.length);
  counts.record('10 return', 'UPI refunds of its total', 1, first.refunds.length);
  counts.record('10 return', 'WhatsApp messages to the customer', 1, first.sent.length);
  expect(first.notes).toEqual([expect.objectContaining({ ...RETURNED_LINE_CREDIT, invoice_id: invoice.id })]);
  expect(first.refunds).toEqual([
    expect.objectContaining({ payment_id: payment.id, amount: 83896, method: 'upi', upi: { utr: REFUND_UTR } }),
  ]);
  expect(first.sent.map((data: any) => data.delivery)).toEqual([
    expect.objectContaining({ channel: 'whatsapp', kind: 'invoice', status: 'sent', to: '+919845012345' }),
  ]);
  expect(await api((c) => operations.getInvoice.request(c, { invoice_id: invoice.id }))).toMatchObject({
    ...AFTER_THE_RETURN,
    status: 'paid',
  });

  expect(await postToWebhook('shop-order-returned', shopReturn)).toBe(200);
  const runs = await settle(workflow.id, 2);
  const again = await look();
  counts.record('10 return', 'executions for the return posted twice', 2, runs);
  counts.record(
    '10 return',
    'credit notes, refunds, messages after it again',
    3,
    again.notes.length + again.refunds.length + again.sent.length,
  );
  expect(runs).toBe(2);
  // The second run succeeds: each step answers what the first made (its Prevent Duplicates Key), refusing nothing.
  expect((await n8n.executions(workflow.id)).map((run) => run.status)).toEqual(['success', 'success']);
  expect(again).toEqual(first);
  await n8n.deactivate(workflow.id);
});

test('11 · a shop product saved: one catalogue product by its SKU with its HSN and rate; saved again repriced: the same one, updated', async () => {
  const { credential, api } = await account('catalogue');
  const workflow = await n8n.createWorkflow(forThisMachine(load('11-catalogue-sync'), credential));
  await n8n.activate(workflow.id);
  // WooCommerce's product webhook body (wc/v3), as template 11's recipe shows it.
  const product = {
    id: 794,
    name: 'Kanjivaram saree, red',
    type: 'simple',
    status: 'publish',
    sku: 'SAREE-KANJI-RED',
    price: '7999.00',
    regular_price: '8499.00',
    sale_price: '7999.00',
    virtual: false,
    meta_data: [
      { id: 1201, key: 'hsn_sac', value: '5007' },
      { id: 1202, key: 'gst_rate', value: '5' },
    ],
  };
  const catalogue = async () => (await api((c) => operations.listProducts.request(c, {}))).data;
  expect(await postToWebhook('shop-product-saved', product)).toBe(200);
  await settle(workflow.id, 1);
  const first = await catalogue();
  counts.record('11 catalogue', 'products for one shop product', 1, first.length);
  expect(first).toEqual([
    expect.objectContaining({
      sku: 'SAREE-KANJI-RED',
      name: 'Kanjivaram saree, red',
      product_type: 'goods',
      hsn_sac: '5007',
      gst_rate: '5',
      unit_price: 849900,
      currency: 'INR',
    }),
  ]);

  expect(await postToWebhook('shop-product-saved', { ...product, regular_price: '8999.00' })).toBe(200);
  await settle(workflow.id, 2);
  const after = await catalogue();
  counts.record('11 catalogue', 'products after the same product saved again', 1, after.length);
  expect(after).toEqual([expect.objectContaining({ id: first[0].id, unit_price: 899900, hsn_sac: '5007' })]);
  await n8n.deactivate(workflow.id);
});
