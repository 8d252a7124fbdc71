/**
 * Issue 32's defects, one case each, through the core both platforms share (and, where the defect was a
 * platform's, through Zapier's own pipeline): every bad input refused before any request, naming the field
 * in the unit it takes, with a bounded message.
 */
import {
  FIELDS,
  InputError,
  MAX_MESSAGE,
  sampleCreditNote,
  sampleInvoice,
  samplePayment,
  sampleRefund,
  networkError,
  normalizeError,
  operations,
  runOperation,
  type HttpRequest,
} from '../../shared';
import { sampleTaxInvoice } from '../../shared/samples';
import { nock } from '../zapier/nock';
import { API_KEY, BASE_URL } from './support/inputs';

// ./support/inputs loads nock, which patches the `http` module this jest worker shares with the next test files;
// left active, the Zapier unit tests after it in the worker met its stale interception ("Nock: No match").
afterAll(() => nock.restore());

const { createInvoice, createClient, recordPayment } = operations;
const connection = { apiKey: API_KEY, baseUrl: BASE_URL };
const invoice = {
  client_email: 'ana@example.com',
  currency: 'INR',
  items: [{ description: 'Design', amount: '1,500.00' }],
};
const payment = { invoice_id: 'inv_3MtwBwLkdIwHu7ix', method: 'cash', amount: '1500' };

/** A service that records what it is asked and answers a rupee invoice. */
function recorder() {
  const sent: HttpRequest[] = [];
  const send = async (request: HttpRequest) => {
    sent.push(request);
    if (request.url.endsWith('/payments')) return { status: 201, body: samplePayment };
    return { status: request.method === 'GET' ? 200 : 201, body: { ...sampleInvoice, currency: 'INR' } };
  };
  return { sent, send };
}

async function refusal(work: Promise<unknown>): Promise<string> {
  const outcome = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof InputError)) throw new Error(`expected an InputError, got ${String(outcome)}`);
  return outcome.message;
}

const refuseInvoice = (raw: object) => refusal(Promise.resolve().then(() => createInvoice.validate(raw)));

describe('messages in the unit the field takes', () => {
  test.each([
    ['missing', { description: 'Design' }],
    ['a boolean', { description: 'Design', amount: true }],
    ['an object', { description: 'Design', amount: {} }],
  ])('Create Invoice, amount %s, in currency units: no paise in the message', async (_name, item) => {
    const message = await refuseInvoice({ ...invoice, items: [item] });
    expect(message).toContain('Item 1: amount');
    expect(message).not.toMatch(/paise|whole number/);
    expect(message).toContain('1,500.00');
  });

  test('in USD the example is in dollars, not cents', async () => {
    const message = await refuseInvoice({ ...invoice, currency: 'USD', items: [{ description: 'Design' }] });
    expect(message).not.toMatch(/cents/);
  });

  test('in minor units the message still speaks paise', async () => {
    const message = await refuseInvoice({ ...invoice, amount_unit: 'minor', items: [{ description: 'Design' }] });
    expect(message).toContain('paise');
  });
});

describe('impossible calendar dates', () => {
  test.each([
    '2026-02-30',
    '2025-02-29',
    '2026-06-31T10:00:00+05:30',
    '2026-04-31',
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:60:00Z',
  ])('Paid At %s is refused before any request', async (paidAt) => {
    const { sent, send } = recorder();
    const message = await refusal(recordPayment.run(connection, { ...payment, paid_at: paidAt }, send));
    expect(message).toMatch(/^Paid At .*(does not exist|must be)/);
    expect(sent).toEqual([]);
  });

  test('2024-02-29 (a leap day) is accepted', async () => {
    const { sent, send } = recorder();
    await recordPayment.run(connection, { ...payment, paid_at: '2024-02-29' }, send);
    expect(sent.at(-1)?.body).toMatchObject({ paid_at: '2024-02-29T00:00:00Z' });
  });
});

