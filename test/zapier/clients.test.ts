import { sampleClient, sampleInvoice } from '../../shared';
import { api, app, appTester, authData, failure, problem } from './support';

const { create_client: createClient, update_client: updateClient } = app.creates;
const { find_client: findClient, find_invoice: findInvoice } = app.searches;

describe('Create Client', () => {
  it('sends the contact details and folds the address fields into one address', async () => {
    let body: any;
    api()
      .post('/v1/clients', (sent) => ((body = sent), true))
      .reply(201, sampleClient);
    const client = await appTester(createClient.operation.perform, {
      authData,
      inputData: {
        email: ' ana@example.com ',
        name: 'Ana Sharma',
        phone: '+91 98123 45678',
        company: '',
        line1: '12 MG Road',
        city: 'Pune',
        postal_code: '411001',
        country: 'in',
      },
    });
    expect(body).toEqual({
      email: 'ana@example.com',
      name: 'Ana Sharma',
      phone: '+919812345678',
      address: { line1: '12 MG Road', city: 'Pune', postal_code: '411001', country: 'IN' },
    });
    expect(client).toMatchObject({ id: sampleClient.id });
  });

  it('refuses a partial address before sending, naming the missing parts', async () => {
    const scope = api().post('/v1/clients').reply(201, sampleClient);
    const error = await failure(
      appTester(createClient.operation.perform, { authData, inputData: { email: 'ana@example.com', city: 'Pune' } }),
    );
    expect(error.message).toMatch(/Address Line 1 is required.*Postal Code is required.*Country is required/);
    expect(scope.isDone()).toBe(false);
  });

  it('says so when a client with that e-mail already exists (409)', async () => {
    api()
      .post('/v1/clients')
      .reply(409, problem(409, 'client_exists', 'A client with this email already exists.'));
    const error = await failure(
      appTester(createClient.operation.perform, { authData, inputData: { email: 'ana@example.com' } }),
    );
    expect(error).toMatchObject({ name: 'AppError', code: 'client_exists' });
    expect(error.message).toContain('already exists');
  });
});

describe('Update Client', () => {
  it('patches only the fields given', async () => {
    let body: any;
    const scope = api()
      .patch(`/v1/clients/${sampleClient.id}`, (sent) => ((body = sent), true))
      .reply(200, sampleClient);
    await appTester(updateClient.operation.perform, {
      authData,
      inputData: { client_id: sampleClient.id, phone: '+919812345678', name: '' },
    });
    expect(scope.isDone()).toBe(true);
    expect(body).toEqual({ phone: '+919812345678' });
  });

  it('needs a client ID and at least one change', async () => {
    const error = await failure(
      appTester(updateClient.operation.perform, { authData, inputData: { client_id: 'nope' } }),
    );
    expect(error.message).toContain('Client ID must be an ID starting cli_');
    const noChange = await failure(
      appTester(updateClient.operation.perform, { authData, inputData: { client_id: sampleClient.id } }),
    );
    expect(noChange.message).toContain('at least one field');
  });
});

describe('Find Client', () => {
  it('finds a client by e-mail', async () => {
    api()
      .get('/v1/clients')
      .query({ email: 'ana@example.com', limit: 1 })
      .reply(200, { object: 'list', data: [sampleClient], has_more: false });
    await expect(
      appTester(findClient.operation.perform, { authData, inputData: { email: 'ana@example.com' } }),
    ).resolves.toEqual([sampleClient]);
  });

  it('returns nothing when no client has that e-mail, so Find or Create creates one', async () => {
    api().get('/v1/clients').query(true).reply(200, { object: 'list', data: [], has_more: false });
    await expect(
      appTester(findClient.operation.perform, { authData, inputData: { email: 'new@example.com' } }),
    ).resolves.toEqual([]);
  });

  it('is offered as Find or Create (and Update) Client', () => {
    expect(app.searchOrCreates.find_client).toMatchObject({
      search: 'find_client',
      create: 'create_client',
      update: 'update_client',
    });
  });
});

describe('Find Invoice', () => {
  it('finds an invoice by ID, with formatted amounts', async () => {
    api().get(`/v1/invoices/${sampleInvoice.id}`).reply(200, sampleInvoice);
    const found = await appTester(findInvoice.operation.perform, {
      authData,
      inputData: { invoice_id: sampleInvoice.id },
    });
    expect(found).toMatchObject([{ id: sampleInvoice.id, amount_due_formatted: '₹14,900.00' }]);
  });

  it('finds an invoice by number', async () => {
    api()
      .get('/v1/invoices')
      .query({ number: 'INV-000123', limit: 1 })
      .reply(200, { object: 'list', data: [sampleInvoice], has_more: false });
    await expect(
      appTester(findInvoice.operation.perform, { authData, inputData: { number: 'INV-000123' } }),
    ).resolves.toMatchObject([{ number: 'INV-000123' }]);
  });

  it('returns nothing for an unknown ID', async () => {
    api()
      .get('/v1/invoices/inv_missing')
      .reply(404, problem(404, 'not_found', 'No such invoice.'));
    await expect(
      appTester(findInvoice.operation.perform, { authData, inputData: { invoice_id: 'inv_missing' } }),
    ).resolves.toEqual([]);
  });

  it('asks for an ID or a number when given neither', async () => {
    const error = await failure(appTester(findInvoice.operation.perform, { authData, inputData: {} }));
    expect(error.message).toMatch(/Invoice ID .* or an Invoice Number/);
  });
});
