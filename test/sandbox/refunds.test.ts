/**
 * Issue 40, refunds and voiding a tax invoice, worked by hand against the sandbox through the shared
 * operations (what both editors run): amounts typed as people write them, refusals in the field's words,
 * the payment's and the invoice's balances after each refund, and the 24-hour rule on the account's clock.
 */
import {
  ApiError,
  type Connection,
  InputError,
  type HttpRequest,
  invoiceRefundedEventSchema,
  flattenEvent,
  operations,
  runOperation,
} from '../../shared';
import { runCli } from '../../sandbox/cli';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox({ jitter: 0 });
});
afterAll(() => t.sandbox.close());

const run = <O extends { run: (c: Connection, raw: unknown, send: any) => Promise<unknown> }>(
  operation: O,
  raw: Record<string, unknown>,
  connection: Connection = t.connection,
) => operation.run(connection, raw, t.send) as ReturnType<O['run']>;

async function paidInvoice(email: string, amount = '1,500.00', utr = '412345678901') {
  const invoice = await runOperation(
    operations.createInvoice,
    t.connection,
    { client_email: email, currency: 'INR', items: [{ description: 'Shop order', amount }] },
    t.send,
  );
  const payment = await run(operations.recordPayment, { invoice_id: invoice.id, amount, method: 'upi', utr });
  return { invoice, payment };
}

const invoiceNow = (id: string) => run(operations.getInvoice, { invoice_id: id });

const refundEvents = async (invoiceId: string) => {
  const page = await run(operations.listEvents, { type: 'invoice.refunded', limit: 100 });
  const events = page.data.map((event) => invoiceRefundedEventSchema.parse(event));
  return events.filter((event) => event.data.invoice.id === invoiceId);
};