describe('amounts and IDs checked before any read', () => {
  test.each<[string, unknown]>([
    ['-1', -1],
    ['-1 as text', '-1'],
    ['1e21', 1e21],
    ['NaN', NaN],
    ['1 MB of digits', '9'.repeat(1_000_000)],
    ['5 decimals', '1.00005'],
    ['a number with 5 decimals', 1.00005],
    // The invoice's currency is read only after: past the 2 decimals of rupees the amount names its currency.
    ['3 decimals without a currency', '1.005'],
    ['3 decimals marked as rupees', '₹1.005'],
    ['4 decimals marked as dinars (KWD has 3)', 'KWD 1.0005'],
  ])('Record Payment amount %s: no request', async (_name, amount) => {
    const { sent, send } = recorder();
    const message = await refusal(recordPayment.run(connection, { ...payment, amount }, send));
    expect(message).toMatch(/^Amount /);
    expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(sent).toEqual([]);
  });

  test('"1.005" says how to write a 3-decimal currency\'s amount', async () => {
    const { sent, send } = recorder();
    const message = await refusal(recordPayment.run(connection, { ...payment, amount: '1.005' }, send));
    expect(message).toMatch(/has 3 decimals; rupees .* 2\b.*"KWD 1\.005"/);
    expect(sent).toEqual([]);
  });

  test('a 3-decimal amount that names its currency reads the invoice, and records nothing on a rupee one', async () => {
    const { sent, send } = recorder();
    const message = await refusal(recordPayment.run(connection, { ...payment, amount: 'KWD 1.005' }, send));
    expect(message).toMatch(/marked KWD, not INR/);
    expect(sent.map((request) => request.method)).toEqual(['GET']);
  });

  test('a 1 MB invoice ID: refused, no request', async () => {
    const { sent, send } = recorder();
    const message = await refusal(
      recordPayment.run(connection, { ...payment, invoice_id: `inv_${'a'.repeat(1_000_000)}` }, send),
    );
    expect(message).toMatch(/^Invoice ID must be at most \d+ characters/);
    expect(sent).toEqual([]);
  });
});

describe('every string bounded, every message bounded', () => {
  test('10,000 bad lines: the first few problems and the count, within the bound', async () => {
    const items = Array.from({ length: 10_000 }, () => ({
      description: 'x'.repeat(600),
      amount: '1.2.3'.repeat(1000),
    }));
    const message = await refuseInvoice({ ...invoice, items });
    expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(message).toContain(FIELDS.invoice.items.label);
  });

  test('100 lines, each broken: names the first ones and how many more', async () => {
    const items = Array.from({ length: 100 }, () => ({ description: 'Design', amount: 'ten' }));
    const message = await refuseInvoice({ ...invoice, items });
    expect(message).toMatch(/^Please fix 100 fields: Item 1: amount/);
    expect(message).toMatch(/and 9\d more/);
    expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE);
  });

  test('an amount echoed back is shortened', async () => {
    const message = await refuseInvoice({
      ...invoice,
      items: [{ description: 'Design', amount: `1,5${'0'.repeat(5000)}` }],
    });
    expect(message.length).toBeLessThanOrEqual(300);
  });

  test('a long search starting point is refused, not sent as a 1 MB URL', async () => {
    const { sent, send } = recorder();
    const message = await refusal(
      runOperation(operations.listInvoices, connection, { starting_after: `inv_${'a'.repeat(1_000_000)}` }, send),
    );
    expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(sent).toEqual([]);
  });
});

describe('free text', () => {
  test.each([
    ['NUL', 'Design\u0000'],
    ['ESC', 'Design \u001b[31mred'],
    ['a bidi override', 'Design \u202Egpj.exe'],
    ['a bidi isolate', 'Design \u2066x\u2069'],
    ['a lone surrogate', 'Design \uD800'],
    ['DEL', 'Design\u007f'],
    ['a C1 control', 'Design\u0085'],
  ])('a description with %s is refused, naming the character', async (_name, description) => {
    const message = await refuseInvoice({ ...invoice, items: [{ description, amount: '1' }] });
    expect(message).toMatch(/^Item 1: description .*U\+[0-9A-F]{4}/);
  });

  test.each([
    ['a new line', 'Design\nand build'],
    ['a tab', 'Design\tbuild'],
    ['Hindi with its joiners', 'डिज़ाइन क्ष\u200D'],
    ['Arabic', 'تصميم'],
    ['an emoji with a ZWJ', '👩🏽‍💻'],
  ])('a description with %s is accepted', async (_name, description) => {
    const validated = createInvoice.validate({ ...invoice, items: [{ description, amount: '1' }] });
    expect(validated.items[0].description).toBe(description);
  });

  test('a client name with ESC is refused', async () => {
    const message = await refusal(
      Promise.resolve().then(() => createClient.validate({ email: 'ana@example.com', name: 'Ana\u001b' })),
    );
    expect(message).toMatch(/^Name .*U\+001B/);
  });
});

