/**
 * Suite 7, secrets. Both connectors do a working day against the sandbox (connect, sync a client,
 * invoice, subscribe, receive real signed events and forged ones, list, unsubscribe) and meet a service
 * that echoes the API key and a webhook secret back in its errors. Everything they log (Zapier's log
 * lines after core's own scrubbing, console, stdout, stderr), throw or output (results, errors, n8n's
 * execution data, the n8n trigger's HTTP answers, started workflow data) goes through the scanner, which
 * knows the API key and every webhook secret minted. Suites 1 and 2 scan their own runs the same way.
 */
import type { IDataObject } from 'n8n-workflow';

import { EVENT_CATALOGUE, EVENT_TYPES, operations, signWebhook, type EventType } from '../../shared';
import { fetchSend, startReceiver, startSandbox, type Receiver, type Sandbox } from '../../sandbox';
import { TriggerHost, buildPackage, loadPackage, runNode, type LoadedPackage } from '../n8n/harness';
import { startFaultServer } from './support/faultServer';
import { writeResult } from './support/results';
import { SecretScanner } from './support/secrets';
import { App, zapierHookRequest, zapierRuntime } from './support/zapier';
import { zapierAuth } from '../zapier/connection';

const scanner = new SecretScanner();
/** Fed what the platforms keep as storage (subscribeData, static data): it must find the secrets there. */
const control = new SecretScanner();
const zapier = zapierRuntime(scanner);
const started = Date.now();

let sandbox: Sandbox;
let receiver: Receiver;
let echo: Awaited<ReturnType<typeof startFaultServer>>;
let pkg: LoadedPackage;
let cleanup: () => void;
let host: TriggerHost;
let restoreOutput: () => void;
const secretsMinted: string[] = [];

const TRIGGERS = Object.fromEntries(
  EVENT_TYPES.map((type) => [type, App.triggers[EVENT_CATALOGUE[type].key]]),
) as Record<EventType, (typeof App.triggers)['invoice_paid']>;

beforeAll(async () => {
  restoreOutput = scanner.captureOutput();
  sandbox = await startSandbox({ port: 0, rateLimitPerSecond: 10_000, timeScale: 0.001 });
  scanner.secret(sandbox.testKey, 'API key');
  control.secret(sandbox.testKey, 'API key');
  receiver = await startReceiver();
  // A service (or proxy) that repeats the request's credentials back in its error bodies. (It never
  // receives a webhook secret, so it cannot echo one.)
  echo = await startFaultServer((call) => {
    const auth = String(call.headers.authorization ?? '');
    const replies = [
      {
        status: 401,
        body: JSON.stringify({ error: { message: `Invalid credentials: ${auth}`, code: 'invalid_api_key' } }),
      },
      { status: 500, body: `Traceback: request with ${auth} failed` },
      {
        status: 422,
        body: JSON.stringify({
          code: 'validation_failed',
          detail: `Key ${auth.slice(7)} rejected`,
          errors: [{ param: 'client_email', message: `not allowed for ${auth.slice(7)}` }],
        }),
      },
      { status: 400, body: `<html><title>Bad request from ${auth}</title></html>` },
    ];
    return {
      // By the e-mail echo<N>@… or, for what reads an invoice or payment first, an ID such as inv_echo<N>.
      ...replies[Number(/echo(\d)/.exec(String(call.body?.client_email ?? call.path))?.[1] ?? 0) % replies.length],
      headers: { 'content-type': 'text/plain' },
    };
  });
  const built = buildPackage();
  cleanup = built.cleanup;
  pkg = await loadPackage(built.dir);
  host = new TriggerHost(pkg, {
    node: 'invoicingApiTrigger',
    parameters: { events: ['invoice.viewed', 'invoice.paid', 'invoice.disputed'] },
    credentials: { invoicingApi: { apiKey: sandbox.testKey, baseUrl: sandbox.baseUrl } },
  });
  await host.listen();
});

afterAll(async () => {
  await host?.close();
  await receiver?.close();
  await echo?.close();
  await sandbox?.close();
  cleanup?.();
  restoreOutput?.();
});

/** Issue 40's corrections, each reading what it corrects before it writes: Zapier's create and its input. */
const corrections = (invoiceId: string, paymentId: string) =>
  [
    [
      App.creates.create_credit_note,
      { invoice_id: invoiceId, note_reason: 'post_sale_discount', taxable_amount: '1,000' },
    ],
    [App.creates.record_refund, { payment_id: paymentId, method: 'cash', amount: '500.00' }],
  ] as const;
