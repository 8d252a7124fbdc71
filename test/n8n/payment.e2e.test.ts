/** Payment operations of the built node, run by n8n-core's WorkflowExecute against the sandbox. */
import { operations, setUp, type Setup } from './support';

let s: Setup;
let invoiceId: string;
beforeAll(async () => {
  s = await setUp();
  const created = await s.api((c) =>
    operations.createInvoice.request(c, {
      client_email: 'books@example.com',
      currency: 'INR',
      items: [{ description: 'Audit', amount: 300000 }],
      auto_send_whatsapp: false,
    }),
  );
  invoiceId = created.body.id;
});
afterAll(async () => {
  await s.close();
});

const payment = (operation: string, extra: Record<string, unknown>) =>
  s.run({ resource: 'payment', operation, ...extra });
const paymentsOf = async (invoice: string) =>
  (await s.api((c) => operations.listPayments.request(c, { invoice_id: invoice, limit: 100 }))).body.data as any[];

test('Record a bank transfer: the payment, paired to its item; Get reads it back', async () => {
  const run = await payment('record', {
    invoice_id: { __rl: true, mode: 'list', value: invoiceId },
    method: 'bank_transfer',
    amount: '1,000.00',
    utr: '412345678901',
    additionalFields: { reference: 'HDFCN52026112012345', paid_at: '2026-11-20T10:30:00+05:30' },
  });
  expect(run.error).toBeUndefined();
  // The UTR field belongs to UPI: hidden for a transfer, and not sent even if an old value lingers.
  expect(run.items).toEqual([
    {
      json: expect.objectContaining({
        object: 'payment',
        invoice_id: invoiceId,
        method: 'bank_transfer',
        amount: 100000,
        amount_formatted: '₹1,000.00',
        upi: null,
        reference: 'HDFCN52026112012345',
        paid_at: '2026-11-20T05:00:00Z',
      }),
      pairedItem: { item: 0 },
    },
  ]);
  const got = await payment('get', { payment_id: (run.items[0].json as any).id });
  expect(got.items[0].json).toEqual(run.items[0].json);
});

test('Record a UPI payment whose UTR is already recorded: 409 in words, still one payment', async () => {
  const input = {
    invoice_id: { __rl: true, mode: 'id', value: invoiceId },
    method: 'upi',
    amount: '50',
    utr: '4000 0000 1234',
    vpa: 'ana@okaxis',
  };
  const first = await payment('record', input);
  expect(first.error).toBeUndefined();
  expect(first.items[0].json).toMatchObject({ upi: { utr: '400000001234', vpa: 'ana@okaxis' } });
  const again = await payment('record', input);
  expect((again.error as any)?.httpCode).toBe('409');
  expect((again.error as any)?.message).toMatch(/400000001234 is already recorded/);
  expect((await paymentsOf(invoiceId)).filter((p) => p.upi?.utr === '400000001234')).toHaveLength(1);
});

test('bad input is refused by field, before sending', async () => {
  const before = (await paymentsOf(invoiceId)).length;
  const run = await payment('record', {
    invoice_id: invoiceId,
    method: 'cash',
    amount: 0,
    additionalFields: { paid_at: '2026-11-20 10:30' },
  });
  expect((run.error as any).name).toBe('NodeOperationError');
  expect((run.error as any).message).toMatch(/Amount must be more than 0/);
  expect((run.error as any).message).toMatch(/Paid At must be an ISO 8601 date/);
  expect(await paymentsOf(invoiceId)).toHaveLength(before);
});

test('By URL: the invoice page or its dashboard page; a link to anything else is refused by name, before sending', async () => {
  const before = (await paymentsOf(invoiceId)).length;
  const hosted = `${s.sandbox.baseUrl}/i/${invoiceId}`;
  const run = await payment('record', {
    invoice_id: { __rl: true, mode: 'url', value: hosted },
    method: 'cash',
    amount: '10',
  });
  expect(run.error).toBeUndefined();
  expect(run.items[0].json).toMatchObject({ invoice_id: invoiceId, amount: 1000 });
  const dashboard = `${s.sandbox.baseUrl}/dashboard#/invoices/${invoiceId}`;
  const again = await payment('record', {
    invoice_id: { __rl: true, mode: 'url', value: dashboard },
    method: 'cash',
    amount: '10.5',
  });
  expect(again.items[0].json).toMatchObject({ invoice_id: invoiceId, amount: 1050 });
  // A typed link: n8n checks it against the mode's pattern and names the links it takes.
  const wrong = payment('record', {
    invoice_id: { __rl: true, mode: 'url', value: `${s.sandbox.baseUrl}/dashboard#/clients/cli_1` },
    method: 'cash',
    amount: '10',
  });
  await expect(wrong).rejects.toThrow(/Paste the invoice's page \(https:\/\/…\/i\/inv_…\) or its dashboard page/);
  // A link from an expression: read by shared's rule, refused by name.
  const mapped = await s.run(
    {
      resource: 'payment',
      operation: 'record',
      invoice_id: { __rl: true, mode: 'url', value: '={{ $json.link }}' },
      method: 'cash',
      amount: '10',
    },
    { input: [{ link: 'https://example.com/orders/7' }] },
  );
  expect((mapped.error as any).message).toBe(
    "Invoice ID: https://example.com/orders/7 is not a link to an invoice; paste the invoice's page " +
      '(https://…/i/inv_…) or its dashboard page (https://…/dashboard#/invoices/inv_…), or pick it from the list',
  );
  expect(await paymentsOf(invoiceId)).toHaveLength(before + 2);
});

test('Get Many with filters: by method and a half-open paid-at period; Return All pages through', async () => {
  const transfers = await payment('getAll', {
    returnAll: true,
    filters: {
      method: 'bank_transfer',
      invoice_id: invoiceId,
      paid_from: '2026-11-20T05:00:00Z',
      paid_before: '2026-11-20T05:00:01Z',
    },
  });
  expect(transfers.error).toBeUndefined();
  expect(transfers.items.map((item) => (item.json as any).reference)).toEqual(['HDFCN52026112012345']);
  const none = await payment('getAll', {
    returnAll: true,
    filters: { invoice_id: invoiceId, paid_before: '2026-11-20T05:00:00Z' },
  });
  expect(none.items).toEqual([]);
  const limited = await payment('getAll', { returnAll: false, limit: 1, filters: { invoice_id: invoiceId } });
  expect(limited.items).toHaveLength(1);
});
