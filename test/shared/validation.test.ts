import {
  InputError,
  clientCreateInputSchema,
  clientUpdateInputSchema,
  createInvoiceInputSchema,
  fieldLabel,
  listInvoicesQuerySchema,
  validateInput,
  webhookCreateInputSchema,
  FIELDS,
  operations,
} from '../../shared';
import { inputErrorOf } from './support';

const invoice = (currency: string, secondAmount: unknown) => ({
  client_email: 'ana@example.com',
  currency,
  items: [
    { description: 'Design', amount: 1500 },
    { description: 'Hosting', amount: secondAmount },
  ],
});
const invoiceError = (raw: unknown) => inputErrorOf(() => validateInput(createInvoiceInputSchema, raw));

describe('InputError', () => {
  test('is an Error whose message is the one issue, or a numbered summary of several', () => {
    const one = invoiceError(invoice('INR', 'abc'));
    expect(one).toBeInstanceOf(Error);
    expect(one.name).toBe('InputError');
    expect(one.issues).toHaveLength(1);
    expect(one.message).toBe(one.issues[0].message);

    const two = invoiceError({ ...invoice('INR', 'abc'), client_email: 'no' });
    expect(two.message).toBe(`Please fix 2 fields: ${two.issues[0].message}; ${two.issues[1].message}`);
  });

  test('valid input passes through, typed and normalised', () => {
    expect(validateInput(createInvoiceInputSchema, invoice('inr', '240000')).items[1].amount).toBe(240000);
  });

  test('one message per field, the most basic first', () => {
    expect(invoiceError(invoice('INR', Infinity)).issues).toEqual([
      { field: 'items[1].amount', message: 'Item 2: amount must be a whole number of paise, e.g. 1500 for ₹15.00' },
    ]);
    const blankEmail = invoiceError({ ...invoice('INR', 1), client_email: '' });
    expect(blankEmail.issues).toEqual([{ field: 'client_email', message: 'Client Email is required' }]);
    expect(blankEmail.message).toBe('Client Email is required');
  });
});

describe('amount messages name the item, the unit of the currency and an example', () => {
  test.each([
    ['INR', 'abc', 'Item 2: amount must be a whole number of paise, e.g. 1500 for ₹15.00'],
    ['inr', true, 'Item 2: amount must be a whole number of paise, e.g. 1500 for ₹15.00'],
    ['USD', 'fifteen', 'Item 2: amount must be a whole number of cents, e.g. 1500 for $15.00'],
    ['EUR', NaN, 'Item 2: amount must be a whole number of cents, e.g. 1500 for €15.00'],
    ['JPY', 'abc', 'Item 2: amount must be a whole number of yen, e.g. 15 for ¥15'],
    ['KWD', 'abc', 'Item 2: amount must be a whole number of fils, e.g. 15000 for KWD\u00a015.000'],
    ['AED', 'abc', 'Item 2: amount must be a whole number of fils, e.g. 1500 for AED\u00a015.00'],
    ['GBP', 'abc', 'Item 2: amount must be a whole number of pence, e.g. 1500 for £15.00'],
    [
      'INR',
      1.5,
      'Item 2: amount must be a whole number of paise, e.g. 1500 for ₹15.00 (you entered 1.5: amounts are in paise, without a decimal point)',
    ],
    [
      'INR',
      '15.00',
      'Item 2: amount must be a whole number of paise, e.g. 1500 for ₹15.00 (you entered 15.00: amounts are in paise, without a decimal point)',
    ],
    [
      'USD',
      ' 15.50 ',
      'Item 2: amount must be a whole number of cents, e.g. 1500 for $15.00 (you entered 15.50: amounts are in cents, without a decimal point)',
    ],
    ['INR', -1, 'Item 2: amount cannot be negative; enter a whole number of paise, e.g. 1500 for ₹15.00'],
    ['KWD', -250, 'Item 2: amount cannot be negative; enter a whole number of fils, e.g. 15000 for KWD\u00a015.000'],
    ['INR', 1e21, 'Item 2: amount must be at most 100000000000 paise (₹1,00,00,00,000.00)'],
    ['JPY', '100000000001', 'Item 2: amount must be at most 100000000000 yen (¥100,000,000,000)'],
    ['INR', '', 'Item 2: amount is required: must be a whole number of paise, e.g. 1500 for ₹15.00'],
    ['USD', undefined, 'Item 2: amount is required: must be a whole number of cents, e.g. 1500 for $15.00'],
    ['INR', null, 'Item 2: amount is required: must be a whole number of paise, e.g. 1500 for ₹15.00'],
  ])('%s, amount %p', (currency, amount, expected) => {
    const error = invoiceError(invoice(currency, amount));
    expect(error.issues).toEqual([{ field: 'items[1].amount', message: expected }]);
  });

  test('with an unusable currency the example falls back to rupees, and both problems are reported', () => {
    const error = invoiceError(invoice('RUPEES', 'abc'));
    expect(error.issues).toEqual([
      { field: 'currency', message: 'Currency must be a three-letter ISO 4217 currency code such as INR, USD or EUR' },
      { field: 'items[1].amount', message: 'Item 2: amount must be a whole number of paise, e.g. 1500 for ₹15.00' },
    ]);
  });

  test('a currency without a common unit name says "smallest unit"', () => {
    expect(invoiceError(invoice('CHF', 'abc')).issues[0].message).toBe(
      'Item 2: amount must be a whole number of the smallest unit of CHF, e.g. 1500 for CHF\u00a015.00',
    );
  });
});