describe('recording a refund', () => {
  test('a credit note leaves ₹300.00 to refund; refunding it settles that balance and owes nothing more', async () => {
    // By hand: ₹1,500.00 invoiced without GST and paid in full; a lump-sum credit of ₹300.00 (no GST to add)
    // makes it worth ₹1,200.00, so nothing is owed and ₹1,500.00 − ₹1,200.00 = ₹300.00 is owed back. A refund
    // of ₹300.00 keeps ₹1,200.00 paid: owed max(0, 1,200.00 − 1,200.00) = 0, owed back 0, still paid.
    const { invoice, payment } = await paidInvoice('credit-then-refund@example.com', '1,500.00', '412345670001');
    await run(operations.createCreditNote, {
      invoice_id: invoice.id,
      note_reason: 'sales_return',
      taxable_amount: '300.00',
    });
    expect(await invoiceNow(invoice.id)).toMatchObject({
      amount_credited: 30000,
      amount_remaining: 0,
      amount_refundable: 30000,
    });
    await run(operations.recordRefund, { payment_id: payment.id, amount: '300.00', method: 'cash' });
    expect(await invoiceNow(invoice.id)).toMatchObject({
      status: 'paid',
      amount_paid: 120000,
      amount_refunded: 30000,
      amount_remaining: 0,
      amount_refundable: 0,
    });
  });
  test('part of a UPI payment, then the rest: the payment, the invoice and one event per refund', async () => {
    const { invoice, payment } = await paidInvoice('return@example.com');
    expect((await invoiceNow(invoice.id)).status).toBe('paid');

    const first = await run(operations.recordRefund, {
      payment_id: payment.id,
      amount: '600.00',
      method: 'upi',
      utr: '5123 4567 8901',
      note: 'One item returned',
    });
    expect(first).toMatchObject({
      id: expect.stringMatching(/^rf_/),
      object: 'refund',
      payment_id: payment.id,
      invoice_id: invoice.id,
      amount: 60000,
      amount_formatted: '₹600.00',
      currency: 'INR',
      method: 'upi',
      upi: { utr: '512345678901' },
      status: 'succeeded',
    });
    expect(await run(operations.getPayment, { payment_id: payment.id })).toMatchObject({
      amount: 150000,
      amount_refunded: 60000,
      amount_refunded_formatted: '₹600.00',
      refund_ids: [first.id],
    });
    // ₹1,500.00 billed, ₹900.00 kept: ₹600.00 owed again, the UPI link asks for it; the total and tax stand.
    expect(await invoiceNow(invoice.id)).toMatchObject({
      status: 'partially_paid',
      amount_due: 150000,
      amount_paid: 90000,
      amount_refunded: 60000,
      amount_remaining: 60000,
      paid_at: null,
      upi_link: expect.stringContaining('am=600.00'),
    });

    const rest = await run(operations.recordRefund, {
      payment_id: payment.id,
      amount: '900.00',
      method: 'bank_transfer',
      reference: 'HDFCR0001',
    });
    expect(rest).toMatchObject({ amount: 90000, method: 'bank_transfer', upi: null, reference: 'HDFCR0001' });
    expect(await run(operations.getPayment, { payment_id: payment.id })).toMatchObject({
      amount_refunded: 150000,
      refund_ids: [first.id, rest.id],
    });
    expect(await invoiceNow(invoice.id)).toMatchObject({
      status: 'open',
      amount_paid: 0,
      amount_refunded: 150000,
      amount_remaining: 150000,
    });

    const events = await refundEvents(invoice.id);
    expect(events).toHaveLength(2);
    const records = events.map((event) => flattenEvent(event));
    expect(records.map((record) => [record.refund_id, record.refund_amount, record.payment_amount_refunded])).toEqual([
      [rest.id, 90000, 150000],
      [first.id, 60000, 60000],
    ]);
    expect(records[1]).toMatchObject({
      refund_utr: '512345678901',
      amount_paid: 90000,
      invoice_status: 'partially_paid',
    });

    // The service's refusal, asked directly; the connectors refuse it after reading the payment, before any write.
    const asked = { payment_id: payment.id, amount: 1, method: 'cash' };
    const answer = await t.send(operations.recordRefund.request(t.connection, asked as never));
    expect(answer).toMatchObject({ status: 422, body: { code: 'payment_fully_refunded' } });
    await expect(
      run(operations.recordRefund, { payment_id: payment.id, amount: '0.01', method: 'cash' }),
    ).rejects.toThrow(
      `Payment ID is ${payment.id}, which has been refunded in full (₹1,500.00): nothing remains to refund`,
    );
  });

  test('more than remains refundable: refused on Amount, naming what remains, and nothing changes', async () => {
    const { invoice, payment } = await paidInvoice('toomuch@example.com', '1,000.00', '412345678902');
    const over = run(operations.recordRefund, { payment_id: payment.id, amount: '1,000.01', method: 'cash' });
    await expect(over).rejects.toThrow(
      `Amount must be at most what remains refundable of ${payment.id}, 100000 (₹1,000.00)`,
    );
    await expect(over).rejects.toMatchObject({ name: 'InputError', issues: [{ field: 'amount' }] });
    // The service refuses it in the same words, asked directly.
    const asked = { payment_id: payment.id, amount: 100001, method: 'cash' };
    const answer = await t.send(operations.recordRefund.request(t.connection, asked as never));
    expect(answer).toMatchObject({ status: 422, body: { errors: [{ param: 'amount' }] } });
    expect(JSON.stringify(answer.body)).toContain(
      `Amount must be at most what remains refundable of ${payment.id}, 100000 (₹1,000.00)`,
    );
    await run(operations.recordRefund, { payment_id: payment.id, amount: '400', method: 'cash' });
    await expect(
      run(operations.recordRefund, { payment_id: payment.id, amount: '600.01', method: 'cash' }),
    ).rejects.toThrow(`Amount must be at most what remains refundable of ${payment.id}, 60000 (₹600.00)`);
    expect(await invoiceNow(invoice.id)).toMatchObject({ amount_paid: 60000, amount_refunded: 40000 });
    expect(await refundEvents(invoice.id)).toHaveLength(1);
  });

  test('bad input is refused in the field’s words before any request', async () => {
    const sent: HttpRequest[] = [];
    const spy = async (request: HttpRequest) => {
      sent.push(request);
      return t.send(request);
    };
    const refuse = (raw: Record<string, unknown>) => operations.recordRefund.run(t.connection, raw, spy);
    const payment_id = 'pay_1NqW2cHq8ZkYd3Tx';
    await expect(refuse({ payment_id, amount: 'ten', method: 'cash' })).rejects.toThrow(/^Amount /);
    await expect(refuse({ payment_id, amount: '10', method: 'cheque' })).rejects.toThrow(
      /Payment Method must be one of upi, bank_transfer, cash, other/,
    );
    await expect(refuse({ payment_id, amount: '10', method: 'upi' })).rejects.toThrow(
      'UPI Reference (UTR) is required when the payment method is upi',
    );
    await expect(refuse({ payment_id, amount: '0', method: 'cash', amount_unit: 'minor' })).rejects.toThrow(
      /Amount must be at least 1/,
    );
    await expect(refuse({ payment_id: 'inv_123', amount: '10', method: 'cash' })).rejects.toBeInstanceOf(InputError);
    expect(sent).toEqual([]);
  });

  test('a refund UTR is recorded once; the same Idempotency-Key answers the first refund and emits once', async () => {
    const { invoice, payment } = await paidInvoice('twice@example.com', '1,000.00', '412345678903');
    const keyed = { payment_id: payment.id, amount: '100', method: 'upi', utr: '512345678903', idempotency_key: 'r-1' };
    const first = await run(operations.recordRefund, keyed);
    expect(await run(operations.recordRefund, keyed)).toEqual(first);
    expect(await refundEvents(invoice.id)).toHaveLength(1);
    const again = run(operations.recordRefund, { ...keyed, idempotency_key: undefined });
    await expect(again).rejects.toMatchObject({ status: 409, code: 'refund_exists' });
    await expect(again).rejects.toThrow(`UPI reference 512345678903 is already recorded as refund ${first.id}`);
  });
});

