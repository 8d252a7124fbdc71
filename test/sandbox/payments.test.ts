/**
 * The sandbox side of issue 16, over HTTP as any client sees it: payments recorded and found, the rules
 * a payment meets, the new events (signed and delivered like the first three), and catching up on events
 * with `ending_before`. Every body is checked against the shared schemas.
 */
import {
  clientCreatedEventSchema,
  clientUpdatedEventSchema,
  eventSchema,
  invoiceCreatedEventSchema,
  invoicePaidEventSchema,
  invoiceSchema,
  listPageSchema,
  paymentSchema,
  problemSchema,
  verifyWebhook,
} from '../../shared';
import { type Receiver, startReceiver } from '../../sandbox';
import { eventually, type TestClient, startTestSandbox } from './support';

let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox({ jitter: 0 });
});
afterAll(() => t.sandbox.close());

interface Answer {
  status: number;
  body: any;
  headers: Record<string, string>;
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${t.sandbox.baseUrl}/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${t.connection.apiKey}`, 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    headers: Object.fromEntries(response.headers),
  };
}

const record = (invoiceId: string, body: unknown, headers?: Record<string, string>) =>
  call('POST', `/invoices/${invoiceId}/payments`, body, headers);

async function newInvoice(amount = 100000, email = 'pay@example.com') {
  return invoiceSchema.parse(await t.createInvoice({ client_email: email, items: [{ description: 'Work', amount }] }));
}

const refusal = (answer: Answer, status: number, code: string) => {
  expect(answer.status).toBe(status);
  const problem = problemSchema.parse(answer.body);
  expect(problem.code).toBe(code);
  return problem;
};

const paymentsPage = listPageSchema(paymentSchema);
const list = async (query: Record<string, string | number>) => {
  const answer = await call(
    'GET',
    `/payments?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
  );
  expect(answer.status).toBe(200);
  return paymentsPage.parse(answer.body);
};

const latestEvent = async (type: string) =>
  eventSchema.parse((await call('GET', `/events?type=${type}&limit=1`)).body.data[0]);