describe('other invoice messages', () => {
  test('missing fields are named by their labels', () => {
    expect(invoiceError({}).issues).toEqual([
      { field: 'client_email', message: 'Client Email is required' },
      { field: 'currency', message: 'Currency is required' },
      { field: 'items', message: 'Line Items is required' },
    ]);
  });

  test('line-item list problems', () => {
    const base = invoice('INR', 1);
    expect(invoiceError({ ...base, items: [] }).issues).toEqual([
      { field: 'items', message: 'Line Items must have at least one line item' },
    ]);
    expect(invoiceError({ ...base, items: Array(101).fill({ description: 'x', amount: 1 }) }).issues).toEqual([
      { field: 'items', message: 'Line Items can have at most 100 line items' },
    ]);
    expect(invoiceError({ ...base, items: 'Design 1500' }).issues).toEqual([
      { field: 'items', message: 'Line Items must be a list of line items, each with a description and an amount' },
    ]);
    expect(invoiceError({ ...base, items: [{ description: 'x', amount: 1 }, null] }).issues).toEqual([
      { field: 'items[1]', message: 'Item 2 must have a description and an amount' },
    ]);
  });

  test('descriptions', () => {
    const withDescription = (description: unknown) => ({
      ...invoice('INR', 1),
      items: [
        { description: 'ok', amount: 1 },
        { description, amount: 1 },
      ],
    });
    expect(invoiceError(withDescription('  ')).issues).toEqual([
      { field: 'items[1].description', message: 'Item 2: description is required' },
    ]);
    expect(invoiceError(withDescription('d'.repeat(501))).issues).toEqual([
      { field: 'items[1].description', message: 'Item 2: description must be at most 500 characters' },
    ]);
  });

  test('an unknown field inside an item names the item and the field', () => {
    const error = invoiceError({
      ...invoice('INR', 1),
      items: [
        { description: 'x', amount: 1 },
        { description: 'y', amount: 2, tax: 18 },
      ],
    });
    expect(error.issues).toEqual([{ field: 'items[1].tax', message: 'Item 2: unexpected field tax' }]);
  });

  test('an unknown top-level field, a bad e-mail, an unknown currency, a bad yes/no', () => {
    const error = invoiceError({
      ...invoice('XYZ', 1),
      client_email: 'ana @example.com',
      auto_send_whatsapp: 'maybe',
      send_now: true,
      memo: 'x',
    });
    expect(error.issues).toEqual([
      {
        field: 'client_email',
        message: 'Client Email must be a valid e-mail address such as ana@example.com (no spaces, plain ASCII letters)',
      },
      { field: 'currency', message: 'Currency is not a known ISO 4217 currency code; use one such as INR, USD or EUR' },
      { field: 'auto_send_whatsapp', message: 'Send on WhatsApp must be true or false' },
      { field: 'send_now, memo', message: 'unexpected fields send_now, memo' },
    ]);
  });
});

