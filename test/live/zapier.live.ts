/**
 * The Zapier half of the live suite: the zip `zapier-platform build` made, unzipped outside the repo and
 * called through its Lambda `handler` the way Zapier's Lambda calls it (environment variables in
 * `event.environment`, the cache over RPC), against a sandbox that delivers real signed webhooks.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Sandbox } from '../../sandbox';
import { eventually } from './processes';
import { flattenEvent, operations, sampleEventsByType } from '../../shared';
import {
  accountWithClients,
  activeSubscriptions,
  happen,
  liveSandbox,
  sandboxApi,
  sandboxKey,
  signedDelivery,
} from './sandbox';
import { Counts } from './table';
import { startZapierContainer, startZapierRpc, type ZapierContainer, type ZapierRpc } from './zapier-lambda';

const zip = process.env.LIVE_ZAPIER_ZIP;
if (!zip) throw new Error('Run the live suite with npm run test:live (it builds the Zapier zip first).');

const BASE_URL_VARIABLE = 'INVOICING_API_BASE_URL';

const counts = new Counts();
const work = mkdtempSync(path.join(tmpdir(), 'invoicing-live-zapier-'));
let sandbox: Sandbox;
let handler: (event: object) => Promise<any>;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];
let rpc: ZapierRpc;
let container: ZapierContainer | undefined;

/** Stands where Zapier's hook URL would: keeps every signed delivery exactly as it arrived. */
function startReceiver(): Promise<void> {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.end('{"status":"success"}');
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, '127.0.0.1', () => {
      receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
      resolve();
    }),
  );
}

const authData = () => ({ api_key: sandboxKey(sandbox) });

/** What Zapier's Lambda adds to every event: the app's environment variables, its RPC and log endpoints. */
const zapierSide = () => ({
  environment: { [BASE_URL_VARIABLE]: sandbox.baseUrl, LOGGING_ENDPOINT: `${rpc.url}logs` },
  rpc_base: rpc.url,
  token: 'live-suite',
});

/** One call into the shipped zip, as Zapier's Lambda makes it. */
async function call(method: string, bundle: Record<string, unknown> = {}, command = 'execute'): Promise<any> {
  const output = await handler({
    command,
    method,
    bundle: { authData: authData(), inputData: {}, ...bundle },
    ...zapierSide(),
  });
  return output.results;
}

/** A delivery as Zapier hands it to `perform`: the raw body, and headers under an `Http-` prefix. */
function asZapierSees(delivery: { headers: IncomingHttpHeaders | Record<string, string>; body: string }) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(delivery.headers)) {
    headers[
      `Http-${name.replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => dash + letter.toUpperCase())}`
    ] = String(value);
  }
  return {
    rawRequest: { headers, content: delivery.body, method: 'POST', querystring: '' },
    cleanedRequest: JSON.parse(delivery.body),
  };
}

beforeAll(async () => {
  sandbox = await liveSandbox();
  [rpc] = await Promise.all([startZapierRpc(), startReceiver()]);
  execFileSync('unzip', ['-q', zip, '-d', path.join(work, 'app')]);
  // The file Zapier's Lambda loads, in a process of its own and from outside the repository, so nothing
  // resolves from the repo's node_modules and only the app's memory counts.
  container = startZapierContainer(path.join(work, 'app', 'zapierwrapper.js'), work);
  handler = container.handler;
}, 120_000);

afterAll(async () => {
  container?.close();
  await sandbox?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await rpc?.close();
  counts.print("Zapier's built zip through its Lambda handler: counts seen");
  rmSync(work, { recursive: true, force: true });
});

test('the public connection has no Base URL field (it is an environment variable)', async () => {
  const definition = await handler({ command: 'definition', bundle: {} });
  const keys = definition.results.authentication.fields.map((field: { key: string }) => field.key);
  expect(keys).toEqual(['api_key']);
});