describe("service answers and connection faults in the field's words", () => {
  test('an idempotency conflict names Prevent Duplicates Key', () => {
    for (const code of ['idempotency_in_progress', 'idempotency_key_reused']) {
      const error = normalizeError({
        status: 409,
        body: {
          type: 'about:blank',
          title: 'Conflict',
          code,
          detail: 'A request with this Idempotency-Key header is still in progress.',
        },
      });
      expect(error.message).toContain('Prevent Duplicates Key');
      expect(error.message).not.toContain('Idempotency-Key');
    }
  });

  test('an API key with non-ASCII characters is told about the key, not the base URL', () => {
    const cause = Object.assign(new TypeError('Invalid character in header content ["Authorization"]'), {
      code: 'ERR_INVALID_CHAR',
    });
    const error = networkError(cause);
    expect(error.message).toContain('API Key');
    expect(error.message).not.toContain('base URL');
  });
});

describe('the invoice after it is created: refused before any request, naming the field', () => {
  const { sendInvoice, voidInvoice, downloadInvoicePdf, listInvoices } = operations;
  const id = { invoice_id: 'inv_3MtwBwLkdIwHu7ix' };
  test.each<[string, () => { run(c: typeof connection, raw: unknown, send: never): Promise<unknown> }, object, RegExp]>(
    [
      ['Send By "sms"', () => sendInvoice, { ...id, channel: 'sms' }, /^Send By must be one of whatsapp, email/],
      ['Message "nag"', () => sendInvoice, { ...id, kind: 'nag' }, /^Message must be one of invoice, reminder/],
      ['Send without an invoice', () => sendInvoice, { channel: 'email' }, /^Invoice ID is required/],
      ['Send to an invoice number', () => sendInvoice, { invoice_id: 'INV-000123' }, /^Invoice ID /],
      ['Void of a 1 MB ID', () => voidInvoice, { invoice_id: `inv_${'a'.repeat(1_000_000)}` }, /^Invoice ID must be/],
      ['Download PDF of an empty ID', () => downloadInvoicePdf, { invoice_id: ' ' }, /^Invoice ID /],
      ['Days Overdue 0', () => listInvoices, { days_overdue: 0 }, /^Days Overdue must be a whole number of days/],
      [
        'Due Before 2026-02-30',
        () => listInvoices,
        { due_before: '2026-02-30' },
        /^Due Before does not exist: February 2026 has 28 days/,
      ],
    ],
  )('%s', async (_name, operation, raw, expected) => {
    const { sent, send } = recorder();
    const message = await refusal(operation().run(connection, raw, send as never));
    expect(message).toMatch(expected);
    expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(sent).toEqual([]);
  });

  test.each([
    ['an impossible due date', { due_date: '2026-02-30' }, /^Due Date does not exist: February 2026 has 28 days/],
    ['terms not offered', { payment_terms: 'net_90' }, /^Payment Terms must be one of /],
    [
      'a due date already past',
      { due_date: '2020-01-31' },
      /^Due Date must be today \(\d{4}-\d\d-\d\d, India time\) or later, not 2020-01-31/,
    ],
    ['a due date and terms', { due_date: '2026-12-01', payment_terms: 'net_15' }, /^Payment Terms takes a due date or/],
  ])('Create Invoice with %s', async (_name, due, expected) => {
    const { sent, send } = recorder();
    const message = await refusal(createInvoice.run(connection, { ...invoice, ...due }, send));
    expect(message).toMatch(expected);
    expect(sent).toEqual([]);
  });
});

