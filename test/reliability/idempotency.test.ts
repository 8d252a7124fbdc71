/**
 * Suite 6, idempotent creates. A proxy in front of the sandbox (test/n8n/support's) lets every first
 * Create Invoice reach the service and then loses its answer with a 504, as a gateway that timed out
 * does. n8n's Retry On Fail re-runs the node through n8n-core's engine with the keys derived per execution,
 * node and item; on Zapier the step fails and is replayed with the same Prevent Duplicates Key, as Zapier's
 * autoreplay of a failed step does. Either way each order must end as exactly one invoice. The same holds for
 * the corrections that take a key (issue 40): a credit note or a refund whose answer was lost, retried, is one
 * credit note or one refund (Create Debit Note takes its key the same way, through the same module as Create Credit
 * Note, noteInputs.ts, so it is not run a second time here).
 */
import { FIELDS, operations, type Connection } from '../../shared';
import App from '../../zapier/src';
import { startProxy, type ProxiedCall } from '../n8n/support';
import { writeResult, type Row } from './support/results';
import { appTester, ok, since, startPlatforms, type Platforms } from './platforms';
import { zapierAuth } from '../zapier/connection';

const ORDERS = 5;
const started = Date.now();
let p: Platforms;
const rows: Row[] = [];

beforeAll(async () => {
  p = await startPlatforms();
});
afterAll(async () => {
  await p?.close();
  if (rows.length === 2 + 2 * CORRECTIONS.length) {
    writeResult('6-idempotency', {
      suite: '6',
      title: 'Idempotent creates after a lost answer',
      rows,
      durationMs: since(started),
      facts: [
        'The first answer to every Create Invoice was replaced by a 504 after the sandbox had created the invoice (the request reached the service; its answer did not reach the platform).',
        'n8n: Retry On Fail (3 tries) re-runs the whole node; each item sends the key derived from execution, node and item, so the re-sent items get their first invoice back (Idempotent-Replayed).',
        "Zapier: the failed step is replayed with the same input, so the same Prevent Duplicates Key; without a key Zapier has nothing to recognise a replay by, so that field is the Zap builder's way to make replays safe.",
        `Create Credit Note and Record Refund the same way, ${ORDERS} each per platform, every first answer to their POST lost: each invoice ends with one credit note, each payment with one refund.`,
      ],
    });
  }
});

const invoicesFor = async (email: string) =>
  ok(await p.s.api((c) => operations.listInvoices.request(c, { client_email: email, limit: 100 }))).data as Array<{
    id: string;
  }>;
const invoicePosts = (calls: ProxiedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/v1/invoices');

/** A proxy that forwards each of the first `lose` POSTs to `writes` and then answers 504 instead of the service. */
async function losingProxy(lose: number, writes: (path: string) => boolean = (path) => path === '/v1/invoices') {
  let lost = 0;
  return await startProxy(p.s.sandbox.baseUrl, {
    answer: ({ method, path }) =>
      method === 'POST' && writes(path) && lost++ < lose
        ? { status: 504, headers: { 'content-type': 'text/plain' }, body: 'Gateway Timeout', after: true }
        : undefined,
  });
}

/** One order per item; every output must be the one invoice stored for its order. */
async function tally(
  platform: Row['platform'],
  emails: string[],
  outputs: Array<{ id?: string }>,
  calls: ProxiedCall[],
): Promise<Row> {
  const stored = await Promise.all(emails.map(invoicesFor));
  const right = emails.filter((_, i) => stored[i].length === 1 && outputs[i]?.id === stored[i][0].id).length;
  const posts = invoicePosts(calls);
  return {
    platform,
    part: 'Create Invoice retried after its answer was lost',
    tried: emails.length,
    rejected: 0,
    accepted: right,
    lost: emails.length - right,
    notes:
      `invoice POSTs: ${posts.length} (${posts.filter((call) => call.status === 504).length} answers lost); ` +
      `distinct keys sent: ${new Set(posts.map((call) => call.headers['idempotency-key'])).size}; ` +
      `invoices stored: ${stored.reduce((sum, list) => sum + list.length, 0)}`,
  };
}

test(`n8n: Retry On Fail with the derived key, ${ORDERS} items whose first answers are all lost, ${ORDERS} invoices`, async () => {
  const emails = Array.from({ length: ORDERS }, (_, i) => `n8n-order-${i}@example.com`);
  const proxy = await losingProxy(ORDERS);
  try {
    const run = await p.s.run(
      {
        resource: 'invoice',
        operation: 'create',
        client_email: '={{ $json.email }}',
        currency: 'INR',
        items: { item: [{ description: 'Retainer', amount: 500000 }] },
      },
      {
        input: emails.map((email) => ({ email })),
        credentials: { invoicingApi: { apiKey: p.s.sandbox.testKey, baseUrl: proxy.url } },
        settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 },
      },
    );
    const posts = invoicePosts(proxy.calls);
    const row = await tally(
      'n8n',
      emails,
      run.items.map((item) => item.json as { id?: string }),
      proxy.calls,
    );
    rows.push(row);
    expect(run.error).toBeUndefined();
    expect(row).toMatchObject({ tried: ORDERS, accepted: ORDERS, lost: 0 });
    expect(posts.map((call) => call.status)).toEqual([...Array(ORDERS).fill(504), ...Array(ORDERS).fill(201)]);
    const keys = posts.map((call) => String(call.headers['idempotency-key']));
    expect(keys.every((key) => /^auto_[^:]+:[^:]+:[^:]+:\d+:\d+$/.test(key))).toBe(true);
    expect(new Set(keys.slice(0, ORDERS)).size).toBe(ORDERS);
    expect([...keys.slice(ORDERS)].sort()).toEqual([...keys.slice(0, ORDERS)].sort());
  } finally {
    await proxy.close();
  }
});