describe('recording a payment', () => {
  test('a bank transfer: 201 payment, invoice partially paid, invoice.paid carries the same payment', async () => {
    const invoice = await newInvoice(100000);
    // The wire takes text trimmed (contract: "What the wire reads"); the editors trim before sending.
    const padded = { method: 'bank_transfer', amount: 40000, reference: ' HDFCN520261120 ', note: 'first half' };
    refusal(await record(invoice.id, padded), 422, 'validation_failed');
    const answer = await record(invoice.id, { ...padded, reference: 'HDFCN520261120' });
    expect(answer.status).toBe(201);
    const payment = paymentSchema.parse(answer.body);
    expect(payment).toMatchObject({
      object: 'payment',
      invoice_id: invoice.id,
      method: 'bank_transfer',
      amount: 40000,
      currency: 'INR',
      upi: null,
      reference: 'HDFCN520261120',
      note: 'first half',
      livemode: false,
    });
    expect(payment.id).toMatch(/^pay_/);
    expect(payment.paid_at).toBe(payment.created_at);
    expect(invoiceSchema.parse((await call('GET', `/invoices/${invoice.id}`)).body)).toMatchObject({
      status: 'partially_paid',
      amount_paid: 40000,
      amount_remaining: 60000,
    });
    const event = invoicePaidEventSchema.parse(await latestEvent('invoice.paid'));
    expect(event.data.payment).toEqual(payment);
    expect(event.data.invoice.amount_remaining).toBe(60000);
    expect(paymentSchema.parse((await call('GET', `/payments/${payment.id}`)).body)).toEqual(payment);
  });

  test('UPI needs its 12-digit UTR, sent without spaces; other methods may not carry UPI details', async () => {
    const invoice = await newInvoice();
    const missing = refusal(await record(invoice.id, { method: 'upi', amount: 100 }), 422, 'validation_failed');
    expect(missing.errors).toEqual([expect.objectContaining({ param: 'upi.utr' })]);
    const short = refusal(
      await record(invoice.id, { method: 'upi', amount: 100, upi: { utr: '12345' } }),
      422,
      'validation_failed',
    );
    expect(short.errors?.[0].message).toMatch(/12-digit/);
    const cash = refusal(
      await record(invoice.id, { method: 'cash', amount: 100, upi: { utr: '400000000001' } }),
      422,
      'validation_failed',
    );
    expect(cash.errors?.[0]).toMatchObject({ param: 'upi.utr', message: expect.stringMatching(/UPI payments only/) });
    // The editors drop the spaces a bank app shows; the wire takes the 12 digits alone.
    refusal(
      await record(invoice.id, { method: 'upi', amount: 100, upi: { utr: '4000 0000 0002', vpa: 'ana@okaxis' } }),
      422,
      'validation_failed',
    );
    const upi = paymentSchema.parse(
      (await record(invoice.id, { method: 'upi', amount: 100, upi: { utr: '400000000002', vpa: 'ana@okaxis' } })).body,
    );
    expect(upi.upi).toEqual({ utr: '400000000002', vpa: 'ana@okaxis' });
  });

  test('a UTR already recorded on the account is 409 payment_exists, on this invoice or another', async () => {
    const [first, second] = [await newInvoice(), await newInvoice()];
    expect((await record(first.id, { method: 'upi', amount: 100, upi: { utr: '400000000003' } })).status).toBe(201);
    const again = refusal(
      await record(first.id, { method: 'upi', amount: 100, upi: { utr: '400000000003' } }),
      409,
      'payment_exists',
    );
    expect(again.detail).toMatch(first.id);
    refusal(
      await record(second.id, { method: 'upi', amount: 100, upi: { utr: '400000000003' } }),
      409,
      'payment_exists',
    );
    // The refused attempts changed nothing.
    expect((await list({ utr: '400000000003' })).data).toHaveLength(1);
    expect(invoiceSchema.parse((await call('GET', `/invoices/${second.id}`)).body).amount_paid).toBe(0);
  });

  test('the amount is at least 1 and at most what remains; a paid invoice takes nothing more', async () => {
    const invoice = await newInvoice(5000);
    refusal(await record(invoice.id, { method: 'cash', amount: 0 }), 422, 'validation_failed');
    refusal(await record(invoice.id, { method: 'cash', amount: '12.50' }), 422, 'validation_failed');
    const over = refusal(await record(invoice.id, { method: 'cash', amount: 5001 }), 422, 'validation_failed');
    expect(over.errors).toEqual([
      { param: 'amount', message: expect.stringMatching(/at most the amount remaining.*5000 \(₹50\.00\)/) },
    ]);
    // An amount is a JSON number on the wire: "5000" as text is refused (the editors send 5000).
    refusal(await record(invoice.id, { method: 'cash', amount: '5000' }), 422, 'validation_failed');
    expect((await record(invoice.id, { method: 'cash', amount: 5000 })).status).toBe(201);
    expect(invoiceSchema.parse((await call('GET', `/invoices/${invoice.id}`)).body)).toMatchObject({
      status: 'paid',
      amount_remaining: 0,
    });
    refusal(await record(invoice.id, { method: 'cash', amount: 1 }), 422, 'invoice_already_paid');
    refusal(await record('inv_doesnotexist', { method: 'cash', amount: 1 }), 404, 'not_found');
  });

  test('nothing left to pay is invoice_already_paid from both endpoints that take money (contract: Recording a payment)', async () => {
    const invoice = await newInvoice(5000);
    expect((await record(invoice.id, { method: 'cash', amount: 5000 })).status).toBe(201);
    const recorded = refusal(await record(invoice.id, { method: 'cash', amount: 1 }), 422, 'invoice_already_paid');
    const simulated = refusal(
      await call('POST', `/test_helpers/invoices/${invoice.id}/pay`, {}),
      422,
      'invoice_already_paid',
    );
    const simulatedPart = refusal(
      await call('POST', `/test_helpers/invoices/${invoice.id}/pay`, { amount: 1 }),
      422,
      'invoice_already_paid',
    );
    expect(simulated.detail).toBe(recorded.detail);
    expect(simulatedPart.detail).toBe(recorded.detail);
  });

  test('paid_at: a past moment is kept in UTC, a bare date or the future is refused', async () => {
    const invoice = await newInvoice();
    const past = paymentSchema.parse(
      (await record(invoice.id, { method: 'bank_transfer', amount: 10, paid_at: '2026-11-20T10:30:00+05:30' })).body,
    );
    expect(past.paid_at).toBe('2026-11-20T05:00:00Z');
    // A date alone is the editors' (they send its midnight UTC); the wire takes a date-time with its zone.
    refusal(await record(invoice.id, { method: 'cash', amount: 10, paid_at: '2026-11-19' }), 422, 'validation_failed');
    const day = paymentSchema.parse(
      (await record(invoice.id, { method: 'cash', amount: 10, paid_at: '2026-11-19T00:00:00Z' })).body,
    );
    expect(day.paid_at).toBe('2026-11-19T00:00:00Z');
    const future = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    expect(
      refusal(await record(invoice.id, { method: 'cash', amount: 10, paid_at: future }), 422, 'validation_failed')
        .errors?.[0].param,
    ).toBe('paid_at');
    expect(
      refusal(
        await record(invoice.id, { method: 'cash', amount: 10, paid_at: '2026-11-20T10:30:00' }),
        422,
        'validation_failed',
      ).errors?.[0].message,
    ).toMatch(/time zone/);
  });

  test('an Idempotency-Key returns the first payment and records (and announces) it once', async () => {
    const invoice = await newInvoice();
    const key = { 'Idempotency-Key': `stmt-line-${invoice.id}` };
    const first = await record(invoice.id, { method: 'bank_transfer', amount: 700, reference: 'NEFT-1' }, key);
    const second = await record(invoice.id, { method: 'bank_transfer', amount: 700, reference: 'NEFT-1' }, key);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await list({ invoice_id: invoice.id })).data).toHaveLength(1);
    const events = (await call('GET', '/events?type=invoice.paid&limit=100')).body.data.filter(
      (event: any) => event.data.payment.id === first.body.id,
    );
    expect(events).toHaveLength(1);
    refusal(
      await record(invoice.id, { method: 'bank_transfer', amount: 701, reference: 'NEFT-1' }, key),
      422,
      'idempotency_key_reused',
    );
  });

  test('a disputed invoice accepts money and stays disputed', async () => {
    const invoice = await newInvoice(3000);
    await call('POST', `/test_helpers/invoices/${invoice.id}/dispute`, { reason: 'amount_incorrect' });
    expect((await record(invoice.id, { method: 'cash', amount: 3000 })).status).toBe(201);
    expect(invoiceSchema.parse((await call('GET', `/invoices/${invoice.id}`)).body)).toMatchObject({
      status: 'disputed',
      amount_remaining: 0,
      amount_paid: 3000,
    });
  });
});