test('build/source.zip holds every source file the app is built from, shared/ included', () => {
  const listing = execFileSync('unzip', ['-Z1', path.join(path.dirname(zip), 'source.zip')], {
    encoding: 'utf8',
  }).split('\n');
  const bundled = [
    'zapier/src/index.ts',
    'zapier/build.mjs',
    'zapier/package.json',
    'shared/index.ts',
    'shared/webhooks/signature.ts',
    'scripts/bundle.mjs',
  ];
  expect(bundled.filter((file) => !listing.includes(file))).toEqual([]);
  expect(listing.filter((file) => /node_modules|(^|\/)\.env/.test(file))).toEqual([]);
});

test("the Line Items group's help is shown (on its first field: the schema refuses it on the group)", async () => {
  const definition = await handler({ command: 'definition', bundle: {} });
  const items = definition.results.creates.create_invoice.operation.inputFields.find(
    (field: { key: string }) => field.key === 'items',
  );
  expect(items.children[0].helpText).toMatch(/^One entry per line on the invoice/);
});

test('auth test and connection label', async () => {
  const account = await call('authentication.test');
  expect(account).toEqual(expect.objectContaining({ object: 'account', livemode: false }));
  const label = await call('authentication.connectionLabel', { inputData: account });
  expect(label).toBe(`${account.name} (Test mode)`);
});

let invoiceId = '';
test('every create and search', async () => {
  const client = await call('creates.create_client.operation.perform', {
    inputData: { email: 'zap.live@example.com', name: 'Zap Live' },
  });
  expect(client).toEqual(expect.objectContaining({ email: 'zap.live@example.com' }));
  const updated = await call('creates.update_client.operation.perform', {
    inputData: { client_id: client.id, company: 'Live Co' },
  });
  expect(updated).toEqual(expect.objectContaining({ id: client.id, company: 'Live Co' }));
  const [found] = await call('searches.find_client.operation.perform', {
    inputData: { email: 'zap.live@example.com' },
  });
  expect(found.id).toBe(client.id);
  const invoice = await call('creates.create_invoice.operation.perform', {
    inputData: {
      client_email: client.email,
      currency: 'INR',
      items: [
        { description: 'Design', amount: '1,200.00' },
        { description: 'Hosting', amount: '300' },
      ],
    },
  });
  expect(invoice).toEqual(expect.objectContaining({ amount_due: 150000, currency: 'INR' }));
  invoiceId = invoice.id;
  const [byId] = await call('searches.find_invoice.operation.perform', { inputData: { invoice_id: invoice.id } });
  expect(byId.id).toBe(invoice.id);
});

const SYNC_EMAIL = 'zap.sync@example.com';

/**
 * What a user does in the service that each trigger is about, done through the app where the app can,
 * and the fields the Zap's record must then carry (the first ones also name what it is about).
 */
const happenings: Record<string, () => Promise<Record<string, unknown>>> = {
  'invoice.viewed': async () => (
    await happen(sandbox, invoiceId, 'invoice.viewed'),
    { invoice_id: invoiceId, view_channel: 'whatsapp' }
  ),
  'invoice.paid': async () => (
    await happen(sandbox, invoiceId, 'invoice.paid'),
    {
      invoice_id: invoiceId,
      upi_utr: expect.any(String),
      upi_vpa: expect.any(String),
      amount_paid: 30000,
      amount_remaining: 120000,
    }
  ),
  'invoice.disputed': async () => (
    await happen(sandbox, invoiceId, 'invoice.disputed'),
    { invoice_id: invoiceId, dispute_reason: 'Amount differs from the quote' }
  ),
  'client.created': async () => {
    const client = await call('creates.create_client.operation.perform', {
      inputData: { email: SYNC_EMAIL, name: 'Zap Sync' },
    });
    return { client_id: client.id, client_email: SYNC_EMAIL, client_name: 'Zap Sync' };
  },
  'client.updated': async () => {
    const [client] = await call('searches.find_client.operation.perform', { inputData: { email: SYNC_EMAIL } });
    await call('creates.update_client.operation.perform', {
      inputData: { client_id: client.id, phone: '+919876543210' },
    });
    return { client_id: client.id, changed_fields: 'phone', client_phone: '+919876543210', previous_phone: null };
  },
  'invoice.created': async () => {
    const invoice = await call('creates.create_invoice.operation.perform', {
      inputData: { client_email: SYNC_EMAIL, currency: 'INR', items: [{ description: 'Retainer', amount: '800.00' }] },
    });
    return { invoice_id: invoice.id, client_email: SYNC_EMAIL, amount_due: 80000 };
  },
};

