import {
  SERVICE,
  keyMode,
  normalizeBaseUrl,
  operations,
  runOperation,
  validateInput,
  createInvoiceInputSchema,
  type HttpRequest,
} from '../../shared';
import { LIVE_KEY, TEST_KEY } from './support';

const sandbox = { apiKey: TEST_KEY, baseUrl: 'http://127.0.0.1:4010' };
const auth = { Authorization: `Bearer ${TEST_KEY}`, Accept: 'application/json' };
const jsonAuth = { ...auth, 'Content-Type': 'application/json' };

describe('base URL normalisation', () => {
  test.each([
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:4010/', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:4010///', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:4010/v1', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:4010/v1/', 'http://127.0.0.1:4010'],
    ['  https://api.example.com/v1/  ', 'https://api.example.com'],
    ['https://proxy.example.com/invoicing', 'https://proxy.example.com/invoicing'],
    ['https://proxy.example.com/invoicing/v1/', 'https://proxy.example.com/invoicing'],
    ['https://api.example.com/v10', 'https://api.example.com/v10'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeBaseUrl(input)).toBe(expected);
  });

  test.each([undefined, '', '   '])('%j falls back to the production default', (input) => {
    expect(normalizeBaseUrl(input)).toBe('https://api.invoicing.example');
  });

  test.each([
    'http://127.0.0.1:4010',
    'http://127.0.0.1:4010/',
    'http://127.0.0.1:4010/v1',
    'http://127.0.0.1:4010/v1/',
  ])('every spelling of %j yields the same request URL', (baseUrl) => {
    expect(operations.getAccount.request({ apiKey: TEST_KEY, baseUrl }, {}).url).toBe(
      'http://127.0.0.1:4010/v1/account',
    );
  });

  test('no base URL → the default host with /v1', () => {
    expect(operations.getAccount.request({ apiKey: TEST_KEY }, {}).url).toBe(
      'https://api.invoicing.example/v1/account',
    );
    expect(SERVICE.defaultBaseUrl).toBe('https://api.invoicing.example/');
  });

  test('a route is the path as servers route it: the version, then each path key as a parameter', () => {
    expect(operations.getInvoice.route).toBe('/v1/invoices/:invoice_id');
    expect(operations.simulatePayment.route).toBe('/v1/test_helpers/invoices/:invoice_id/pay');
    expect(operations.listInvoices.route).toBe('/v1/invoices');
  });
});

describe('key mode', () => {
  test('live and test prefixes are told apart; anything else is unknown', () => {
    expect(keyMode(LIVE_KEY)).toBe('live');
    expect(keyMode(TEST_KEY)).toBe('test');
    expect(keyMode('sk_live_abc')).toBeUndefined();
    expect(keyMode('IK_LIVE_abc')).toBeUndefined();
    expect(keyMode('')).toBeUndefined();
  });
});