describe('finding refunds, and what was refunded of a payment', () => {
  test('Find Payment shows what went back; Find Refund by UTR or reference; the list by payment and invoice', async () => {
    const { invoice, payment } = await paidInvoice('found@example.com', '2,000.00', '412345678904');
    const refund = await run(operations.recordRefund, {
      payment_id: payment.id,
      amount: '250.50',
      method: 'upi',
      utr: '512345678904',
    });
    const cash = await run(operations.recordRefund, {
      payment_id: payment.id,
      amount: '100',
      method: 'cash',
      reference: 'Receipt 77',
    });
    expect(await run(operations.findPayment, { utr: '4123 4567 8904' })).toMatchObject({
      id: payment.id,
      amount_refunded: 35050,
      amount_refunded_formatted: '₹350.50',
      refund_ids: [refund.id, cash.id],
    });
    expect(await run(operations.findRefund, { utr: '512345678904' })).toMatchObject({ id: refund.id });
    expect(await run(operations.findRefund, { reference: '  receipt 77 ' })).toMatchObject({ id: cash.id });
    expect(await run(operations.findRefund, { utr: '999999999999' })).toBeUndefined();
    expect(await run(operations.getRefund, { refund_id: cash.id })).toMatchObject({ amount: 10000 });
    const byPayment = await run(operations.listRefunds, { payment_id: payment.id });
    expect(byPayment.data.map((each) => each.id)).toEqual([cash.id, refund.id]);
    const byInvoice = await run(operations.listRefunds, { invoice_id: invoice.id, utr: '512345678904' });
    expect(byInvoice.data.map((each) => each.id)).toEqual([refund.id]);
  });
});

describe('the CLI', () => {
  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const result = await runCli([...argv, '--url', t.sandbox.baseUrl, '--key', t.connection.apiKey], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { ...result, out: out.join('\n'), err: err.join('\n') };
  };

  test('refund <payment_id> --amount in paise, by UPI with --utr; too much is refused in Amount’s words', async () => {
    const { payment } = await paidInvoice('cli.refund@example.com', '500.00', '412345678905');
    expect(
      JSON.parse((await cli('refund', payment.id, '--amount', '12345', '--utr', '512345678905')).out),
    ).toMatchObject({ object: 'refund', amount: 12345, method: 'upi', upi: { utr: '512345678905' } });
    const over = await cli('refund', payment.id, '--amount', '40000');
    expect(over.exitCode).toBe(1);
    expect(over.err).toContain(`Amount must be at most what remains refundable of ${payment.id}, 37655 (₹376.55)`);
    expect((await cli('refund')).err).toContain('refund needs the ID of a payment');
  });
});

