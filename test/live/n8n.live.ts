/**
 * The n8n half of the live suite: our packed package in a real n8n server (the version
 * install-n8n.mjs installed for this run), driven through its REST API, its CLI and production webhook URLs, against a sandbox.
 * Each step is one test; the counts go into one table printed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { operations } from '../../shared';
import type { Sandbox } from '../../sandbox';
import { installPackageWithNpm, N8nServer } from './n8n-server';
import { liveArtefacts, sandboxCredential, startN8nWithPackage } from './single';
import { eventually, pause, progress } from './processes';
import {
  activeSubscriptions,
  attackDeliveries,
  happen,
  liveSandbox,
  newInvoice,
  post,
  redeliver,
  sandboxApi,
  sandboxKey,
  signedDelivery,
  subscriptionSecret,
} from './sandbox';
import { Counts } from './table';
import {
  CREDENTIAL,
  PACKAGE,
  POLLING_TRIGGER,
  TRIGGER,
  manualWorkflow,
  pollingWorkflow,
  settledExecutions,
  triggerWorkflow,
} from './workflows';

const { install, tarball } = liveArtefacts();

/** How long a delivery may take to become an execution, and how long to wait for one that must not come. */
const DELIVERY_SECONDS = 30;
const QUIET_MS = 3000;
/** The events issue 16 added to the webhook trigger, and what the Polling Trigger is set to. */
const NEW_EVENTS = ['invoice.created', 'client.created', 'client.updated'];
const POLLED_EVENTS = ['client.created', 'invoice.created', 'invoice.viewed'];

const counts = new Counts();
const work = mkdtempSync(path.join(tmpdir(), 'invoicing-live-n8n-'));
let sandbox: Sandbox;
let n8n: N8nServer;
let credential: { id: string; name: string };

const api = (build: Parameters<typeof sandboxApi>[1]) => sandboxApi(sandbox, build);

/** Upsert Client → Create Invoice with two line items, as a user builds it to bill a client. */
function actionWorkflow(name: string, email: string, saved = credential) {
  return manualWorkflow(name, saved, {
    'Upsert Client': {
      resource: 'client',
      operation: 'upsert',
      email,
      additionalFields: { name: 'Ana Sharma', phone: '+919812345678' },
    },
    'Create Invoice': {
      resource: 'invoice',
      operation: 'create',
      client_email: '={{ $json.email }}',
      currency: 'INR',
      itemsInput: 'fields',
      items: {
        item: [
          { description: 'Website design', amount: '1,500.00' },
          { description: 'Hosting, May', amount: '250' },
        ],
      },
    },
  });
}

/**
 * Runs the workflow with n8n's CLI (which fails unless the execution succeeded) and returns the invoices
 * the sandbox then holds for `email`: read there, since n8n exits before a long stdout has drained into
 * a pipe, so what the CLI prints arrives cut.
 */
async function executeForInvoices(server: N8nServer, workflowId: string, email: string): Promise<any[]> {
  await server.cli(['execute', `--id=${workflowId}`]);
  return (await api((c) => operations.listInvoices.request(c, { client_email: email }))).data;
}

beforeAll(async () => {
  sandbox = await liveSandbox();
  n8n = await startN8nWithPackage(install, tarball, path.join(work, 'instance-a'));
}, 300_000);

afterAll(async () => {
  await n8n?.stop();
  await sandbox?.close();
  counts.print(`n8n ${install.version}, single process: counts seen in the server`);
  if (process.env.LIVE_KEEP) progress(`kept the n8n user folders in ${work}`);
  else rmSync(work, { recursive: true, force: true });
}, 120_000);

test('n8n loads the package as its installer puts it', () => {
  expect(n8n.output()).toMatch(new RegExp(`Loaded all credentials and nodes from ${PACKAGE}`));
});