/** Every builder with the exact request it must produce. */
const cases: Array<[string, HttpRequest, Omit<HttpRequest, 'headers'> & { headers?: Record<string, string> }]> = [
  [
    'getAccount',
    operations.getAccount.request(sandbox, {}),
    { method: 'GET', url: 'http://127.0.0.1:4010/v1/account' },
  ],
  [
    'getInvoice',
    operations.getInvoice.request(sandbox, { invoice_id: 'inv_123' }),
    { method: 'GET', url: 'http://127.0.0.1:4010/v1/invoices/inv_123' },
  ],
  [
    'listInvoices (no query)',
    operations.listInvoices.request(sandbox, {}),
    { method: 'GET', url: 'http://127.0.0.1:4010/v1/invoices' },
  ],
  [
    'listInvoices (all filters)',
    operations.listInvoices.request(sandbox, {
      status: 'paid',
      client_email: 'ana@example.com',
      number: 'INV-000123',
      limit: 25,
      starting_after: 'inv_9',
    }),
    {
      method: 'GET',
      url: 'http://127.0.0.1:4010/v1/invoices?status=paid&client_email=ana%40example.com&number=INV-000123&limit=25&starting_after=inv_9',
    },
  ],
  [
    'listInvoices (undefined params omitted)',
    operations.listInvoices.request(sandbox, {
      status: undefined,
      client_email: undefined,
      number: 'INV 7&8',
      limit: undefined,
      starting_after: undefined,
    }),
    { method: 'GET', url: 'http://127.0.0.1:4010/v1/invoices?number=INV+7%268' },
  ],
  [
    'getClient',
    operations.getClient.request(sandbox, { client_id: 'cli_42' }),
    { method: 'GET', url: 'http://127.0.0.1:4010/v1/clients/cli_42' },
  ],
  [
    'listClients',
    operations.listClients.request(sandbox, { email: 'a+b@example.com', limit: 1, starting_after: undefined }),
    { method: 'GET', url: 'http://127.0.0.1:4010/v1/clients?email=a%2Bb%40example.com&limit=1' },
  ],
  [
    'listClients (no query)',
    operations.listClients.request(sandbox, {}),
    { method: 'GET', url: 'http://127.0.0.1:4010/v1/clients' },
  ],
  [
    'listWebhooks',
    operations.listWebhooks.request(sandbox, { limit: 100 }),
    { method: 'GET', url: 'http://127.0.0.1:4010/v1/webhooks?limit=100' },
  ],
  [
    'listWebhooks (no query)',
    operations.listWebhooks.request(sandbox, {}),
    { method: 'GET', url: 'http://127.0.0.1:4010/v1/webhooks' },
  ],
  [
    'getWebhook',
    operations.getWebhook.request(sandbox, { webhook_id: 'we_1' }),
    { method: 'GET', url: 'http://127.0.0.1:4010/v1/webhooks/we_1' },
  ],
  [
    'deleteWebhook',
    operations.deleteWebhook.request(sandbox, { webhook_id: 'we_1' }),
    { method: 'DELETE', url: 'http://127.0.0.1:4010/v1/webhooks/we_1' },
  ],
  [
    'listEvents',
    operations.listEvents.request(sandbox, { type: 'invoice.paid', limit: 3 }),
    { method: 'GET', url: 'http://127.0.0.1:4010/v1/events?type=invoice.paid&limit=3' },
  ],
  [
    'listEvents (no query)',
    operations.listEvents.request(sandbox, {}),
    { method: 'GET', url: 'http://127.0.0.1:4010/v1/events' },
  ],
  [
    'createClient',
    operations.createClient.request(sandbox, { email: 'ana@example.com', name: 'Ana', phone: '+919812345678' }),
    {
      method: 'POST',
      url: 'http://127.0.0.1:4010/v1/clients',
      headers: jsonAuth,
      body: { email: 'ana@example.com', name: 'Ana', phone: '+919812345678' },
    },
  ],
  [
    'updateClient',
    operations.updateClient.request(sandbox, { client_id: 'cli_42', company: 'Sharma Studio' }),
    {
      method: 'PATCH',
      url: 'http://127.0.0.1:4010/v1/clients/cli_42',
      headers: jsonAuth,
      body: { company: 'Sharma Studio' },
    },
  ],
  [
    'createWebhook',
    operations.createWebhook.request(sandbox, {
      url: 'https://hooks.example.com/x',
      events: ['invoice.paid', 'invoice.viewed'],
    }),
    {
      method: 'POST',
      url: 'http://127.0.0.1:4010/v1/webhooks',
      headers: jsonAuth,
      body: { url: 'https://hooks.example.com/x', events: ['invoice.paid', 'invoice.viewed'] },
    },
  ],
  [
    'simulateView',
    operations.simulateView.request(sandbox, { invoice_id: 'inv_1', channel: 'whatsapp' }),
    {
      method: 'POST',
      url: 'http://127.0.0.1:4010/v1/test_helpers/invoices/inv_1/view',
      headers: jsonAuth,
      body: { channel: 'whatsapp' },
    },
  ],
  [
    'simulatePayment',
    operations.simulatePayment.request(sandbox, { invoice_id: 'inv_1', amount: 500 }),
    {
      method: 'POST',
      url: 'http://127.0.0.1:4010/v1/test_helpers/invoices/inv_1/pay',
      headers: jsonAuth,
      body: { amount: 500 },
    },
  ],
  [
    'simulatePayment (no amount)',
    operations.simulatePayment.request(sandbox, { invoice_id: 'inv_1' }),
    { method: 'POST', url: 'http://127.0.0.1:4010/v1/test_helpers/invoices/inv_1/pay', headers: jsonAuth, body: {} },
  ],
  [
    'simulateDispute',
    operations.simulateDispute.request(sandbox, { invoice_id: 'inv_1', reason: 'amount_incorrect', note: 'Too much' }),
    {
      method: 'POST',
      url: 'http://127.0.0.1:4010/v1/test_helpers/invoices/inv_1/dispute',
      headers: jsonAuth,
      body: { reason: 'amount_incorrect', note: 'Too much' },
    },
  ],
];