describe('voiding a tax invoice', () => {
  const GST_LINE = { description: 'Kurta', amount: '1,000.00', hsn_sac: '6211', gst_rate: '5' };

  /** Each case on an account of its own: moving one account's clock moves no other's. */
  function account() {
    const connection = { ...t.connection, apiKey: t.sandbox.createAccount().secret };
    const invoice = (gst: boolean) =>
      run(
        operations.createInvoice,
        { client_email: 'gst@example.com', currency: 'INR', items: [gst ? GST_LINE : { ...GST_LINE, gst_rate: '' }] },
        connection,
      );
    const send = (id: string) => run(operations.sendInvoice, { invoice_id: id, channel: 'email' }, connection);
    const later = (hours: number) => run(operations.advanceClock, { hours }, connection);
    const voiding = (id: string) => run(operations.voidInvoice, { invoice_id: id }, connection);
    return { connection, invoice, send, later, voiding };
  }

  test('sent and issued 25 hours ago: refused, naming Create Credit Note', async () => {
    const a = account();
    const invoice = await a.invoice(true);
    expect(invoice.tax).toBeDefined();
    await a.send(invoice.id);
    await a.later(25);
    const refused = a.voiding(invoice.id);
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 409, code: 'invoice_issued' });
    await expect(refused).rejects.toThrow(
      `${invoice.number} cannot be voided: it is a tax invoice sent to the client and issued more than 24 hours ago`,
    );
    await expect(refused).rejects.toThrow('Correct it with a credit note instead: use Create Credit Note.');
  });

  test('sent, 23 hours after issue: voided', async () => {
    const a = account();
    const invoice = await a.invoice(true);
    await a.send(invoice.id);
    await a.later(23);
    expect(await a.voiding(invoice.id)).toMatchObject({ status: 'void', amount_remaining: 0 });
  });

  test('never sent, 25 hours after issue: voided', async () => {
    const a = account();
    const invoice = await a.invoice(true);
    await a.later(25);
    expect(await a.voiding(invoice.id)).toMatchObject({ status: 'void' });
  });

  test('anything paid: refused within the window too, naming Create Credit Note and Record Refund', async () => {
    const a = account();
    const invoice = await a.invoice(true);
    await run(operations.simulatePayment, { invoice_id: invoice.id, amount: 10000 }, a.connection);
    await expect(a.voiding(invoice.id)).rejects.toThrow(
      `${invoice.number} cannot be voided: ₹100.00 of ₹1,050.00 has been paid. A tax invoice is corrected with a ` +
        'credit note: use Create Credit Note, and Record Refund for the money going back.',
    );
  });

  test('an invoice without GST keeps the old rule: sent 25 hours ago, nothing paid, voided', async () => {
    const a = account();
    const invoice = await a.invoice(false);
    expect(invoice.tax).toBeUndefined();
    await a.send(invoice.id);
    await a.later(25);
    expect(await a.voiding(invoice.id)).toMatchObject({ status: 'void' });
  });

  test('an invoice without GST whose payment was refunded in full may be voided', async () => {
    const a = account();
    const invoice = await a.invoice(false);
    const payment = await run(
      operations.recordPayment,
      { invoice_id: invoice.id, amount: '1,000.00', method: 'cash' },
      a.connection,
    );
    await expect(a.voiding(invoice.id)).rejects.toThrow('Record Refund for the payments first');
    await run(operations.recordRefund, { payment_id: payment.id, amount: '1,000.00', method: 'cash' }, a.connection);
    expect(await a.voiding(invoice.id)).toMatchObject({ status: 'void' });
  });
});