describe('credential test, in our words', () => {
  const check = (apiKey: string, baseUrl = sandbox.baseUrl) =>
    n8n.testCredential(credential, CREDENTIAL, { apiKey, baseUrl });
  /** One table row per answer: whether the editor showed our words (n8n 1.x once showed its own). */
  const shown = (what: string, result: { status: string; message: string }, words: RegExp) =>
    counts.record(
      'single',
      `credential test, ${what}: our words`,
      1,
      result.status === 'Error' && words.test(result.message) ? 1 : 0,
    );

  beforeAll(async () => {
    credential = await sandboxCredential(n8n, sandbox);
  });

  test('a good test key passes', async () => {
    const result = await check(sandboxKey(sandbox));
    counts.record('single', 'credential test, a good test key: passes', 1, result.status === 'OK' ? 1 : 0);
    expect(result).toEqual(expect.objectContaining({ status: 'OK' }));
  });
  test('an unknown key says the key was not accepted and what to do', async () => {
    const result = await check('ik_test_unknown-key');
    shown('an unknown key', result, /did not accept the API key/);
    expect(result.status).toBe('Error');
    expect(result.message).toMatch(/did not accept the API key \(HTTP 401\)\. The key may be mistyped/);
  });
  test('a live key says the sandbox takes test keys only', async () => {
    const result = await check(`ik_live_${'x'.repeat(24)}`);
    shown('a live key on the sandbox', result, /test keys only/);
    expect(result.status).toBe('Error');
    expect(result.message).toMatch(/\(HTTP 403\)\. If this is a live key .* accepts test keys only/);
  });
  test('a base URL with a path the service does not have says how to give it', async () => {
    const result = await check(sandboxKey(sandbox), `${sandbox.baseUrl}/api`);
    shown('a base URL with a path', result, /does not lead to the Invoicing API/);
    expect(result.status).toBe('Error');
    expect(result.message).toMatch(/\(HTTP 404\)\. The base URL does not lead to the Invoicing API/);
  });
  test('a base URL that leads to another server (this n8n) is not taken for the API', async () => {
    const result = await check(sandboxKey(sandbox), n8n.url);
    shown('a base URL of another server', result, /not as the Invoicing API/);
    expect(result.status).toBe('Error');
    expect(result.message).toMatch(/The base URL answered, but not as the Invoicing API/);
  });
});

test('a manual workflow upserts a client and creates an invoice with line items', async () => {
  const workflow = await n8n.createWorkflow(actionWorkflow('Create an invoice', 'ana.live@example.com'));
  const began = Date.now();
  const invoices = await executeForInvoices(n8n, workflow.id, 'ana.live@example.com');
  progress('n8n execute: client upserted, invoice created', began);
  counts.record('single', 'invoices from one manual run', 1, invoices.length);
  expect(invoices).toHaveLength(1);
  expect(invoices[0].items ?? invoices[0].line_items).toHaveLength(2);
  expect(invoices[0].amount_due).toBe(175000);
});