describe('request builders', () => {
  test.each(cases)('%s', (_name, built, expected) => {
    expect(built).toStrictEqual({ headers: auth, ...expected });
  });

  test('GET and DELETE requests carry no body and no Content-Type', () => {
    for (const [, built] of cases.filter(([, b]) => b.method === 'GET' || b.method === 'DELETE')) {
      expect('body' in built).toBe(false);
      expect(built.headers).not.toHaveProperty('Content-Type');
    }
  });

  test('no builder adds an Idempotency-Key unless given one', () => {
    for (const [, built] of cases) expect(built.headers).not.toHaveProperty('Idempotency-Key');
  });

  test('a connection without a key (the platform attaches it) gets no Authorization header, and nothing else changes', () => {
    const keyless = { baseUrl: sandbox.baseUrl };
    const withKey = operations.createInvoice.request(sandbox, {
      client_email: 'a@example.com',
      currency: 'INR',
      items: [{ description: 'x', amount: 1 }],
      auto_send_whatsapp: false,
      idempotency_key: 'k',
    });
    const without = operations.createInvoice.request(keyless, {
      client_email: 'a@example.com',
      currency: 'INR',
      items: [{ description: 'x', amount: 1 }],
      auto_send_whatsapp: false,
      idempotency_key: 'k',
    });
    expect(without.headers).not.toHaveProperty('Authorization');
    expect(without).toStrictEqual({
      ...withKey,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': 'k' },
    });
    expect(operations.getAccount.request(keyless, {}).headers).toStrictEqual({ Accept: 'application/json' });
  });

  test('ids are URL-encoded in the path, so an id cannot reach another route', () => {
    expect(operations.getInvoice.request(sandbox, { invoice_id: 'inv_1/../../account' }).url).toBe(
      'http://127.0.0.1:4010/v1/invoices/inv_1%2F..%2F..%2Faccount',
    );
    expect(operations.getClient.request(sandbox, { client_id: 'cli 1?x=1#y' }).url).toBe(
      'http://127.0.0.1:4010/v1/clients/cli%201%3Fx%3D1%23y',
    );
    expect(operations.updateClient.request(sandbox, { client_id: 'cli_ä', name: 'x' }).url).toBe(
      'http://127.0.0.1:4010/v1/clients/cli_%C3%A4',
    );
    expect(operations.deleteWebhook.request(sandbox, { webhook_id: 'we_1&x' }).url).toBe(
      'http://127.0.0.1:4010/v1/webhooks/we_1%26x',
    );
    expect(operations.getWebhook.request(sandbox, { webhook_id: 'we_%' }).url).toBe(
      'http://127.0.0.1:4010/v1/webhooks/we_%25',
    );
    expect(operations.simulatePayment.request(sandbox, { invoice_id: 'inv_/x' }).url).toBe(
      'http://127.0.0.1:4010/v1/test_helpers/invoices/inv_%2Fx/pay',
    );
  });

  test('the bearer header carries the connection key as given', () => {
    expect(operations.getAccount.request({ apiKey: LIVE_KEY }, {}).headers.Authorization).toBe(`Bearer ${LIVE_KEY}`);
  });
});