/** The same two as n8n parameters, the IDs mapped from the item. */
const N8N_CORRECTIONS: IDataObject[] = [
  {
    resource: 'creditNote',
    operation: 'create',
    invoice_id: { __rl: true, mode: 'id', value: '={{ $json.invoice }}' },
    note_reason: 'post_sale_discount',
    taxable_amount: '1,000',
  },
  {
    resource: 'refund',
    operation: 'record',
    payment_id: { __rl: true, mode: 'id', value: '={{ $json.payment }}' },
    method: 'cash',
    amount: '500.00',
  },
];

/** The invoice's first payment, which the refunds are made against. */
async function firstPayment(connection: { apiKey: string; baseUrl: string }, invoiceId: string) {
  const answer = await fetchSend(operations.listPayments.request(connection, { invoice_id: invoiceId }));
  return (answer.body as { data: Array<{ id: string }> }).data[0];
}

const invoiceInput = (email: string) => ({
  client_email: email,
  currency: 'INR',
  items: [{ description: 'Design, June', amount: 1500000 }],
});

test('a working day on Zapier: nothing it logs, throws or outputs carries the key or a webhook secret', async () => {
  const authData = zapierAuth(sandbox.testKey, sandbox.baseUrl);
  const account = await zapier.invoke(App.authentication.test, { authData });
  await zapier.invoke(App.authentication.connectionLabel, { authData, inputData: account.ok ? account.result : {} });
  const subscribeLogs = scanner.watch(`POST ${sandbox.baseUrl}/v1/webhooks`);
  const subscriptions = new Map<EventType, { id: string; secret: string }>();
  for (const [type, trigger] of Object.entries(TRIGGERS) as Array<[EventType, typeof App.triggers.invoice_paid]>) {
    const subscribed = await zapier.invoke<{ id: string; secret: string }>(
      trigger.operation.performSubscribe,
      { authData, targetUrl: receiver.url },
      { storage: true },
    );
    if (!subscribed.ok) throw new Error(subscribed.error.message);
    subscriptions.set(type, subscribed.result);
    secretsMinted.push(subscribed.result.secret);
    scanner.secret(subscribed.result.secret, 'webhook secret (Zapier)');
    control.record('zapier subscribeData', subscribed.result);
  }
  // Core logged each answer to POST /v1/webhooks, secret field included, and censored it.
  expect(subscribeLogs.filter((text) => /secret[\\":]+censored:/.test(text))).toHaveLength(EVENT_TYPES.length);
  const client = await zapier.invoke(App.creates.create_client.operation.perform, {
    authData,
    inputData: { email: 'ana@example.com', name: 'Ana' },
  });
  expect(client.ok).toBe(true);
  const invoice = await zapier.invoke<{ id: string; number: string }>(App.creates.create_invoice.operation.perform, {
    authData,
    inputData: { ...invoiceInput('ana@example.com'), idempotency_key: 'order-1' },
  });
  if (!invoice.ok) throw new Error(invoice.error.message);
  await zapier.invoke(App.searches.find_invoice.operation.perform, {
    authData,
    inputData: { number: invoice.result.number },
  });

  // The three test helpers' events, delivered by the sandbox to Zapier's stand-in, then handed to every trigger.
  const connection = { apiKey: sandbox.testKey, baseUrl: sandbox.baseUrl };
  await fetchSend(operations.simulateView.request(connection, { invoice_id: invoice.result.id, channel: 'whatsapp' }));
  await fetchSend(operations.simulatePayment.request(connection, { invoice_id: invoice.result.id, amount: 500000 }));
  await fetchSend(
    operations.simulateDispute.request(connection, { invoice_id: invoice.result.id, reason: 'amount_incorrect' }),
  );
  const deliveries = await receiver.waitFor(3);
  const paid = await firstPayment(connection, invoice.result.id);
  for (const [create, inputData] of corrections(invoice.result.id, paid.id)) {
    const made = await zapier.invoke(create.operation.perform, { authData, inputData });
    expect({ key: create.key, ok: made.ok }).toEqual({ key: create.key, ok: true });
  }
  let started = 0;
  for (const delivery of deliveries) {
    const genuine = zapierHookRequest(delivery.headers as Record<string, string>, delivery.rawBody);
    const tampered = zapierHookRequest(
      delivery.headers as Record<string, string>,
      delivery.rawBody.replace('"livemode":false', '"livemode":true'),
    );
    const forged = zapierHookRequest(
      signWebhook({
        secret: 'whsec_' + Buffer.from('attacker chosen key!').toString('base64'),
        id: String(delivery.headers['webhook-id']),
        timestamp: Math.floor(Date.now() / 1000),
        body: delivery.rawBody,
      }),
      delivery.rawBody,
    );
    for (const [type, trigger] of Object.entries(TRIGGERS) as Array<[EventType, typeof App.triggers.invoice_paid]>) {
      for (const request of [genuine, genuine, tampered, forged]) {
        const outcome = await zapier.invoke<unknown[]>(trigger.operation.perform, {
          authData,
          subscribeData: subscriptions.get(type),
          ...request,
        });
        if (outcome.ok) started += outcome.result.length;
      }
    }
    await zapier.invoke(Object.values(TRIGGERS)[0].operation.performList, { authData });
  }
  expect(started).toBe(3);

  // A service that echoes credentials back in its errors: 401, 500 text, 422 with field errors, an HTML page.
  for (let index = 0; index < 4; index += 1) {
    const failed = await zapier.invoke(App.creates.create_invoice.operation.perform, {
      authData: zapierAuth(sandbox.testKey, echo.url),
      inputData: invoiceInput(`echo${index}@example.com`),
    });
    expect(failed.ok).toBe(false);
    // Their reads meet the same service: the invoice's or the payment's error, echoing the key.
    for (const [create, inputData] of corrections(`inv_echo${index}`, `pay_echo${index}`)) {
      const refused = await zapier.invoke(create.operation.perform, {
        authData: zapierAuth(sandbox.testKey, echo.url),
        inputData,
      });
      expect(refused.ok).toBe(false);
    }
  }
  await zapier.invoke(App.creates.create_invoice.operation.perform, {
    authData: zapierAuth(sandbox.testKey, 'http://127.0.0.1:9'),
    inputData: invoiceInput('refused@example.com'),
  });
  zapierAuth(sandbox.testKey, sandbox.baseUrl);
  for (const [type, trigger] of Object.entries(TRIGGERS) as Array<[EventType, typeof App.triggers.invoice_paid]>) {
    await zapier.invoke(trigger.operation.performUnsubscribe, { authData, subscribeData: subscriptions.get(type) });
  }
  expect(scanner.summary().byKind).toEqual(
    expect.objectContaining({
      'zapier log': expect.any(Number),
      'zapier output': expect.any(Number),
      'zapier error': expect.any(Number),
    }),
  );
  expect(scanner.leaks).toEqual([]);
});

test('a working day on n8n: nothing it logs, throws, answers or outputs carries the key or a webhook secret', async () => {
  const credentials = { invoicingApi: { apiKey: sandbox.testKey, baseUrl: sandbox.baseUrl } };
  await host.activate();
  const storage = host.staticData['node:Invoicing API Trigger'] as { webhookSecret: string };
  scanner.secret(storage.webhookSecret, 'webhook secret (n8n)');
  secretsMinted.push(storage.webhookSecret);
  control.record('n8n static data', host.staticData);

  const run = async (parameters: IDataObject, baseUrl = sandbox.baseUrl, input?: IDataObject[]) => {
    const result = await runNode(pkg, {
      node: 'invoicingApi',
      parameters,
      input,
      settings: { onError: 'continueRegularOutput' },
      credentials: baseUrl === sandbox.baseUrl ? credentials : { invoicingApi: { apiKey: sandbox.testKey, baseUrl } },
    });
    scanner.record('n8n execution', result.run);
    return result;
  };
  await run({ resource: 'client', operation: 'upsert', email: 'ravi@example.com', additionalFields: { name: 'Ravi' } });
  const created = await run({
    resource: 'invoice',
    operation: 'create',
    client_email: 'ravi@example.com',
    currency: 'INR',
    items: { item: [{ description: 'Hosting', amount: 240000 }] },
  });
  const invoiceId = (created.items[0].json as { id: string }).id;
  await run({ resource: 'invoice', operation: 'getAll', limit: 5 });
  const connection = { apiKey: sandbox.testKey, baseUrl: sandbox.baseUrl };
  await fetchSend(operations.simulatePayment.request(connection, { invoice_id: invoiceId }));
  await sandbox.settled();
  const paid = await firstPayment(connection, invoiceId);
  for (const parameters of N8N_CORRECTIONS) {
    const made = await run(parameters, sandbox.baseUrl, [{ invoice: invoiceId, payment: paid.id }]);
    expect(made.items[0].json).not.toHaveProperty('error');
  }
  expect(host.started).toHaveLength(1);
  scanner.record('n8n workflow data', host.started);

  // Forged, stale and unsigned deliveries: what the trigger answers the sender.
  const [event] = (
    (await fetchSend(operations.listEvents.request(connection, { type: 'invoice.paid', limit: 1 }))).body as {
      data: Array<{ id: string }>;
    }
  ).data;
  const body = JSON.stringify(event);
  const now = Math.floor(Date.now() / 1000);
  for (const headers of [
    {},
    signWebhook({ secret: storage.webhookSecret, id: event.id, timestamp: now - 3600, body }),
    signWebhook({
      secret: 'whsec_' + Buffer.from('attacker chosen key!').toString('base64'),
      id: event.id,
      timestamp: now,
      body,
    }),
  ]) {
    const answer = await fetch(host.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    scanner.record('n8n webhook answer', `${answer.status} ${await answer.text()}`);
  }
  // A service that echoes credentials back: error items (Continue On Fail) and the failed executions.
  await run(
    {
      resource: 'invoice',
      operation: 'create',
      client_email: '={{ $json.email }}',
      currency: 'INR',
      items: { item: [{ description: 'Hosting', amount: 240000 }] },
    },
    echo.url,
    [0, 1, 2, 3].map((index) => ({ email: `echo${index}@example.com` })),
  );
  for (const parameters of N8N_CORRECTIONS) {
    const items = [0, 1, 2, 3].map((index) => ({ invoice: `inv_echo${index}`, payment: `pay_echo${index}` }));
    const refused = await run(parameters, echo.url, items);
    expect(refused.items.map((item) => typeof item.json.error)).toEqual(Array(4).fill('string'));
  }
  const stopped = await runNode(pkg, {
    node: 'invoicingApi',
    parameters: { resource: 'invoice', operation: 'get', invoice_id: 'inv_echo0' },
    credentials: { invoicingApi: { apiKey: sandbox.testKey, baseUrl: echo.url } },
  });
  expect(stopped.error).toBeDefined();
  scanner.record('n8n error', stopped.error);
  scanner.record('n8n execution', stopped.run);
  await host.deactivate();
  expect(scanner.summary().byKind).toEqual(
    expect.objectContaining({ 'n8n execution': expect.any(Number), 'n8n webhook answer': 3, 'n8n workflow data': 1 }),
  );
  expect(scanner.leaks).toEqual([]);
});

test("the scanner does find a secret where one is: the platforms' own subscription storage", () => {
  // performSubscribe's result (Zapier's bundle.subscribeData) and the trigger's static data must keep the
  // secret to verify deliveries; neither is shown to users. Fed to a second scanner, both are caught.
  for (const secret of secretsMinted) control.secret(secret, 'webhook secret');
  const found = new Set(control.leaks.map((leak) => leak.where));
  expect([...found].sort()).toEqual(['n8n static data', 'zapier subscribeData']);
  const zapier = scanner.totals('zapier');
  const n8n = scanner.totals('n8n');
  const streams = scanner.totals('console', 'stdout', 'stderr');
  const row = (platform: 'Zapier' | 'n8n', part: string, totals: typeof zapier) => ({
    platform,
    part,
    tried: totals.artefacts,
    rejected: 0,
    accepted: totals.artefacts - totals.leaks,
    lost: totals.leaks,
    notes: `${(totals.bytes / 1024).toFixed(0)} KiB scanned`,
  });
  writeResult('7-secrets', {
    suite: '7',
    title: 'Secrets',
    durationMs: Date.now() - started,
    rows: [
      row('Zapier', "log lines (after core's scrubbing), results, errors", zapier),
      row('n8n', 'execution data, errors, error items, trigger answers, started workflow data', n8n),
    ],
    scans: [
      { platform: 'Zapier', ...zapier },
      { platform: 'n8n', ...n8n },
      { platform: 'both', ...streams },
    ],
    facts: [
      `Secrets known to the scanner: the API key and ${secretsMinted.length} webhook secrets (each also as its base64 key), ` +
        'plus anything shaped like ik_live_…/ik_test_… or whsec_….',
      `Console, stdout and stderr while this suite ran: ${streams.artefacts} writes, ${streams.leaks} leaks.`,
      "Zapier's own HTTP log keeps the service's answers as sent, after core censors the connection's API key and JSON fields " +
        'named like secrets: the webhook secret in the answer to POST /v1/webhooks is among the scanned log lines and was censored.',
      'Where the secret is kept on purpose: the value performSubscribe returns, which Zapier stores as bundle.subscribeData, and the n8n ' +
        "trigger's workflow static data; both are needed to verify deliveries and neither is shown to users. A second scanner fed " +
        'those two finds the secrets in both, which shows the scan can fail.',
    ],
  });
  expect(zapier.artefacts).toBeGreaterThan(50);
  expect(n8n.artefacts).toBeGreaterThan(5);
  expect({ zapier: zapier.leaks, n8n: n8n.leaks, streams: streams.leaks }).toEqual({ zapier: 0, n8n: 0, streams: 0 });
});