describe('credit and debit notes and refunds: refused before any request, or after the one read, before any write', () => {
  const { createCreditNote, createDebitNote, recordRefund, downloadCreditNotePdf } = operations;
  const note = { invoice_id: sampleTaxInvoice.id, note_reason: 'sales_return' };
  /** A service whose invoice and payment read as given; a POST answers as if issued. */
  const service = (invoice: object, paid: object = {}) => {
    const sent: HttpRequest[] = [];
    const send = async (request: HttpRequest) => {
      sent.push(request);
      if (request.method !== 'GET') {
        return { status: 201, body: request.url.includes('/refunds') ? sampleRefund : sampleCreditNote };
      }
      if (request.url.includes('/payments/')) return { status: 200, body: { ...samplePayment, ...paid } };
      return { status: 200, body: { ...sampleTaxInvoice, ...invoice } };
    };
    return { sent, send };
  };
  type Run = { run(c: typeof connection, raw: unknown, send: never): Promise<unknown> };

  test.each<[string, () => Run, object, RegExp]>([
    [
      'a reason not in the list',
      () => createCreditNote,
      { ...note, note_reason: 'returned' },
      /^Reason must be one of /,
    ],
    ['units without a line', () => createCreditNote, { ...note, quantity: '1' }, /^Quantity needs Invoice Line/],
    [
      'a debit note of nothing',
      () => createDebitNote,
      { ...note, note_reason: 'correction' },
      /^Taxable Amount is required/,
    ],
    ['a taxable amount of 0', () => createCreditNote, { ...note, taxable_amount: '0' }, /^Taxable Amount /],
    ['a refund of 0', () => recordRefund, { payment_id: samplePayment.id, method: 'cash', amount: '0' }, /^Amount /],
    ['a note PDF of an empty ID', () => downloadCreditNotePdf, { credit_note_id: ' ' }, /^Credit Note ID /],
  ])('%s: no request', async (_name, operation, raw, expected) => {
    const { sent, send } = service({});
    const message = await refusal(operation().run(connection, raw, send as never));
    expect(message).toMatch(expected);
    expect(sent).toEqual([]);
  });

  const number = sampleTaxInvoice.number;
  // The invoice: ₹14,900.00 taxable at 18 % within Maharashtra, ₹17,582.00 with its CGST and SGST.
  test.each<[string, () => Run, object, object, object, string]>([
    [
      'a credit note on a void invoice',
      () => createCreditNote,
      { status: 'void' },
      {},
      { ...note, taxable_amount: '100.00' },
      `Invoice ID is ${number}, which is void: no credit note can be issued on it`,
    ],
    [
      'a debit note on a void invoice',
      () => createDebitNote,
      { status: 'void' },
      {},
      { ...note, note_reason: 'correction', taxable_amount: '100.00' },
      `Invoice ID is ${number}, which is void: no debit note can be issued on it`,
    ],
    [
      // By hand: 14,900.01 + 9 % (1,341.0009 → 1,341.00) twice = ₹17,582.01, a paisa more than the total.
      'a lump sum a paisa more than remains',
      () => createCreditNote,
      {},
      {},
      { ...note, taxable_amount: '14,900.01' },
      `Taxable Amount is more than remains creditable of ${number}: this note would credit ₹17,582.01 with GST, ` +
        'and ₹17,582.00 remains (its total less earlier credit notes)',
    ],
    [
      'a credit note when earlier ones credited it all',
      () => createCreditNote,
      { amount_credited: 1758200 },
      {},
      note,
      `Invoice ID is ${number}, which has nothing left to credit: its notes so far have credited all of it (₹17,582.00)`,
    ],
    [
      'a refund a paisa above what remains of the payment',
      () => recordRefund,
      {},
      { amount: 50000, amount_refunded: 20000 },
      { payment_id: samplePayment.id, method: 'cash', amount: '300.01' },
      `Amount must be at most what remains refundable of ${samplePayment.id}, 30000 (₹300.00)`,
    ],
    [
      'a refund of a payment refunded in full',
      () => recordRefund,
      {},
      { amount: 50000, amount_refunded: 50000 },
      { payment_id: samplePayment.id, method: 'cash', amount: '1.00' },
      `Payment ID is ${samplePayment.id}, which has been refunded in full (₹500.00): nothing remains to refund`,
    ],
  ])('%s: the one read, then refused', async (_name, operation, invoice, paid, raw, expected) => {
    const { sent, send } = service(invoice, paid);
    expect(await refusal(operation().run(connection, raw, send as never))).toBe(expected);
    expect(sent.map((request) => request.method)).toEqual(['GET']);
  });

  test('at the limit each is sent: all that remains of the invoice, all that remains of the payment', async () => {
    const credit = service({});
    await createCreditNote.run(connection, { ...note, taxable_amount: '14,900.00' }, credit.send as never);
    expect(credit.sent.map((request) => [request.method, request.body])).toEqual([
      ['GET', undefined],
      ['POST', { note_reason: 'sales_return', taxable_amount: 1490000 }],
    ]);
    const refund = service({}, { amount: 50000, amount_refunded: 20000 });
    await recordRefund.run(
      connection,
      { payment_id: samplePayment.id, method: 'cash', amount: '300.00' },
      refund.send as never,
    );
    expect(refund.sent.map((request) => request.method)).toEqual(['GET', 'POST']);
  });
});