describe('createInvoice', () => {
  const input = validateInput(createInvoiceInputSchema, {
    client_email: ' ana@example.com ',
    currency: 'inr',
    items: [
      { description: 'Design', amount: '1500' },
      { description: 'Hosting', amount: 240000 },
    ],
  });

  test('posts exactly the four contract fields, normalised', () => {
    const built = operations.createInvoice.request(sandbox, input);
    expect(built).toStrictEqual({
      method: 'POST',
      url: 'http://127.0.0.1:4010/v1/invoices',
      headers: jsonAuth,
      body: {
        client_email: 'ana@example.com',
        currency: 'INR',
        items: [
          { description: 'Design', amount: 1500 },
          { description: 'Hosting', amount: 240000 },
        ],
        auto_send_whatsapp: false,
      },
    });
    expect(JSON.stringify(built.body)).toBe(
      '{"client_email":"ana@example.com","currency":"INR","items":[{"description":"Design","amount":1500},{"description":"Hosting","amount":240000}],"auto_send_whatsapp":false}',
    );
  });

  test('an idempotency key becomes the Idempotency-Key header and nothing else', () => {
    const built = operations.createInvoice.request(sandbox, { ...input, idempotency_key: 'order-10023' });
    expect(built.headers).toStrictEqual({ ...jsonAuth, 'Idempotency-Key': 'order-10023' });
    expect(JSON.stringify(built.body)).not.toContain('order-10023');
  });

  test('createClient also forwards an idempotency key', () => {
    expect(
      operations.createClient.request(sandbox, { email: 'a@example.com', idempotency_key: 'k1' }).headers[
        'Idempotency-Key'
      ],
    ).toBe('k1');
  });

  test('extra properties on an item never reach the body: the input is refused before anything is built', async () => {
    const loose = { ...input, items: [{ description: 'x', amount: 1, secret_note: 'no' } as never] };
    const send = jest.fn();
    await expect(runOperation(operations.createInvoice, sandbox, loose, send)).rejects.toThrow(
      'Item 1: unexpected field secret_note',
    );
    expect(send).not.toHaveBeenCalled();
  });
});

describe('base URL pasted with an endpoint path', () => {
  it('drops everything from the version segment on', () => {
    const { normalizeBaseUrl } = jest.requireActual('../../shared') as typeof import('../../shared');
    expect(normalizeBaseUrl('https://api.example.test/v1/invoices/')).toBe('https://api.example.test');
    expect(normalizeBaseUrl('https://api.example.test/proxy/v1')).toBe('https://api.example.test/proxy');
    expect(normalizeBaseUrl('https://api.example.test/v10')).toBe('https://api.example.test/v10');
  });
});

describe("fields: required as the operation's input schema says", () => {
  const required = (fields: Record<string, { required?: boolean }>) =>
    Object.entries(fields)
      .filter(([, spec]) => spec.required)
      .map(([key]) => key);

  // Issue 42: a line's description is required unless it names a product (withPricing says so, not the field).
  test("create invoice: the client, the currency and the lines; not a line's description or amount (a product or a unit price may stand for them), the switch or the key", () => {
    expect(required(operations.createInvoice.fields)).toEqual(['client_email', 'currency', 'items']);
  });

  test('clients: the e-mail to create or find one, the ID to update or get one; never an address part', () => {
    expect(required(operations.createClient.fields)).toEqual(['email']);
    expect(required(operations.updateClient.fields)).toEqual(['client_id']);
    expect(required(operations.getClient.fields)).toEqual(['client_id']);
    expect(required(operations.findClient.fields)).toEqual(['email']);
    expect(operations.createClient.fields.line1.required).toBe(false);
  });

  test('searches and lists: nothing alone is required', () => {
    expect(required(operations.findInvoice.fields)).toEqual([]);
    expect(required(operations.listInvoices.fields)).toEqual([]);
    expect(required(operations.listClients.fields)).toEqual([]);
    expect(required(operations.getInvoice.fields)).toEqual(['invoice_id']);
  });
});