describe('finding payments', () => {
  test('UPI payments the service received are in the same list, found by their UTR', async () => {
    const invoice = await newInvoice(2000);
    const paid = invoicePaidEventSchema.parse(
      (await call('POST', `/test_helpers/invoices/${invoice.id}/pay`, { amount: 500 })).body,
    );
    const utr = paid.data.payment.upi!.utr;
    const found = await list({ utr });
    expect(found.data).toEqual([paid.data.payment]);
    expect(found.data[0]).toMatchObject({ object: 'payment', method: 'upi', invoice_id: invoice.id });
  });

  test('filters combine; a reference matches ignoring case; newest recorded first', async () => {
    const a = await newInvoice(10000);
    const b = await newInvoice(10000);
    const one = (
      await record(a.id, {
        method: 'bank_transfer',
        amount: 100,
        reference: 'IMPS-77',
        paid_at: '2026-08-31T23:59:59Z',
      })
    ).body;
    const two = (await record(a.id, { method: 'cash', amount: 100, paid_at: '2026-09-01T00:00:00Z' })).body;
    const three = (await record(b.id, { method: 'bank_transfer', amount: 100, paid_at: '2026-09-30T23:59:59Z' })).body;
    const four = (await record(b.id, { method: 'bank_transfer', amount: 100, paid_at: '2026-10-01T00:00:00Z' })).body;
    const ids = async (query: Record<string, string | number>) =>
      (await list({ limit: 100, ...query })).data.map((p) => p.id);
    expect(await ids({ invoice_id: a.id })).toEqual([two.id, one.id]);
    expect(await ids({ reference: 'imps-77' })).toEqual([one.id]);
    expect(await ids({ invoice_id: b.id, method: 'bank_transfer' })).toEqual([four.id, three.id]);
    // September as a half-open interval: the first second in, the last second out, nothing counted twice.
    const september = await ids({ paid_from: '2026-09-01T00:00:00Z', paid_before: '2026-10-01T00:00:00Z' });
    expect(september).toEqual(expect.arrayContaining([two.id, three.id]));
    expect(september).not.toContain(one.id);
    expect(september).not.toContain(four.id);
    const period = { paid_from: '2026-09-01T05:30:00+05:30', paid_before: '2026-10-01T00:00:00Z', invoice_id: a.id };
    expect(await ids(period)).toEqual([two.id]);
    const first = await list({ invoice_id: a.id, limit: 1 });
    expect(first).toMatchObject({ has_more: true });
    expect(
      (await list({ invoice_id: a.id, limit: 1, starting_after: first.data[0].id })).data.map((p) => p.id),
    ).toEqual([one.id]);
  });

  test('bad filters name the field; an unknown payment is 404', async () => {
    const bad = refusal(
      await call('GET', '/payments?paid_from=2026-12-01&paid_before=2026-11-01'),
      422,
      'validation_failed',
    );
    expect(bad.errors?.[0].param).toBe('paid_before');
    expect(refusal(await call('GET', '/payments?method=cheque'), 422, 'validation_failed').errors?.[0].message).toMatch(
      /upi, bank_transfer, cash, other/,
    );
    expect(refusal(await call('GET', '/payments?utr=abc'), 422, 'validation_failed').errors?.[0].param).toBe('utr');
    refusal(await call('GET', '/payments/pay_missing'), 404, 'not_found');
  });
});