describe('trigger workflow on all three events', () => {
  let workflowId: string;
  let url: string;
  let invoiceId: string;
  const eventIds: Record<string, string> = {};

  const executions = async () => (await n8n.executions(workflowId)).length;
  const settledCount = (expected: number) =>
    settledExecutions(n8n, workflowId, sandbox, expected, { seconds: DELIVERY_SECONDS, quietMs: QUIET_MS });

  test('activation registers exactly one webhook', async () => {
    workflowId = (await n8n.createWorkflow(triggerWorkflow('On invoice events', credential))).id;
    await n8n.activate(workflowId);
    // n8n answers the activation before its webhook registration is done.
    const subscriptions = await eventually('a subscription after activation', 30, async () =>
      activeSubscriptions(sandbox).length ? activeSubscriptions(sandbox) : undefined,
    ).catch(() => []);
    await pause(QUIET_MS);
    counts.record('single', 'webhooks after activation', 1, activeSubscriptions(sandbox).length);
    expect(subscriptions).toHaveLength(1);
    url = subscriptions[0].url;
    expect(url).toMatch(new RegExp(`^${n8n.url}/webhook/`));
  });

  test.each([
    ['invoice.viewed', 'view_channel'],
    ['invoice.paid', 'upi_utr'],
    ['invoice.disputed', 'dispute_reason'],
  ])('%s gives exactly one execution carrying its fields', async (type, field) => {
    if (!invoiceId) invoiceId = await newInvoice(sandbox, 'ravi.live@example.com');
    const before = await executions();
    const event = await happen(sandbox, invoiceId, type);
    eventIds[type] = event.id;
    const after = await settledCount(before + 1);
    counts.record('single', `executions for ${type}`, 1, after - before);
    expect(after - before).toBe(1);
    const [newest] = await n8n.executions(workflowId);
    const [record] = await n8n.executionOutput(newest.id, TRIGGER);
    expect(record).toEqual(
      expect.objectContaining({
        event_type: type,
        event_id: event.id,
        invoice_id: invoiceId,
        [field]: expect.anything(),
      }),
    );
    if (type === 'invoice.paid') {
      expect(record).toEqual(
        expect.objectContaining({
          upi_vpa: expect.stringContaining('@'),
          amount_paid: 30000,
          amount_remaining: 60000,
          fully_paid: false,
        }),
      );
    }
  });

  test("the service's redelivery of an event starts nothing", async () => {
    const before = await executions();
    await redeliver(sandbox, eventIds['invoice.paid']);
    const after = await settledCount(before);
    counts.record('single', 'executions for a redelivery', 0, after - before);
    expect(after - before).toBe(0);
  });

  test('one signed request posted twice, and two copies at once, start one execution each', async () => {
    const secret = subscriptionSecret(sandbox, activeSubscriptions(sandbox, url)[0].id);
    const paid = JSON.parse(sandbox.data.events.getText(eventIds['invoice.paid'])!);
    const fresh = (suffix: string) => ({ ...paid, id: `${paid.id}${suffix}` });
    const before = await executions();
    const once = fresh('r1');
    const replayed = signedDelivery(secret, once.id, JSON.stringify(once));
    expect(await post(url, replayed)).toBe(200);
    expect(await post(url, replayed)).toBe(200);
    const afterReplay = await settledCount(before + 1);
    counts.record('single', 'executions for one request posted twice', 1, afterReplay - before);
    const twin = fresh('r2');
    const copy = signedDelivery(secret, twin.id, JSON.stringify(twin));
    const statuses = await Promise.all([post(url, copy), post(url, copy)]);
    expect(statuses).toEqual([200, 200]);
    const afterTwins = await settledCount(afterReplay + 1);
    counts.record('single', 'executions for two copies at once', 1, afterTwins - afterReplay);
    expect(afterReplay - before).toBe(1);
    expect(afterTwins - afterReplay).toBe(1);
  });

  test('tampered, stale, unsigned and wrongly signed deliveries get 401 and start nothing', async () => {
    const secret = subscriptionSecret(sandbox, activeSubscriptions(sandbox, url)[0].id);
    const attacks = attackDeliveries(secret, sandbox.data.events.getText(eventIds['invoice.viewed'])!);
    const before = await executions();
    for (const [name, delivery] of Object.entries(attacks)) {
      const status = await post(url, delivery);
      counts.record(
        'single',
        `HTTP 401 for ${name === 'unsigned' ? 'an' : 'a'} ${name} delivery`,
        1,
        status === 401 ? 1 : 0,
      );
      expect({ name, status }).toEqual({ name, status: 401 });
    }
    const after = await settledCount(before);
    counts.record('single', 'executions for the 4 attacks', 0, after - before);
    expect(after - before).toBe(0);
  });

  test('a restart of n8n keeps one subscription, and deliveries and repeats still behave', async () => {
    const [before] = activeSubscriptions(sandbox);
    await n8n.restart();
    const after = activeSubscriptions(sandbox);
    counts.record('single', 'webhooks after a restart', 1, after.length);
    expect(after.map((s) => s.id)).toEqual([before.id]);
    const executionsBefore = await executions();
    await redeliver(sandbox, eventIds['invoice.viewed']);
    const afterRepeat = await settledCount(executionsBefore);
    counts.record('single', 'executions for a redelivery after restart', 0, afterRepeat - executionsBefore);
    await api((c) => operations.simulatePayment.request(c, { invoice_id: invoiceId, amount: 10000 }));
    const afterNew = await settledCount(afterRepeat + 1);
    counts.record('single', 'executions for a new event after restart', 1, afterNew - afterRepeat);
    expect(afterRepeat - executionsBefore).toBe(0);
    expect(afterNew - afterRepeat).toBe(1);
  });

  test('deactivation leaves no webhook', async () => {
    await n8n.deactivate(workflowId);
    await eventually('no subscription after deactivation', 30, async () =>
      activeSubscriptions(sandbox).length ? undefined : true,
    ).catch(() => undefined);
    const left = activeSubscriptions(sandbox).length;
    counts.record('single', 'webhooks after deactivation', 0, left);
    expect(left).toBe(0);
  });
});

