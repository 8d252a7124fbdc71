import { FIELDS, sampleInvoice } from '../../shared';
import { api, app, appTester, authData, failure, problem } from './support';

const perform = app.creates.create_invoice.operation.perform;

const inputData = {
  client_email: 'ana@example.com',
  currency: 'inr',
  items: [
    { description: 'Website design, May', amount: '12,500.00' },
    { description: 'Hosting, 12 months', amount: 2400 },
    { description: 'Domain', amount: '0' },
  ],
  auto_send_whatsapp: 'true',
};

describe('Create Invoice', () => {
  it('sends the line items in order, the currency upper-cased and amounts typed in rupees as integers of paise', async () => {
    let body: any;
    const scope = api()
      .post('/v1/invoices', (sent) => ((body = sent), true))
      .reply(201, sampleInvoice);
    await appTester(perform, { authData, inputData });
    expect(scope.isDone()).toBe(true);
    expect(body).toEqual({
      client_email: 'ana@example.com',
      currency: 'INR',
      items: [
        { description: 'Website design, May', amount: 1250000 },
        { description: 'Hosting, 12 months', amount: 240000 },
        { description: 'Domain', amount: 0 },
      ],
      auto_send_whatsapp: true,
    });
  });

  it('returns the invoice with formatted amounts', async () => {
    api().post('/v1/invoices').reply(201, sampleInvoice);
    const invoice = await appTester(perform, { authData, inputData });
    expect(invoice).toMatchObject({
      id: sampleInvoice.id,
      amount_due_formatted: '₹14,900.00',
      items: [{ amount_formatted: '₹12,500.00' }, { amount_formatted: '₹2,400.00' }],
    });
  });

  it('shows a failed WhatsApp send in the output instead of hiding it', async () => {
    const whatsapp = {
      status: 'failed',
      error_code: 'client_phone_missing',
      error_message: 'The client has no phone number.',
    };
    api()
      .post('/v1/invoices')
      .reply(201, { ...sampleInvoice, whatsapp });
    await expect(appTester(perform, { authData, inputData })).resolves.toMatchObject({ whatsapp });
  });

  it('sends "Prevent Duplicates Key" as the Idempotency-Key header', async () => {
    const scope = api().post('/v1/invoices').matchHeader('idempotency-key', 'order-10023').reply(201, sampleInvoice);
    await appTester(perform, {
      authData,
      inputData: { ...inputData, [FIELDS.invoice.idempotencyKey.key]: 'order-10023' },
    });
    expect(scope.isDone()).toBe(true);
  });

  it('sends no Idempotency-Key header when the key is left empty', async () => {
    const scope = api({ badheaders: ['idempotency-key'] })
      .post('/v1/invoices')
      .reply(201, sampleInvoice);
    await appTester(perform, { authData, inputData: { ...inputData, [FIELDS.invoice.idempotencyKey.key]: '' } });
    expect(scope.isDone()).toBe(true);
  });

  it('reads line-item children given at the top level (mapped without the group) as parallel lists', async () => {
    let body: any;
    api()
      .post('/v1/invoices', (sent) => ((body = sent), true))
      .reply(201, sampleInvoice);
    const { items: _items, ...rest } = inputData;
    await appTester(perform, {
      authData,
      inputData: { ...rest, description: ['Design', 'Hosting'], amount: ['15', '2.00'] },
    });
    expect(body.items).toEqual([
      { description: 'Design', amount: 1500 },
      { description: 'Hosting', amount: 200 },
    ]);
  });

  it('Amounts Are In: Minor Units sends whole numbers of paise as given', async () => {
    let body: any;
    api()
      .post('/v1/invoices', (sent) => ((body = sent), true))
      .reply(201, sampleInvoice);
    await appTester(perform, {
      authData,
      inputData: { ...inputData, amount_unit: 'minor', items: [{ description: 'Design', amount: '150000' }] },
    });
    expect(body.items).toEqual([{ description: 'Design', amount: 150000 }]);
  });

  it.each([
    [
      { ...inputData, items: [inputData.items[0], { description: 'Hosting', amount: '15.005' }] },
      /Item 2: amount has more decimals than INR has \(2 decimals; you entered 15\.005\); enter an amount in INR such as 1500, 1500\.00 or 1,500\.00/,
    ],
    [
      { ...inputData, items: [{ description: 'Hosting', amount: '1.500,00' }] },
      /Item 1: amount could be read more than one way \(you entered 1\.500,00\)/,
    ],
    [{ ...inputData, items: [{ description: 'Hosting', amount: '-15' }] }, /Item 1: amount cannot be negative/],
    [
      { ...inputData, amount_unit: 'minor', items: [{ description: 'Hosting', amount: '15.00' }] },
      /Item 1: amount must be a whole number of paise, e\.g\. 1500 for ₹15\.00 \(you entered 15\.00: amounts are in paise, without a decimal point\)/,
    ],
    [{ ...inputData, client_email: 'not-an-email' }, /Client Email must be a valid e-mail address/],
    [{ ...inputData, currency: 'RUPEES' }, /Currency must be a three-letter ISO 4217 currency code/],
    [{ ...inputData, items: [] }, /Line Items must have at least one line item/],
    [
      { ...inputData, [FIELDS.invoice.idempotencyKey.key]: 'x'.repeat(256) },
      /Prevent Duplicates Key must be at most 255 characters/,
    ],
  ])('refuses invalid input before any request, naming the field (%#)', async (bad, message) => {
    const scope = api().post('/v1/invoices').reply(201, sampleInvoice);
    const error = await failure(appTester(perform, { authData, inputData: bad }));
    expect(error).toMatchObject({ name: 'AppError', code: 'invalid_input' });
    expect(error.message).toMatch(message);
    expect(scope.isDone()).toBe(false);
  });

  it('lists each field the service rejects (422)', async () => {
    api()
      .post('/v1/invoices')
      .reply(
        422,
        problem(422, 'validation_failed', 'Invalid input.', {
          errors: [
            { param: 'client_email', message: 'is blocked' },
            { param: 'items[0].description', message: 'is too long' },
          ],
        }),
      );
    const error = await failure(appTester(perform, { authData, inputData }));
    expect(error.message).toMatch(
      /Client Email \(client_email\): is blocked; Description \(items\[0\]\.description\): is too long/,
    );
  });

  it('names a reused idempotency key', async () => {
    api()
      .post('/v1/invoices')
      .reply(422, problem(422, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request.'));
    const error = await failure(appTester(perform, { authData, inputData }));
    expect(error).toMatchObject({ name: 'AppError', code: 'idempotency_key_reused' });
    expect(error.message).toContain('different request');
  });

  it.each([
    [401, 'ExpiredAuthError', /Reconnect/],
    [403, 'AppError', /refused this request/],
    [429, 'ThrottledError', /Too many requests/],
    [500, 'AppError', /failing right now \(HTTP 500\).*can be replayed/],
    [502, 'AppError', /failing right now \(HTTP 502\).*can be replayed/],
  ])('maps HTTP %i to %s with a readable message', async (status, name, message) => {
    api()
      .post('/v1/invoices')
      .reply(status, problem(status, 'x', 'Something happened.'));
    const error = await failure(appTester(perform, { authData, inputData }));
    expect(error.name).toBe(name);
    expect(error.message).toMatch(message);
  });
});
