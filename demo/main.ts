/**
 * `npm run demo`: the whole loop on one machine. An in-memory sandbox (own process), the built Zapier app
 * in zapier-platform-core's app tester and the built n8n package in n8n-core's engine: connect, sync a
 * client, create an invoice from each platform, turn on every trigger, make each invoice viewed, paid
 * over UPI and disputed, create a client in the service, record a bank transfer from n8n, check that both
 * platforms received every event with a verified signature, and find a UPI payment by its UTR from Zapier.
 * Two GST tax invoices (./gst.ts): within the supplier's state from Zapier, to another state from n8n.
 * Then the invoice after it is created (./invoiceLife.ts): due, sent, a failed send, overdue, a reminder with
 * its UPI link, the PDF, a void.
 * `--faults` (or DEMO_FAULTS=1, or DEMO_FAULTS=<spec>) adds duplicates, shuffled order and 429s.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';

import {
  EVENT_TYPES,
  expectOk,
  operations,
  type Connection,
  type HttpRequest,
  type Payment,
  type PresentedInvoice,
  type WebhookEvent,
} from '../shared';
import { waitOutRateLimits } from '../shared/throttle';
import { fetchSend, parseFaultSpec } from '../sandbox';
import { N8nSide } from './n8n';
import { gstInvoices } from './gst';
import { afterCreation } from './invoiceLife';
import { viewPayAndDispute, sentTo } from './testHelpers';
import { expectEveryEvent, receiptLine } from './receipts';
import { startSandboxProcess, type DemoSandbox } from './sandbox';
import { Steps, check, fit } from './steps';
import { printSummary, type DemoResult } from './summary';
import { watchTraffic } from './traffic';
import { ZapierSide } from './zapier';

/** The built demo lives in demo/dist, two levels below the repository root, as test/n8n/harness.ts does. */
const ROOT = path.resolve(__dirname, '../..');
export const DEFAULT_FAULTS = 'duplicate=0.5,shuffle,429=0.1';
const CLIENT = { email: 'ana.sharma@example.com', name: 'Ana Sharma', city: 'Pune', phone: '+91 98123 45678' };

const USAGE =
  `Usage: npm run demo -- [--faults] [--seed <n>]
  --faults      sandbox fault injection: ${DEFAULT_FAULTS} (DEMO_FAULTS=1 does the same; ` +
  `DEMO_FAULTS=<spec> picks others)
  --seed <n>    repeatable faults and shuffling`;