describe.each([
  ['invoice_viewed', 'invoice.viewed'],
  ['invoice_paid', 'invoice.paid'],
  ['invoice_disputed', 'invoice.disputed'],
  ['client_created', 'client.created'],
  ['client_updated', 'client.updated'],
  ['invoice_created', 'invoice.created'],
])('hook trigger %s', (key, type) => {
  let subscribeData: { id: string; secret: string };
  let subject: Record<string, unknown> = {};
  const targetUrl = () => `${receiverUrl}/hooks/${key}`;

  test('subscribe registers one webhook for its event', async () => {
    subscribeData = await call(`triggers.${key}.operation.performSubscribe`, { targetUrl: targetUrl() });
    const mine = activeSubscriptions(sandbox, targetUrl());
    counts.record('zip', `webhooks after subscribing ${key}`, 1, mine.length);
    expect(mine.map((s) => [s.id, s.events])).toEqual([[subscribeData.id, [type]]]);
  });

  test('a real signed delivery starts one Zap, and its repeat none', async () => {
    const already = received.length;
    const fields = await happenings[type]();
    const [about] = Object.entries(fields);
    subject = Object.fromEntries([about]);
    const delivery = await eventually(`the sandbox's delivery of ${type}`, 30, async () =>
      received.slice(already).find((d) => d.path === `/hooks/${key}`),
    );
    const first = await call(`triggers.${key}.operation.perform`, { subscribeData, ...asZapierSees(delivery) });
    const repeat = await call(`triggers.${key}.operation.perform`, { subscribeData, ...asZapierSees(delivery) });
    counts.record('zip', `Zap runs for ${type}`, 1, first.length);
    counts.record('zip', `Zap runs for a repeat of ${type}`, 0, repeat.length);
    expect(first).toEqual([
      expect.objectContaining({ id: delivery.headers['webhook-id'], event_type: type, ...fields }),
    ]);
    expect(repeat).toEqual([]);
  });

  test('performList shows recent real events of its type', async () => {
    const records = await call(`triggers.${key}.operation.performList`);
    expect(records[0]).toEqual(expect.objectContaining({ event_type: type, ...subject }));
  });

  test('unsubscribe leaves no webhook', async () => {
    await call(`triggers.${key}.operation.performUnsubscribe`, { subscribeData });
    const left = activeSubscriptions(sandbox, targetUrl()).length;
    counts.record('zip', `webhooks after unsubscribing ${key}`, 0, left);
    expect(left).toBe(0);
  });
});

