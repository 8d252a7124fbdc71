/**
 * Amounts as Indians write them (issue 32): lakh and crore grouping, the currency's own symbol or code
 * before or after, accepted exactly where they cannot be read two ways; every currency money.ts lists.
 */
import {
  isKnownCurrency,
  operations,
  readAmount,
  sampleCreditNote,
  sampleDebitNote,
  samplePayment,
  sampleInvoice,
  sampleRefund,
  type HttpRequest,
} from '../../shared';

const reading = (raw: unknown, currency: string) => readAmount(raw, currency);

describe('accepted', () => {
  test.each([
    ['1,50,000.00', 'INR', 15_000_000],
    ['1,50,000', 'INR', 15_000_000],
    ['12,34,567.89', 'INR', 123_456_789],
    ['1,00,00,000', 'INR', 1_000_000_000],
    ['₹1,500.00', 'INR', 150_000],
    ['₹ 1,50,000', 'INR', 15_000_000],
    ['1500 INR', 'INR', 150_000],
    ['INR 1,500.00', 'INR', 150_000],
    ['inr 1500', 'INR', 150_000],
    ['Rs. 1,500', 'INR', 150_000],
    ['Rs 1500.50', 'INR', 150_050],
    ['1,500.00 ₹', 'INR', 150_000],
    ['$19.99', 'USD', 1999],
    ['19.99 USD', 'USD', 1999],
    ['€1,500.00', 'EUR', 150_000],
    ['£12', 'GBP', 1200],
    ['¥1,500', 'JPY', 1500],
    ['A$15', 'AUD', 1500],
    ['KWD 1.500', 'KWD', 1500],
    ['1.2345 CLF', 'CLF', 12345],
    ['1,50,000', 'USD', 15_000_000],
  ] as const)('%p %s → %i', (raw, currency, minor) => {
    expect(reading(raw, currency)).toEqual({ ok: true, minor });
  });
});

describe('refused, saying what would be accepted', () => {
  test.each([
    ['1.500,00', 'INR', /could be read more than one way/],
    ['1,5,00', 'INR', /could be read more than one way/],
    ['1,50,00', 'INR', /could be read more than one way/],
    ['15,00,0', 'INR', /could be read more than one way/],
    ['$1,500', 'INR', /\$ .*not INR/],
    ['₹1500', 'USD', /₹ .*not USD/],
    ['$15', 'AUD', /\$ .*not AUD/],
    ['1500 USD', 'INR', /USD, not INR/],
    ['₹1500 INR', 'INR', /could be read more than one way/],
    ['-₹1,500', 'INR', /cannot be negative/],
    ['₹-1,500', 'INR', /cannot be negative/],
    ['Rs. 1.500,00', 'INR', /could be read more than one way/],
    ['1500 rupees', 'INR', /could be read more than one way|not INR/],
  ] as const)('%p %s', (raw, currency, message) => {
    const result = reading(raw, currency);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(message);
      expect(result.message).toMatch(/enter an amount in/);
    }
  });
});

test.each(['CLF', 'UYI', 'UYW', 'INR', 'KWD'])('%s, listed in money.ts, is a currency an invoice can be in', (code) => {
  expect(isKnownCurrency(code)).toBe(true);
  expect(
    operations.createInvoice.validate({
      client_email: 'ana@example.com',
      currency: code,
      items: [{ description: 'Design', amount: '1' }],
    }),
  ).toMatchObject({ currency: code });
});

describe('"1,50,000.00" reaches the service as 15000000', () => {
  const sent: HttpRequest[] = [];
  // ₹10,00,000.00 owed or paid, so a correction of ₹1,50,000 is within what remains.
  const roomy = { amount_due: 100_000_000, amount_remaining: 100_000_000 };
  const send = async (request: HttpRequest) => {
    sent.push(request);
    if (request.url.endsWith('/payments')) return { status: 201, body: samplePayment };
    if (request.url.endsWith('/credit_notes')) return { status: 201, body: sampleCreditNote };
    if (request.url.endsWith('/debit_notes')) return { status: 201, body: sampleDebitNote };
    if (request.url.endsWith('/refunds')) return { status: 201, body: sampleRefund };
    if (request.url.includes('/payments/')) return { status: 200, body: { ...samplePayment, amount: 100_000_000 } };
    return { status: request.method === 'GET' ? 200 : 201, body: { ...sampleInvoice, currency: 'INR', ...roomy } };
  };
  beforeEach(() => {
    sent.length = 0;
  });

  test('Create Invoice', () => {
    const input = operations.createInvoice.validate({
      client_email: 'ana@example.com',
      currency: 'INR',
      items: [{ description: 'Design', amount: '1,50,000.00' }],
    });
    expect(input.items).toEqual([{ description: 'Design', amount: 15_000_000 }]);
  });

  test('Record Payment, "₹1,50,000" checked before the invoice is read', async () => {
    await operations.recordPayment.run(
      { apiKey: 'k', baseUrl: 'http://x.test' },
      { invoice_id: 'inv_1', method: 'cash', amount: '₹1,50,000' },
      send,
    );
    expect(sent.map((request) => request.method)).toEqual(['GET', 'POST']);
    expect(sent[1].body).toMatchObject({ amount: 15_000_000 });
  });

  test('Record Payment, "1500 rupees" refused before the invoice is read', async () => {
    await expect(
      operations.recordPayment.run(
        { apiKey: 'k', baseUrl: 'http://x.test' },
        { invoice_id: 'inv_1', method: 'cash', amount: '1500 rupees' },
        send,
      ),
    ).rejects.toThrow(/^Amount /);
    expect(sent).toEqual([]);
  });

  // Issue 40: a note's taxable amount is in its invoice's currency and a refund's in its payment's, read first.
  const corrections = [
    [
      'Create Credit Note',
      () => operations.createCreditNote,
      { invoice_id: 'inv_1', note_reason: 'others' },
      'taxable_amount',
    ],
    [
      'Create Debit Note',
      () => operations.createDebitNote,
      { invoice_id: 'inv_1', note_reason: 'others' },
      'taxable_amount',
    ],
    ['Record Refund', () => operations.recordRefund, { payment_id: 'pay_1', method: 'cash' }, 'amount'],
  ] as const;

  test.each(corrections)('%s, "₹1,50,000" checked before the read', async (_, operation, given, key) => {
    await operation().run({ apiKey: 'k', baseUrl: 'http://x.test' }, { ...given, [key]: '₹1,50,000' }, send);
    expect(sent.map((request) => request.method)).toEqual(['GET', 'POST']);
    expect(sent[1].body).toMatchObject({ [key]: 15_000_000 });
  });

  test.each(corrections)('%s, "1500 rupees" refused before the read', async (_, operation, given, key) => {
    const run = operation().run({ apiKey: 'k', baseUrl: 'http://x.test' }, { ...given, [key]: '1500 rupees' }, send);
    await expect(run).rejects.toThrow(key === 'amount' ? /^Amount / : /^Taxable Amount /);
    expect(sent).toEqual([]);
  });
});