describe('trigger workflow on invoice.created, client.created and client.updated', () => {
  let workflowId: string;
  const eventIds: Record<string, string> = {};
  const executions = async () => (await n8n.executions(workflowId)).length;
  const settledCount = (expected: number) =>
    settledExecutions(n8n, workflowId, sandbox, expected, { seconds: DELIVERY_SECONDS, quietMs: QUIET_MS });
  const email = 'meera.live@example.com';
  let clientId = '';

  beforeAll(async () => {
    workflowId = (
      await n8n.createWorkflow(triggerWorkflow('On new invoices and client changes', credential, NEW_EVENTS))
    ).id;
    await n8n.activate(workflowId);
    await eventually('a subscription after activation', 30, async () =>
      activeSubscriptions(sandbox).length ? true : undefined,
    );
  });

  afterAll(async () => {
    await n8n.deactivate(workflowId);
    await eventually('no subscription after deactivation', 30, async () =>
      activeSubscriptions(sandbox).length ? undefined : true,
    ).catch(() => undefined);
  });

  test.each([
    ['client.created', () => api((c) => operations.createClient.request(c, { email, name: 'Meera Iyer' }))],
    [
      'client.updated',
      () =>
        api((c) =>
          operations.updateClient.request(c, { client_id: clientId, name: 'Meera Iyer-Rao', company: 'Rao Studio' }),
        ),
    ],
    [
      'invoice.created',
      () =>
        api((c) =>
          operations.createInvoice.request(c, {
            client_email: email,
            currency: 'INR',
            items: [{ description: 'Logo', amount: 45000 }],
          }),
        ),
    ],
  ] as const)('%s gives exactly one execution carrying its fields', async (type, act) => {
    const before = await executions();
    const made = await act();
    if (type === 'client.created') clientId = made.id;
    const after = await settledCount(before + 1);
    counts.record('single', `executions for ${type}`, 1, after - before);
    expect(after - before).toBe(1);
    const [newest] = await n8n.executions(workflowId);
    const [record] = await n8n.executionOutput(newest.id, TRIGGER);
    eventIds[type] = String(record.event_id);
    expect(record).toEqual(expect.objectContaining({ event_type: type }));
    if (type === 'invoice.created')
      expect(record).toEqual(expect.objectContaining({ invoice_id: made.id, amount_due: 45000 }));
    if (type === 'client.created')
      expect(record).toEqual(
        expect.objectContaining({ client_id: clientId, client_email: email, client_name: 'Meera Iyer' }),
      );
    if (type === 'client.updated') {
      expect(record).toEqual(
        expect.objectContaining({
          client_id: clientId,
          client_name: 'Meera Iyer-Rao',
          client_company: 'Rao Studio',
          previous_name: 'Meera Iyer',
        }),
      );
      expect(String(record.changed_fields).split(', ').sort()).toEqual(['company', 'name']);
    }
  });

  test("the service's redelivery of a client.updated starts nothing", async () => {
    const before = await executions();
    await redeliver(sandbox, eventIds['client.updated']);
    const after = await settledCount(before);
    counts.record('single', 'executions for a client.updated redelivery', 0, after - before);
    expect(after - before).toBe(0);
  });
});