describe('Record Payment and Find Payment', () => {
  const payments = async () =>
    (await sandboxApi(sandbox, (c) => operations.listPayments.request(c, { invoice_id: invoiceId, limit: 100 }))).data;

  test('Record Payment records one bank transfer on the invoice', async () => {
    const before = (await payments()).length;
    const payment = await call('creates.record_payment.operation.perform', {
      inputData: { invoice_id: invoiceId, method: 'bank_transfer', amount: '200.00', reference: 'NEFT-LIVE-000417' },
    });
    const after = await payments();
    counts.record('zip', 'payments after one Record Payment', before + 1, after.length);
    expect(payment).toEqual(
      expect.objectContaining({
        invoice_id: invoiceId,
        method: 'bank_transfer',
        amount: 20000,
        reference: 'NEFT-LIVE-000417',
      }),
    );
    expect(after.length).toBe(before + 1);
  });

  test('Find Payment finds it by its reference, and a simulated UPI payment by its UTR', async () => {
    const [byReference] = await call('searches.find_payment.operation.perform', {
      inputData: { reference: 'NEFT-LIVE-000417' },
    });
    const event = await sandboxApi(sandbox, (c) =>
      operations.simulatePayment.request(c, { invoice_id: invoiceId, amount: 10000 }),
    );
    const utr = String((flattenEvent(event) as unknown as Record<string, unknown>).upi_utr);
    const byUtr = await call('searches.find_payment.operation.perform', { inputData: { utr } });
    const none = await call('searches.find_payment.operation.perform', {
      inputData: { reference: 'NEFT-NOT-RECORDED' },
    });
    counts.record('zip', 'payments found by the bank reference', 1, byReference ? 1 : 0);
    counts.record('zip', 'payments found by the UPI UTR', 1, byUtr.length);
    counts.record('zip', 'payments found for an unknown reference', 0, none.length);
    expect(byReference).toEqual(expect.objectContaining({ method: 'bank_transfer', reference: 'NEFT-LIVE-000417' }));
    expect(utr).toMatch(/^\d{12}$/);
    expect(byUtr).toEqual([expect.objectContaining({ method: 'upi', upi: expect.objectContaining({ utr }) })]);
    expect(none).toEqual([]);
  });
});