test(`Zapier: a failed step replayed with the same Prevent Duplicates Key, ${ORDERS} orders, ${ORDERS} invoices`, async () => {
  const emails = Array.from({ length: ORDERS }, (_, i) => `zap-order-${i}@example.com`);
  const proxy = await losingProxy(ORDERS);
  try {
    const authData = zapierAuth(p.s.sandbox.testKey, proxy.url);
    const bundles = emails.map((email, i) => ({
      authData,
      inputData: {
        client_email: email,
        currency: 'INR',
        items: [{ description: 'Retainer', amount: '500000' }],
        [FIELDS.invoice.idempotencyKey.key]: `order-${i}-${started}`,
      },
    }));
    const perform = App.creates.create_invoice.operation.perform;
    const first = await Promise.allSettled(bundles.map((bundle) => appTester(perform, bundle)));
    // Each request reached the service: the invoices exist although every step failed.
    expect((await Promise.all(emails.map(invoicesFor))).map((list) => list.length)).toEqual(Array(ORDERS).fill(1));
    // Zapier's autoreplay runs the failed step again with the same input.
    const replays = await Promise.all(bundles.map((bundle) => appTester(perform, bundle)));
    const row = await tally('Zapier', emails, replays, proxy.calls);
    rows.push(row);
    expect(first.map((outcome) => outcome.status)).toEqual(Array(ORDERS).fill('rejected'));
    expect(first.map((outcome) => String((outcome as PromiseRejectedResult).reason?.message))).toEqual(
      Array(ORDERS).fill(expect.stringContaining('504')),
    );
    expect(row).toMatchObject({ tried: ORDERS, accepted: ORDERS, lost: 0 });
    const posts = invoicePosts(proxy.calls);
    expect(posts).toHaveLength(2 * ORDERS);
    for (const bundle of bundles) {
      const key = bundle.inputData[FIELDS.invoice.idempotencyKey.key];
      expect(
        posts
          .filter((call) => call.headers['idempotency-key'] === key)
          .map((call) => call.status)
          .sort(),
      ).toEqual([201, 504]);
    }
  } finally {
    await proxy.close();
  }
});

// ── Issue 40: a credit note and a refund whose answers were lost ─────────────────────────────────────────────────

/** An invoice of ₹1,500.00 paid in full in cash, one per order: what a correction is made against. */
async function paidInvoice(email: string): Promise<{ invoice: string; payment: string }> {
  const invoice = await p.newInvoice(email);
  const request = (c: Connection) =>
    operations.recordPayment.request(c, { invoice_id: invoice.id, method: 'cash', amount: 150000 });
  return { invoice: invoice.id, payment: ok(await p.s.api(request)).id };
}

const byId = (key: string) => ({ __rl: true, mode: 'id', value: `={{ $json.${key} }}` });
type Order = { invoice: string; payment: string };