/** The flags, or an error naming what was wrong, with the usage (a bad fault spec is caught before anything starts). */
function options(): { faults?: string; seed?: string; help?: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      options: { faults: { type: 'boolean' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  const env = process.env.DEMO_FAULTS;
  const faults = values.faults || env ? (env && env !== '1' && env !== 'true' ? env : DEFAULT_FAULTS) : undefined;
  if (faults) parseFaultSpec(faults);
  return { faults, seed: values.seed, help: values.help };
}

async function main(): Promise<number> {
  const print = (line: string) => process.stdout.write(`${fit(line)}\n`);
  const { faults, seed, help } = options();
  if (help) {
    print(USAGE);
    return 0;
  }
  const steps = new Steps(print);
  const started = performance.now();
  const traffic = watchTraffic();
  print(
    `Invoicing API connectors demo: Zapier app and n8n package against a local sandbox` +
      `${faults ? ` (faults on: ${faults})` : ''}\n`,
  );

  let sandbox: DemoSandbox | undefined;
  let zapier: ZapierSide | undefined;
  let n8n: N8nSide | undefined;
  try {
    sandbox = await steps.run(
      'Sandbox: start in memory, in its own process',
      () => startSandboxProcess({ faults, seed }),
      (s) => `${s.baseUrl} (test key kept out of this output)`,
    );
    const connection = { apiKey: sandbox.testKey, baseUrl: sandbox.baseUrl };
    // The demo's own look at the service (test helpers, listing webhooks) waits out 429s like the connectors do.
    const api = waitOutRateLimits(fetchSend, { sleep: (ms) => sleep(ms) });
    const call = async <T>(build: (c: Connection) => HttpRequest) => expectOk(await api(build(connection))) as T;

    zapier = await steps.run(
      'Zapier: load the built app (zapier/dist) into createAppTester',
      async () => new ZapierSide(ROOT, connection),
    );
    n8n = await steps.run(
      "n8n: build the package and load it with n8n-core's PackageDirectoryLoader",
      () => N8nSide.load({ apiKey: connection.apiKey, baseUrl: connection.baseUrl }),
      (side) =>
        `${side.pkg.packageName}: ` +
        `${side.pkg.loader.known.nodes ? Object.keys(side.pkg.loader.known.nodes).join(', ') : ''}`,
    );
    const z = zapier;
    const n = n8n;

    const label = await steps.run(
      'Zapier: connect (auth test + connection label)',
      () => z.connect(),
      (l) => `"${l}"`,
    );
    await steps.run(
      'n8n: connect (credential test through RoutingNode)',
      () => n.testCredential(),
      () => 'Connection successful',
    );

    const synced = await steps.run(
      'Zapier: Find or Create Client',
      () => z.findOrCreateClient(CLIENT),
      ({ client, created }) => `${created ? 'created' : 'updated'} ${client.id} ${client.email}`,
    );
    const upserted = await steps.run(
      'n8n: Client → Create or Update (adds the WhatsApp number)',
      async () => {
        const client = await n.upsertClient(CLIENT.email, CLIENT.phone);
        check(
          client.id === synced.client.id,
          `n8n's Create or Update made a second client (${client.id}) instead of updating ${synced.client.id}`,
        );
        return client;
      },
      (c) => `updated ${c.id}, phone ${c.phone}`,
    );

    const describe = (i: PresentedInvoice) =>
      `${i.number} ${i.amount_due_formatted}, ${i.items.length} line items, WhatsApp ${i.whatsapp?.status ?? 'off'}`;
    const picked = await steps.run(
      'Zapier: Create Invoice, the Client dropdown (existing clients to pick from)',
      async () => {
        const choice = (await z.clientDropdown()).find((entry) => entry.id === CLIENT.email);
        check(choice !== undefined, `the Client dropdown does not offer ${CLIENT.email}`);
        return choice!;
      },
      (choice) => `picked "${choice.label}"`,
    );
    const zapierInvoice = await steps.run(
      'Zapier: Create Invoice (the picked client, amounts typed "12,500.00" and "2,400.00", ' +
        'Send on WhatsApp, Prevent Duplicates Key)',
      () =>
        z.createInvoice({
          client_email: picked.id,
          currency: 'INR',
          auto_send_whatsapp: true,
          idempotency_key: 'zap-order-1001',
          items: [
            { description: 'Website design, May', amount: '12,500.00' },
            { description: 'Hosting, 12 months', amount: '2,400.00' },
          ],
        }),
      describe,
    );
    const n8nInvoice = await steps.run(
      'n8n: Invoice → Create (amounts typed "4,500.00", "1,500.00", "999"; Send on WhatsApp)',
      () =>
        n.createInvoice({
          client_email: CLIENT.email,
          currency: 'INR',
          auto_send_whatsapp: true,
          items: {
            item: [
              { description: 'Logo refresh', amount: '4,500.00' },
              { description: 'Brand guidelines', amount: '1,500.00' },
              { description: 'Social media kit', amount: '999' },
            ],
          },
        }),
      describe,
    );

    // GST (issue 30): a B2B client in the supplier's state from Zapier, one in another state from n8n.
    const taxInvoices = await gstInvoices(steps, z, n);

    const zapierHooks = await steps.run(
      `Zapier: turn on all ${EVENT_TYPES.length} triggers (performSubscribe × ${EVENT_TYPES.length})`,
      () => z.subscribeAll(),
      (ids) => `${ids.length} webhooks, one per trigger (${ids[0]} … ${ids.at(-1)})`,
    );
    const n8nHook = await steps.run(
      `n8n: activate a workflow on all ${EVENT_TYPES.length} events (trigger webhook create)`,
      () => n.activateTrigger(),
      (id) => `1 webhook: ${id}`,
    );

    // Without faults each test helper's deliveries land before the next one happens, so the order is kept;
    // with faults they come in one burst, which the sandbox's shuffling then reorders.
    const burst = Boolean(faults);
    const events = await steps.run(
      `Sandbox: each invoice viewed, paid over UPI, disputed (${burst ? 'in one burst' : 'one at a time'})`,
      () => viewPayAndDispute(call, [zapierInvoice, n8nInvoice], burst ? undefined : () => sandbox!.settled()),
      (emitted) => `${emitted.length} events: ${emitted.map((e) => e.type.replace('invoice.', '')).join(', ')}`,
    );

    // Client sync the other way: a client created in the service itself (its dashboard, its own API)
    // reaches both platforms.
    const newClient = await steps.run(
      'Service: a client is created there (not through a connector)',
      async () => {
        await call((c) => operations.createClient.request(c, { email: 'ravi.kumar@example.com', name: 'Ravi Kumar' }));
        const { data } = await call<{ data: WebhookEvent[] }>((c) =>
          operations.listEvents.request(c, { type: 'client.created', limit: 1 }),
        );
        events.push(data[0]);
        if (!burst) await sandbox!.settled();
        return data[0];
      },
      (event) => `client.created ${event.id} for ravi.kumar@example.com`,
    );
    // Reconciliation: a bank transfer on the n8n invoice, recorded from n8n, announced like a UPI payment.
    const transfer = await steps.run(
      'n8n: Payment → Record (a bank transfer, with its bank reference)',
      async () => {
        const recorded = await n.recordPayment({
          invoice_id: n8nInvoice.id,
          method: 'bank_transfer',
          amount: '1,000.00',
          additionalFields: { reference: 'HDFCN52026112012345' },
        });
        const { data } = await call<{ data: WebhookEvent[] }>((c) =>
          operations.listEvents.request(c, { type: 'invoice.paid', limit: 1 }),
        );
        check(
          (data[0].data as { payment: { id: string } }).payment.id === recorded.id,
          'the transfer was not announced as invoice.paid',
        );
        events.push(data[0]);
        return recorded;
      },
      (p) => `${p.id} ${p.amount_formatted} on ${n8nInvoice.number}, reference ${p.reference}`,
    );

    // After creation: due dates, sending, a failed send, overdue, a reminder, the PDF, a void.
    const later = await afterCreation(steps, z, n, call, CLIENT.email);
    events.push(...later.events);

    const sent = await steps.run(
      'Sandbox: wait until every delivery is made',
      () => sandbox!.settled(),
      (log) => {
        const all = sentTo(log, Object.keys(log));
        return `${all.attempts} deliveries, ${all.duplicates} of them duplicates`;
      },
    );

    const zapierReceipts = await steps.run(
      "Zapier: feed each delivery to its trigger's perform (signature checked)",
      async () => expectEveryEvent('Zapier', await z.receive(), events, sentTo(sent, zapierHooks)),
      receiptLine,
    );
    const n8nReceipts = await steps.run(
      "n8n: deliveries through the trigger's webhook() into the workflow",
      async () => expectEveryEvent('n8n', n.receipts(), events, sentTo(sent, [n8nHook])),
      receiptLine,
    );

    await steps.run(
      'Both: a delivery whose body was changed after signing is refused',
      async () => {
        const zapierRefusal = await z.refusalOfTampered();
        check(zapierRefusal, 'the Zapier trigger accepted a tampered delivery');
        const n8nRefusal = await n.refusalOfTampered();
        check(n8nRefusal, 'the n8n trigger accepted a tampered delivery');
        return { zapierRefusal, n8nRefusal };
      },
      (r) => `Zapier: no record, logged "${r.zapierRefusal}"; n8n: ${r.n8nRefusal}`,
    );

    const upiPayment = (
      events.find(
        (event) =>
          event.type === 'invoice.paid' && (event.data as { invoice: { id: string } }).invoice.id === zapierInvoice.id,
      )!.data as { payment: Payment }
    ).payment;
    const found = await steps.run(
      'Zapier: Find Payment by the UPI reference (UTR) a bank statement shows',
      async () => {
        const utr = upiPayment.upi!.utr;
        const payment = await z.findPayment({ utr: `${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}` });
        check(
          payment?.id === upiPayment.id && payment.invoice_id === zapierInvoice.id,
          `Find Payment by ${utr} found ${payment?.id ?? 'nothing'}`,
        );
        return payment!;
      },
      (p) => `UTR ${p.upi?.utr} → ${p.id} ${p.amount_formatted} on ${zapierInvoice.number}`,
    );

    const invoices = await steps.run(
      'n8n: Invoice → Get Many (Return All): nothing created twice',
      async () => {
        const listed = await n.listInvoices();
        const ids = new Set(listed.map((invoice) => invoice.id));
        const made = [zapierInvoice, n8nInvoice, ...taxInvoices, ...later.invoices];
        check(
          listed.length === made.length && made.every((invoice) => ids.has(invoice.id)),
          `expected exactly the ${made.length} invoices created, found ${listed.length}: ` +
            listed.map((i) => i.number).join(', '),
        );
        return listed;
      },
      (listed) => `${listed.length} invoices: ${listed.map((i) => `${i.number} (${i.status})`).join(', ')}`,
    );

    const remaining = await steps.run(
      `Clean up: Zapier performUnsubscribe × ${zapierHooks.length}, n8n workflow deactivated`,
      async () => {
        const deleted = await z.unsubscribeAll();
        check(deleted === zapierHooks.length, `Zapier deleted ${deleted} of ${zapierHooks.length} webhooks`);
        await n.deactivateTrigger();
        const { data } = await call<{ data: unknown[] }>((c) => operations.listWebhooks.request(c, { limit: 100 }));
        check(data.length === 0, `${data.length} webhooks remain`);
        return data.length;
      },
      (count) => `${count} webhooks remain`,
    );

    check(
      traffic.zapier.rateLimited === z.throttledRetries,
      `Zapier got ${traffic.zapier.rateLimited} 429s but retried ${z.throttledRetries} steps`,
    );
    const result: DemoResult = {
      faults,
      label,
      client: upserted,
      createdClient: synced.created,
      invoices: { zapier: zapierInvoice, n8n: n8nInvoice },
      taxInvoices,
      listed: invoices,
      webhooks: { zapier: zapierHooks.length, n8n: 1, remaining },
      events,
      receipts: { zapier: zapierReceipts, n8n: n8nReceipts },
      reconciliation: { newClient: newClient.id, transfer, found },
      traffic: { zapier: traffic.zapier, n8n: traffic.n8n },
      timings: steps.timings,
      totalMs: Math.round(performance.now() - started),
    };
    printSummary(result, print);
    return 0;
  } catch (error) {
    print(`\nDemo FAILED: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    traffic.stop();
    await zapier?.close();
    await n8n?.close();
    await sandbox?.stop();
  }
}

// A hung step must not hang `npm run demo` (or CI): stop with a clear message instead.
const watchdog = setTimeout(() => {
  process.stdout.write('\nDemo FAILED: still running after 120 s; stopping.\n');
  process.exit(1);
}, 120_000);
watchdog.unref();

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stdout.write(`\nDemo FAILED: ${(error as Error)?.message ?? error}\n`);
    process.exitCode = 1;
  },
);