describe('client, list and webhook messages', () => {
  test('client create', () => {
    const error = inputErrorOf(() =>
      validateInput(clientCreateInputSchema, {
        phone: '98123 45678',
        address: { line1: '12 MG Road', country: 'ZZ', zip: '411001' },
      }),
    );
    expect(error.issues).toEqual([
      { field: 'email', message: 'Email is required' },
      {
        field: 'phone',
        message: 'Phone (WhatsApp) must be in international format: + then country code and number, e.g. +919812345678',
      },
      { field: 'address.city', message: 'City is required' },
      { field: 'address.postal_code', message: 'Postal Code is required' },
      { field: 'address.country', message: 'Country is not a known country code; use one such as IN, US or GB' },
      { field: 'address.zip', message: 'Address: unexpected field zip' },
    ]);
  });

  test('client update with nothing to change', () => {
    expect(inputErrorOf(() => validateInput(clientUpdateInputSchema, { name: '' })).issues).toEqual([
      { field: 'input', message: 'Give at least one field to change: email, name, phone, company, tax ID or address' },
    ]);
  });

  test('list filters', () => {
    expect(inputErrorOf(() => validateInput(listInvoicesQuerySchema, { limit: 0, status: 'unpaid' })).issues).toEqual([
      { field: 'limit', message: 'Limit must be at least 1' },
      { field: 'status', message: 'Status must be one of open, viewed, partially_paid, paid, disputed, void' },
    ]);
  });

  test('webhook subscription: an entry of a list is named by the list label and its position', () => {
    expect(
      inputErrorOf(() =>
        validateInput(webhookCreateInputSchema, {
          url: 'ftp://files.example.com',
          events: ['invoice.paid', 'invoice.archived'],
        }),
      ).issues,
    ).toEqual([
      { field: 'url', message: 'Webhook URL must start with https:// (or http:// for a local receiver)' },
      {
        field: 'events[1]',
        message:
          'Events entry 2 must be one of invoice.created, invoice.viewed, invoice.paid, invoice.disputed, ' +
          'invoice.sent, invoice.delivery_failed, invoice.overdue, invoice.voided, invoice.refunded, credit_note.created, ' +
          'invoice.credited, debit_note.created, invoice.debited, invoice.einvoice_generated, invoice.einvoice_failed, ' +
          'invoice.einvoice_cancelled, client.created, client.updated, product.created, product.updated',
      },
    ]);
  });

  test('labels come from the field catalogue', () => {
    expect(fieldLabel('client_email')).toBe(FIELDS.invoice.clientEmail.label);
    expect(fieldLabel('amount')).toBe(FIELDS.item.amount.label);
    expect(fieldLabel('idempotency_key')).toBe(FIELDS.invoice.idempotencyKey.label);
    expect(fieldLabel('email')).toBe(FIELDS.client.email.label);
    expect(fieldLabel('no_such_field')).toBe('no_such_field');
  });
});

test('InputError carries no raw value beyond what the user typed into an amount', () => {
  const error = invoiceError({ ...invoice('INR', 1), client_email: 'secret-ish value with spaces' });
  expect(error.message).not.toContain('secret-ish');
  expect(error).toBeInstanceOf(InputError);
});

const TEE = { name: 'Tee', sku: 'TEE-1', product_type: 'goods', unit_price: '899.00', currency: 'INR' };

test("Create Product's refusals name its own fields (Product Name, SKU, Price), not a client's or a line's", () => {
  const { createProduct } = operations;
  const { name, sku, unitPrice, description } = FIELDS.product;
  const issues = (raw: object) => {
    try {
      createProduct.validate(raw);
    } catch (error) {
      return (error as InputError).issues;
    }
    throw new Error('accepted');
  };
  expect(issues({ product_type: 'goods', currency: 'INR' })).toEqual([
    { field: 'name', message: `${name.label} is required` },
    { field: 'sku', message: `${sku.label} is required` },
    { field: 'unit_price', message: expect.stringMatching(new RegExp(`^${unitPrice.label} is required`)) },
  ]);
  expect([name.label, sku.label, unitPrice.label]).toEqual(['Product Name', 'SKU', 'Price']);
  const [tooLong] = issues({ ...TEE, description: 'x'.repeat(501) });
  expect(tooLong).toEqual({ field: 'description', message: `${description.label} must be at most 500 characters` });
});