/** Each correction as both platforms make it (₹500.00 of the ₹1,500.00), and what the service then holds of it. */
const CORRECTIONS = [
  {
    label: 'Create Credit Note',
    writes: (path: string) => path.endsWith('/credit_notes'),
    n8n: { resource: 'creditNote', operation: 'create', invoice_id: byId('invoice') },
    zapier: (order: Order) => ({ invoice_id: order.invoice }),
    given: { note_reason: 'sales_return', taxable_amount: '500.00' },
    perform: App.creates.create_credit_note.operation.perform,
    stored: (order: Order) => (c: Connection) => operations.listCreditNotes.request(c, { invoice_id: order.invoice }),
  },
  {
    label: 'Record Refund',
    writes: (path: string) => path.endsWith('/refunds'),
    n8n: { resource: 'refund', operation: 'record', payment_id: byId('payment') },
    zapier: (order: Order) => ({ payment_id: order.payment }),
    given: { method: 'cash', amount: '500.00' },
    perform: App.creates.record_refund.operation.perform,
    stored: (order: Order) => (c: Connection) => operations.listRefunds.request(c, { payment_id: order.payment }),
  },
];

/** Every first POST's answer lost (504), every retry's answer the service's (201), whatever the order. */
const LOST_THEN_ANSWERED = [...Array(ORDERS).fill(201), ...Array(ORDERS).fill(504)];
const postStatuses = (correction: (typeof CORRECTIONS)[number], calls: ProxiedCall[]) =>
  calls
    .filter((call) => call.method === 'POST' && correction.writes(call.path))
    .map((call) => call.status)
    .sort();

/** Each order must end with one stored correction, the one its output names, however many POSTs it took. */
async function tallyCorrections(
  platform: Row['platform'],
  correction: (typeof CORRECTIONS)[number],
  orders: Order[],
  outputs: Array<{ id?: string }>,
  calls: ProxiedCall[],
): Promise<Row> {
  const stored = await Promise.all(orders.map(async (order) => ok(await p.s.api(correction.stored(order))).data));
  const right = orders.filter((_, i) => stored[i].length === 1 && outputs[i]?.id === stored[i][0].id).length;
  const posts = calls.filter((call) => call.method === 'POST' && correction.writes(call.path));
  return {
    platform,
    part: `${correction.label} retried after its answer was lost`,
    tried: orders.length,
    rejected: 0,
    accepted: right,
    lost: orders.length - right,
    notes:
      `POSTs: ${posts.length} (${posts.filter((call) => call.status === 504).length} answers lost); ` +
      `stored: ${stored.reduce((sum, list) => sum + list.length, 0)}`,
  };
}

describe.each(CORRECTIONS)('$label', (correction) => {
  test(`n8n: Retry On Fail with the derived key, ${ORDERS} items whose first answers are all lost`, async () => {
    const orders = await Promise.all(Array.from({ length: ORDERS }, (_, i) => paidInvoice(`n8n-fix-${i}@example.com`)));
    const proxy = await losingProxy(ORDERS, correction.writes);
    try {
      const run = await p.s.run(
        { ...correction.n8n, ...correction.given },
        {
          input: orders,
          credentials: { invoicingApi: { apiKey: p.s.sandbox.testKey, baseUrl: proxy.url } },
          settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 },
        },
      );
      const outputs = run.items.map((item) => item.json as { id?: string });
      const row = await tallyCorrections('n8n', correction, orders, outputs, proxy.calls);
      rows.push(row);
      expect(run.error).toBeUndefined();
      expect(row).toMatchObject({ tried: ORDERS, accepted: ORDERS, lost: 0 });
      expect(postStatuses(correction, proxy.calls)).toEqual(LOST_THEN_ANSWERED);
    } finally {
      await proxy.close();
    }
  });

  test(`Zapier: a failed step replayed with the same Prevent Duplicates Key, ${ORDERS} orders`, async () => {
    const orders = await Promise.all(Array.from({ length: ORDERS }, (_, i) => paidInvoice(`zap-fix-${i}@example.com`)));
    const proxy = await losingProxy(ORDERS, correction.writes);
    try {
      const authData = zapierAuth(p.s.sandbox.testKey, proxy.url);
      const bundles = orders.map((order, i) => ({
        authData,
        inputData: {
          ...correction.zapier(order),
          ...correction.given,
          [FIELDS.invoice.idempotencyKey.key]: `${correction.label}-${i}-${started}`,
        },
      }));
      const first = await Promise.allSettled(bundles.map((bundle) => appTester(correction.perform, bundle)));
      expect(first.map((outcome) => outcome.status)).toEqual(Array(ORDERS).fill('rejected'));
      const replays = await Promise.all(bundles.map((bundle) => appTester(correction.perform, bundle)));
      const row = await tallyCorrections('Zapier', correction, orders, replays, proxy.calls);
      rows.push(row);
      expect(row).toMatchObject({ tried: ORDERS, accepted: ORDERS, lost: 0 });
      expect(postStatuses(correction, proxy.calls)).toEqual(LOST_THEN_ANSWERED);
    } finally {
      await proxy.close();
    }
  });
});