describe('dynamic dropdowns (perform-based choices, paged by the service cursor)', () => {
  const CLIENTS = 10_000;
  let manyKey = '';
  let owed: { id: string; number: string };
  let paid: { id: string };

  /** The handler's method path of a field's `choices.perform`, found in the definition Zapier reads. */
  async function choices(action: string, key: string, bundle: Record<string, unknown> = {}) {
    const definition = await handler({ command: 'definition', bundle: {} });
    const index = definition.results.creates[action].operation.inputFields.findIndex(
      (field: { key: string }) => field.key === key,
    );
    return await call(`creates.${action}.operation.inputFields.${index}.choices.perform`, { meta: {}, ...bundle });
  }

  beforeAll(async () => {
    manyKey = await accountWithClients(sandbox, CLIENTS);
    owed = await sandboxApi(sandbox, (c) =>
      operations.createInvoice.request(c, {
        client_email: 'zap.owed@example.com',
        currency: 'INR',
        items: [{ description: 'Design', amount: 150000 }],
      }),
    );
    paid = await sandboxApi(sandbox, (c) =>
      operations.createInvoice.request(c, {
        client_email: 'zap.paid@example.com',
        currency: 'INR',
        items: [{ description: 'Audit', amount: 50000 }],
      }),
    );
    await sandboxApi(sandbox, (c) =>
      operations.recordPayment.request(c, { invoice_id: paid.id, method: 'cash', amount: 50000 }),
    );
  }, 300_000);

  test(`Update Client's client: the first page, then the next by its paging token, through ${CLIENTS.toLocaleString('en')} clients`, async () => {
    const authData = { api_key: manyKey };
    const first = await choices('update_client', 'client_id', { authData });
    const second = await choices('update_client', 'client_id', {
      authData,
      meta: { paging_token: first.paging_token },
    });
    expect(first.results).toHaveLength(100);
    expect(first.results[0]).toEqual({
      id: expect.stringMatching(/^cli_/),
      label: `Client ${CLIENTS} · client${CLIENTS}@example.com`,
    });
    expect(first.paging_token).toBe(first.results[99].id);
    expect(second.results[0].label).toBe(`Client 0${CLIENTS - 100} · client0${CLIENTS - 100}@example.com`);
    const seen = new Set([...first.results, ...second.results].map((choice: { id: string }) => choice.id));
    let token = second.paging_token;
    let pages = 2;
    while (token) {
      const page = await choices('update_client', 'client_id', { authData, meta: { paging_token: token } });
      for (const choice of page.results) seen.add(choice.id);
      token = page.paging_token;
      pages += 1;
    }
    counts.record('zip', `dropdown pages for ${CLIENTS} clients`, CLIENTS / 100, pages);
    counts.record('zip', `distinct clients in the dropdown (of ${CLIENTS})`, CLIENTS, seen.size);
    expect(pages).toBe(CLIENTS / 100);
    expect(seen.size).toBe(CLIENTS);
  });

  test("Record Payment's invoice: only invoices that still owe money", async () => {
    const { results } = await choices('record_payment', 'invoice_id');
    const ids = results.map((choice: { id: string }) => choice.id);
    counts.record(
      'zip',
      'paid invoices offered to Record Payment',
      0,
      ids.filter((id: string) => id === paid.id).length,
    );
    counts.record(
      'zip',
      'owed invoices offered to Record Payment',
      1,
      ids.filter((id: string) => id === owed.id).length,
    );
    expect(ids).toContain(owed.id);
    expect(ids).not.toContain(paid.id);
    expect(results.find((choice: { id: string }) => choice.id === owed.id).label).toBe(
      `${owed.number} · zap.owed@example.com · ₹1,500.00 due · open`,
    );
    expect(results.every((choice: { label: string }) => / due · /.test(choice.label))).toBe(true);
  });

  test('a step with a picked invoice and one with a mapped invoice ID both record the payment', async () => {
    const picked = (await choices('record_payment', 'invoice_id')).results.find(
      (choice: { id: string }) => choice.id === owed.id,
    );
    const byPick = await call('creates.record_payment.operation.perform', {
      inputData: { invoice_id: picked.id, method: 'cash', amount: '100.00' },
    });
    const [found] = await call('searches.find_invoice.operation.perform', { inputData: { number: owed.number } });
    const byMap = await call('creates.record_payment.operation.perform', {
      inputData: { invoice_id: found.id, method: 'cash', amount: '100' },
    });
    const recorded = (
      await sandboxApi(sandbox, (c) => operations.listPayments.request(c, { invoice_id: owed.id, limit: 100 }))
    ).data;
    counts.record('zip', 'payments recorded by a picked and a mapped invoice ID', 2, recorded.length);
    expect([byPick, byMap]).toEqual([
      expect.objectContaining({ invoice_id: owed.id, amount: 10000 }),
      expect.objectContaining({ invoice_id: owed.id, amount: 10000 }),
    ]);
    expect(recorded).toHaveLength(2);
  });

  test('a refused amount sends nothing: no payment, and the message lists the accepted forms', async () => {
    const before = (
      await sandboxApi(sandbox, (c) => operations.listPayments.request(c, { invoice_id: owed.id, limit: 100 }))
    ).data.length;
    const refused = call('creates.record_payment.operation.perform', {
      inputData: { invoice_id: owed.id, method: 'cash', amount: '1.500,00' },
    });
    await expect(refused).rejects.toThrow(
      /Amount could be read more than one way \(you entered 1\.500,00\); enter an amount such as 1500, 1500\.00 or 1,500\.00/,
    );
    const after = (
      await sandboxApi(sandbox, (c) => operations.listPayments.request(c, { invoice_id: owed.id, limit: 100 }))
    ).data.length;
    expect(after).toBe(before);
  });
});

test('a hook called without a subscription logs that, and starts nothing', async () => {
  rpc.clearLogs();
  const event = JSON.stringify(sampleEventsByType['invoice.paid']);
  const delivery = signedDelivery(
    `whsec_${Buffer.from('a secret no subscription has').toString('base64')}`,
    'evt_unsubscribed',
    event,
  );
  const result = await call('triggers.invoice_paid.operation.perform', asZapierSees(delivery));
  await eventually('the log lines', 10, async () => (rpc.logs().includes('subscription') ? true : undefined)).catch(
    () => undefined,
  );
  expect(result).toEqual([]);
  expect(rpc.logs()).not.toMatch(/stored webhook secret is not a valid/);
  expect(rpc.logs()).toMatch(/no subscription/i);
});