describe('Polling Trigger in the server, on its every-minute schedule', () => {
  const name = 'Poll for invoice and client events';
  let workflowId: string;
  let handedOn = 0;
  /** n8n logs each poll it starts (activation's and the schedule's) at debug level ("Polling trigger" in 1.x). */
  const pollLine = new RegExp(`Poll(?:ing)? trigger initiated for workflow "${name}"`, 'g');
  const polls = () => n8n.output().match(pollLine)?.length ?? 0;
  const executions = async () => (await n8n.executions(workflowId)).length;
  /** Event ids the service listed, oldest first: the order the service recorded them in. */
  const newestEventIds = async (limit: number) =>
    (await api((c) => operations.listEvents.request(c, { limit }))).data
      .map((event: { id: string }) => event.id)
      .reverse();
  const itemsOfNewest = async () =>
    (await n8n.executionOutput((await n8n.executions(workflowId))[0].id, POLLING_TRIGGER)).map(
      (record) => record.event_id,
    );
  /** Waits (at most 75 s) for the schedule's next poll to finish; n8n fires it on the minute. */
  const nextScheduledPoll = async () => {
    const seen = polls();
    const began = Date.now();
    await eventually('the next scheduled poll', 75, async () => (polls() > seen ? true : undefined), 500);
    await sandbox.settled();
    await pause(QUIET_MS);
    progress('n8n ran a scheduled poll', began);
  };
  const burst = async (views: number) => {
    const invoiceId = await newInvoice(sandbox, `poll${Date.now()}@example.com`);
    for (let i = 0; i < views; i += 1) await happen(sandbox, invoiceId, 'invoice.viewed');
    return await newestEventIds(views + 2);
  };

  test('activation marks where the service stands and hands on no history', async () => {
    workflowId = (await n8n.createWorkflow(pollingWorkflow(name, credential, POLLED_EVENTS))).id;
    await n8n.activate(workflowId);
    await pause(QUIET_MS);
    counts.record('polling', 'executions from the first poll (history)', 0, await executions());
    expect(await executions()).toBe(0);
    await n8n.deactivate(workflowId);
  });

  test('50 events while inactive: one execution on activation, each event once, in service order', async () => {
    const expected = await burst(48);
    expect(expected).toHaveLength(50);
    await n8n.activate(workflowId);
    const after = await settledExecutions(n8n, workflowId, sandbox, 1, {
      seconds: DELIVERY_SECONDS,
      quietMs: QUIET_MS,
    });
    counts.record('polling', 'executions for a 50-event backlog', 1, after);
    expect(after).toBe(1);
    const items = await itemsOfNewest();
    handedOn = items.length;
    counts.record('polling', 'items handed on for 50 events', 50, items.length);
    counts.record('polling', 'distinct events among them', 50, new Set(items).size);
    counts.record('polling', 'items in service order', 50, items.filter((id, i) => id === expected[i]).length);
    expect(items).toEqual(expected);
  });

  test('the next scheduled poll hands on nothing', async () => {
    await nextScheduledPoll();
    const after = await executions();
    counts.record('polling', 'executions from the next poll', 0, after - 1);
    expect(after).toBe(1);
  });

  test('the cursor survives a restart: events made while n8n was down come once, none repeat, and the schedule goes on', async () => {
    await n8n.stop();
    const whileDown = await burst(3);
    await n8n.start();
    await n8n.login();
    // n8n polls each active poller once as it activates it on start-up.
    const afterRestart = await settledExecutions(n8n, workflowId, sandbox, 2, {
      seconds: DELIVERY_SECONDS,
      quietMs: QUIET_MS,
    });
    counts.record('polling', 'executions on restart for 5 events made while down', 1, afterRestart - 1);
    const caughtUp = afterRestart > 1 ? await itemsOfNewest() : [];
    counts.record('polling', 'items on restart (5 made while down, 0 repeats)', 5, caughtUp.length);
    counts.record('polling', 'of them in service order', 5, caughtUp.filter((id, i) => id === whileDown[i]).length);
    const afterward = await burst(1);
    await nextScheduledPoll();
    const afterNew = await settledExecutions(n8n, workflowId, sandbox, afterRestart + 1, { seconds: 5, quietMs: 0 });
    counts.record('polling', 'executions for 3 new events after restart', 1, afterNew - afterRestart);
    const items = afterNew > afterRestart ? await itemsOfNewest() : [];
    counts.record('polling', 'items for them, in order', 3, items.filter((id, i) => id === afterward[i]).length);
    handedOn += caughtUp.length + items.length;
    counts.record('polling', 'events handed on in all (58 made)', 58, handedOn);
    expect(afterRestart).toBe(2);
    expect(caughtUp).toEqual(whileDown);
    expect(afterNew - afterRestart).toBe(1);
    expect(items).toEqual(afterward);
    await n8n.deactivate(workflowId);
  });
});

describe('two n8n instances, one account', () => {
  let second: N8nServer | undefined;
  afterAll(async () => {
    await second?.stop();
  }, 60_000);

  test('the same workflow in a second n8n (its own database, so execution 1 again) creates its own invoice', async () => {
    // One server at a time on two cores; the first is done.
    await n8n.stop();
    second = await N8nServer.create(install, path.join(work, 'instance-b'));
    // This one gets the package the READMEs' manual way, so that way is seen working too.
    await installPackageWithNpm(second.userFolder, tarball);
    await second.start();
    expect(second.output()).toMatch(new RegExp(`Loaded all credentials and nodes from ${PACKAGE}`));
    await second.setUpOwner();
    const saved = await sandboxCredential(second, sandbox);
    // The same workflow, node ids and all, as a template import or a copy from dev to prod brings it.
    const workflow = await second.createWorkflow(actionWorkflow('Create an invoice', 'ana.live@example.com', saved));
    const invoices = await executeForInvoices(second, workflow.id, 'ana.live@example.com');
    counts.record('two instances', 'invoices after a run in each', 2, invoices.length);
    expect(new Set(invoices.map((invoice) => invoice.id)).size).toBe(2);
  });
});