describe('client and invoice events', () => {
  test('an invoice for a new e-mail emits client.created, then invoice.created', async () => {
    const invoice = await newInvoice(100, `fresh-${Date.now()}@example.com`);
    const [newest, before] = (await call('GET', '/events?limit=2')).body.data;
    const created = invoiceCreatedEventSchema.parse(newest);
    expect(created.data.invoice).toEqual(invoice);
    const client = clientCreatedEventSchema.parse(before);
    expect(client.data.client).toMatchObject({ id: invoice.client_id, email: invoice.client_email });
    // A known client creates no second client.created.
    await newInvoice(100, invoice.client_email);
    const latest = (await call('GET', '/events?limit=2')).body.data.map((event: any) => event.type);
    expect(latest).toEqual(['invoice.created', 'invoice.created']);
  });

  test('client.updated carries the old value of every field that moved; a change that moves nothing emits nothing', async () => {
    const client = (
      await call('POST', '/clients', { email: 'sync@example.com', name: 'Old Name', phone: '+919812345678' })
    ).body;
    expect(clientCreatedEventSchema.parse(await latestEvent('client.created')).data.client).toEqual(client);
    const updated = await call('PATCH', `/clients/${client.id}`, {
      email: 'sync2@example.com',
      name: 'Old Name',
      company: 'Acme',
    });
    const event = clientUpdatedEventSchema.parse(await latestEvent('client.updated'));
    expect(event.data.client).toEqual(updated.body);
    expect(event.data.previous_attributes).toEqual({ email: 'sync@example.com', company: null });
    const before = (await call('GET', '/events?limit=1')).body.data[0].id;
    const same = await call('PATCH', `/clients/${client.id}`, { name: 'Old Name' });
    expect(same.body).toEqual(updated.body);
    expect((await call('GET', '/events?limit=1')).body.data[0].id).toBe(before);
  });
});

describe('catching up with ending_before', () => {
  test('pages forward from a remembered event: every newer event once, oldest first when each page is reversed', async () => {
    const start = (await call('GET', '/events?limit=1')).body.data[0].id as string;
    for (let i = 0; i < 7; i += 1) await call('POST', '/clients', { email: `catchup${i}@example.com` });
    const seen: string[] = [];
    let cursor = start;
    for (;;) {
      const page = (await call('GET', `/events?ending_before=${cursor}&limit=3`)).body;
      const oldestFirst = [...page.data].reverse();
      seen.push(...oldestFirst.map((event: any) => event.data.client.email));
      if (!page.has_more) break;
      cursor = oldestFirst[oldestFirst.length - 1].id;
    }
    expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `catchup${i}@example.com`));
    const newest = (await call('GET', '/events?limit=1')).body.data[0].id;
    expect((await call('GET', `/events?ending_before=${newest}`)).body).toMatchObject({ data: [], has_more: false });
  });

  test('an event no longer kept is 404 on ending_before; the two cursors cannot be combined', async () => {
    expect(refusal(await call('GET', '/events?ending_before=evt_gone'), 404, 'not_found').errors?.[0].param).toBe(
      'ending_before',
    );
    refusal(await call('GET', '/events?ending_before=evt_a&starting_after=evt_b'), 422, 'validation_failed');
  });
});

describe('the new events are signed and delivered like the first three', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  test('client.created, client.updated and invoice.created reach a subscription, verifiably signed', async () => {
    const webhook = (
      await call('POST', '/webhooks', {
        url: receiver.url,
        events: ['client.created', 'client.updated', 'invoice.created'],
      })
    ).body;
    const client = (await call('POST', '/clients', { email: 'delivered@example.com' })).body;
    await call('PATCH', `/clients/${client.id}`, { name: 'Now Named' });
    await newInvoice(100, 'delivered@example.com');
    const hits = await receiver.waitFor(3);
    const types = hits.map((hit) => {
      const verified = verifyWebhook({ secret: webhook.secret, headers: hit.headers, body: hit.rawBody });
      expect(verified.ok).toBe(true);
      return eventSchema.parse(JSON.parse(hit.rawBody)).type;
    });
    expect(types.sort()).toEqual(['client.created', 'client.updated', 'invoice.created']);
    await eventually(() => t.sandbox.settled().then(() => true));
  });
});
