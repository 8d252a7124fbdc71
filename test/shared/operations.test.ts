import {
  ApiError,
  InputError,
  deleteWebhookIfExists,
  deriveIdempotencyKey,
  expectOk,
  idempotencyKeySchema,
  listAll,
  operations,
  recentEventRecords,
  runOperation,
  sampleAccount,
  sampleClient,
  sampleEvents,
  sampleInvoice,
  sampleWebhook,
  webhookIsActive,
  flattenEvent,
  type HttpRequest,
  type RawResponse,
} from '../../shared';
import { TEST_KEY, inputErrorOf } from './support';

const { findClient, findInvoice, upsertClient } = operations;

const connection = { apiKey: TEST_KEY, baseUrl: 'http://127.0.0.1:4010/' };
const API = 'http://127.0.0.1:4010/v1';

type Reply = RawResponse | ((request: HttpRequest) => RawResponse);
/** A scripted service: answers in order and records every request it was sent. */
function service(...replies: Reply[]) {
  const calls: HttpRequest[] = [];
  const send = async (request: HttpRequest): Promise<RawResponse> => {
    calls.push(request);
    const reply = replies.shift();
    if (!reply) throw new Error(`unexpected request ${request.method} ${request.url}`);
    return typeof reply === 'function' ? reply(request) : reply;
  };
  /** "METHOD /path?query" with the query sorted, so the tests do not depend on parameter order. */
  const route = () =>
    calls.map((call) => {
      const url = new URL(call.url);
      url.searchParams.sort();
      return `${call.method} ${url.toString().slice(API.length)}`;
    });
  return { send, calls, route };
}
const ok = (body: unknown, status = 200): RawResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body,
});
const page = (data: unknown[], has_more = false) => ok({ object: 'list', data, has_more });
const problem = (status: number, code: string, detail = code) => ({
  status,
  headers: {},
  body: { type: 'about:blank', title: code, status, detail, code, request_id: 'req_1' },
});
const invoiceInput = {
  client_email: 'ana@example.com',
  currency: 'inr',
  items: [{ description: 'Design', amount: '15.00' }],
};

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('runOperation', () => {
  test('validates, builds, sends once and presents the answer', async () => {
    const api = service(ok(sampleInvoice, 201));
    const invoice = await runOperation(operations.createInvoice, connection, invoiceInput, api.send);
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: `${API}/invoices`,
        headers: {
          Authorization: `Bearer ${TEST_KEY}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body: {
          client_email: 'ana@example.com',
          currency: 'INR',
          items: [{ description: 'Design', amount: 1500 }],
          auto_send_whatsapp: false,
        },
      },
    ]);
    expect(invoice).toMatchObject({
      id: sampleInvoice.id,
      amount_due_formatted: '₹14,900.00',
      items: [{ amount_formatted: '₹12,500.00' }, { amount_formatted: '₹2,400.00' }],
    });
  });

  test.each<[string, keyof typeof operations, unknown, string]>([
    [
      'create invoice with more decimals than INR has',
      'createInvoice',
      { ...invoiceInput, items: [{ description: 'x', amount: '15.005' }] },
      'items[0].amount',
    ],
    [
      'create invoice with an amount read two ways',
      'createInvoice',
      { ...invoiceInput, items: [{ description: 'x', amount: '1.500,00' }] },
      'items[0].amount',
    ],
    [
      'create invoice with a negative amount',
      'createInvoice',
      { ...invoiceInput, items: [{ description: 'x', amount: '-15' }] },
      'items[0].amount',
    ],
    ['create invoice without items', 'createInvoice', { ...invoiceInput, items: [] }, 'items'],
    ['get invoice with a client id', 'getInvoice', { invoice_id: 'cli_1' }, 'invoice_id'],
    ['get client without an id', 'getClient', {}, 'client_id'],
    ['update client with nothing to change', 'updateClient', { client_id: 'cli_1', name: ' ' }, 'input'],
    ['update client without an id', 'updateClient', { name: 'Ana' }, 'client_id'],
    ['create client with a bad e-mail', 'createClient', { email: 'ana at example.com' }, 'email'],
    ['list invoices with limit 500', 'listInvoices', { limit: 500 }, 'limit'],
    ['list events of an unknown type', 'listEvents', { type: 'invoice.archived' }, 'type'],
    ['create webhook with an ftp URL', 'createWebhook', { url: 'ftp://x.example', events: ['invoice.paid'] }, 'url'],
    ['delete webhook with an invoice id', 'deleteWebhook', { webhook_id: 'inv_1' }, 'webhook_id'],
  ])('%s: InputError on %s, nothing sent', async (_name, name, raw, field) => {
    const api = service();
    const error = await rejection(runOperation(operations[name] as never, connection, raw, api.send));
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).issues.map((issue) => issue.field)).toContain(field);
    expect(api.calls).toHaveLength(0);
  });

  test('an idempotency key is validated, trimmed and sent as the Idempotency-Key header', async () => {
    for (const [given, sent] of [
      [' order-10023 ', 'order-10023'],
      [10023, '10023'],
    ] as const) {
      const api = service(ok(sampleInvoice, 201));
      await runOperation(operations.createInvoice, connection, { ...invoiceInput, idempotency_key: given }, api.send);
      expect(api.calls[0].headers['Idempotency-Key']).toBe(sent);
    }
    for (const blank of [undefined, null, '', '   ']) {
      const api = service(ok(sampleInvoice, 201));
      await runOperation(operations.createInvoice, connection, { ...invoiceInput, idempotency_key: blank }, api.send);
      expect(api.calls[0].headers).not.toHaveProperty('Idempotency-Key');
    }
  });

  test.each([
    ['ключ-1', 'may contain only plain ASCII'],
    ['k'.repeat(256), 'at most 255 characters'],
  ])('a bad idempotency key %p is refused before sending, naming the field', async (key, problemText) => {
    const api = service();
    const error = (await rejection(
      runOperation(operations.createInvoice, connection, { ...invoiceInput, idempotency_key: key }, api.send),
    )) as InputError;
    expect(error).toBeInstanceOf(InputError);
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0].field).toBe('idempotency_key');
    expect(error.message).toContain('Prevent Duplicates Key');
    expect(error.message).toContain(problemText);
    expect(api.calls).toHaveLength(0);
  });

  test('a non-2xx answer becomes the normalised ApiError', async () => {
    const api = service({
      status: 422,
      body: {
        ...problem(422, 'validation_failed').body,
        errors: [{ param: 'client_email', message: 'is on a block list' }],
      },
    });
    const error = (await rejection(
      runOperation(operations.createInvoice, connection, invoiceInput, api.send),
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code]).toEqual([422, 'validation_failed']);
    expect(error.fieldErrors).toEqual([
      { field: 'client_email', message: 'Client Email (client_email): is on a block list' },
    ]);
  });

  test.each<[string, unknown]>([
    ['an empty body', ''],
    ['HTML', '<html><body>OK</body></html>'],
    ['a client instead of an invoice', sampleClient],
    ['an invoice with a decimal amount', { ...sampleInvoice, amount_due: 14900.0 + 0.5 }],
    ['an invoice whose currency cannot be formatted', { ...sampleInvoice, currency: 'RUPEES' }],
    ['an invoice without a currency code', { ...sampleInvoice, currency: '' }],
    ['null', null],
  ])('a 2xx with %s is an unexpected_response ApiError, not a crash', async (_name, body) => {
    const api = service(ok(body));
    const error = (await rejection(
      runOperation(operations.getInvoice, connection, { invoice_id: 'inv_1' }, api.send),
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.code, error.status]).toEqual(['unexpected_response', 502]);
    expect(error.message).toMatch(
      /^The Invoicing API answered in an unexpected way: the response did not have the expected shape \(at .+\)\./,
    );
  });

  test('a JSON body delivered as text is parsed', async () => {
    const api = service(ok(JSON.stringify(sampleAccount)));
    expect(await runOperation(operations.getAccount, connection, undefined, api.send)).toEqual(sampleAccount);
    expect(api.route()).toEqual(['GET /account']);
  });

  test('a new subscription must come with its signing secret', async () => {
    const withSecret = { ...sampleWebhook, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };
    const input = { url: 'https://hooks.example.com/a', events: ['invoice.paid'] };
    expect(await runOperation(operations.createWebhook, connection, input, service(ok(withSecret, 201)).send)).toEqual(
      withSecret,
    );
    const error = (await rejection(
      runOperation(operations.createWebhook, connection, input, service(ok(sampleWebhook, 201)).send),
    )) as ApiError;
    expect(error.code).toBe('unexpected_response');
    expect(error.message).toContain('without its signing secret');
  });

  test('listing events skips types this connector does not know', async () => {
    const api = service(
      page([sampleEvents.paid, { ...sampleEvents.viewed, type: 'invoice.sent' }, sampleEvents.disputed], true),
    );
    const result = await runOperation(operations.listEvents, connection, { limit: '3' }, api.send);
    expect(result).toEqual({
      object: 'list',
      data: [sampleEvents.paid, sampleEvents.disputed],
      has_more: true,
      ids: [sampleEvents.paid.id, sampleEvents.viewed.id, sampleEvents.disputed.id],
    });
    expect(api.route()).toEqual(['GET /events?limit=3']);
  });

  test('a transport failure from send propagates unchanged', async () => {
    const failure = new Error('ECONNREFUSED');
    const error = await rejection(
      runOperation(operations.getAccount, connection, {}, async () => {
        throw failure;
      }),
    );
    expect(error).toBe(failure);
  });

  test('expectOk passes 2xx bodies and throws for the rest', () => {
    expect(expectOk({ status: 204, body: '' })).toBe('');
    expect(() => expectOk({ status: 199, body: '' })).toThrow(ApiError);
    expect(() => expectOk({ status: 300, body: '' })).toThrow(ApiError);
  });
});

describe('upsertClient', () => {
  const found = { ...sampleClient, id: 'cli_found' };

  test('an existing client is patched with the changes (never the e-mail it was found by)', async () => {
    const api = service(page([found]), ok({ ...found, name: 'Ana S.' }));
    const result = await upsertClient.run(
      connection,
      { email: ' ana@example.com ', name: 'Ana S.', phone: '' },
      api.send,
    );
    expect(result).toEqual({ client: { ...found, name: 'Ana S.' }, created: false });
    expect(api.route()).toEqual(['GET /clients?email=ana%40example.com&limit=1', 'PATCH /clients/cli_found']);
    expect(JSON.parse(JSON.stringify(api.calls[1].body))).toStrictEqual({ name: 'Ana S.' });
  });

  test('an existing client with nothing to change is only read', async () => {
    const api = service(page([found]), ok(found));
    expect(await upsertClient.run(connection, { email: 'ana@example.com' }, api.send)).toEqual({
      client: found,
      created: false,
    });
    expect(api.route()).toEqual(['GET /clients?email=ana%40example.com&limit=1', 'GET /clients/cli_found']);
  });

  test('a new e-mail creates the client', async () => {
    const api = service(page([]), ok(sampleClient, 201));
    expect(await upsertClient.run(connection, { email: 'ana@example.com', name: 'Ana' }, api.send)).toEqual({
      client: sampleClient,
      created: true,
    });
    expect(api.route()).toEqual(['GET /clients?email=ana%40example.com&limit=1', 'POST /clients']);
    expect(api.calls[1].body).toEqual({ email: 'ana@example.com', name: 'Ana' });
  });

  test('losing a create race (409 client_exists) falls back to find + patch', async () => {
    const api = service(page([]), problem(409, 'client_exists'), page([found]), ok({ ...found, company: 'Studio' }));
    expect(await upsertClient.run(connection, { email: 'ana@example.com', company: 'Studio' }, api.send)).toEqual({
      client: { ...found, company: 'Studio' },
      created: false,
    });
    expect(api.route()).toEqual([
      'GET /clients?email=ana%40example.com&limit=1',
      'POST /clients',
      'GET /clients?email=ana%40example.com&limit=1',
      'PATCH /clients/cli_found',
    ]);
  });

  test('a 409 whose client still cannot be found, or any other error, is thrown', async () => {
    const stillMissing = service(page([]), problem(409, 'client_exists'), page([]));
    expect(
      await rejection(upsertClient.run(connection, { email: 'ana@example.com' }, stillMissing.send)),
    ).toMatchObject({ status: 409, code: 'client_exists' });
    const serverDown = service(page([]), problem(503, 'internal_error'));
    expect(await rejection(upsertClient.run(connection, { email: 'ana@example.com' }, serverDown.send))).toMatchObject({
      status: 503,
      code: 'internal_error',
    });
    expect(serverDown.calls).toHaveLength(2);
  });

  test('bad input sends nothing', async () => {
    const api = service();
    expect(
      await rejection(upsertClient.run(connection, { email: 'ana@example.com', phone: '12345' }, api.send)),
    ).toBeInstanceOf(InputError);
    expect(api.calls).toHaveLength(0);
  });

  test('findClient returns undefined when there is none', async () => {
    expect(await findClient.run(connection, { email: 'nobody@example.com' }, service(page([])).send)).toBeUndefined();
  });

  test('findClient matches the e-mail whatever its case', async () => {
    expect(await findClient.run(connection, { email: ' ANA@example.com' }, service(page([found])).send)).toEqual(found);
  });

  test('a service that ignores the email filter cannot make the upsert patch someone else', async () => {
    const stranger = { ...sampleClient, id: 'cli_stranger', email: 'someone.else@example.com' };
    const api = service(page([stranger]), ok({ ...sampleClient, id: 'cli_new' }, 201));
    expect(await upsertClient.run(connection, { email: 'ana@example.com', name: 'Ana' }, api.send)).toEqual({
      client: { ...sampleClient, id: 'cli_new' },
      created: true,
    });
    expect(api.route()).toEqual(['GET /clients?email=ana%40example.com&limit=1', 'POST /clients']);
  });
});

describe('findInvoice', () => {
  test('by id', async () => {
    const api = service(ok(sampleInvoice));
    expect(await findInvoice.run(connection, { invoice_id: ' inv_3MtwBwLkdIwHu7ix ' }, api.send)).toMatchObject({
      id: sampleInvoice.id,
      amount_due_formatted: '₹14,900.00',
    });
    expect(api.route()).toEqual(['GET /invoices/inv_3MtwBwLkdIwHu7ix']);
  });

  test('by id, not found → undefined; other failures are thrown', async () => {
    expect(
      await findInvoice.run(connection, { invoice_id: 'inv_gone' }, service(problem(404, 'not_found')).send),
    ).toBeUndefined();
    expect(
      await rejection(
        findInvoice.run(connection, { invoice_id: 'inv_1' }, service(problem(401, 'invalid_api_key')).send),
      ),
    ).toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  test('by number', async () => {
    const api = service(page([sampleInvoice]));
    expect(await findInvoice.run(connection, { number: 'INV-000123' }, api.send)).toMatchObject({
      number: 'INV-000123',
    });
    expect(api.route()).toEqual(['GET /invoices?limit=1&number=INV-000123']);
    expect(await findInvoice.run(connection, { number: 'INV-999' }, service(page([])).send)).toBeUndefined();
    expect(
      await findInvoice.run(connection, { number: ' inv-000123 ' }, service(page([sampleInvoice])).send),
    ).toMatchObject({ id: sampleInvoice.id });
  });

  test('by number, an answer for another number (a filter the service ignored) is not a match', async () => {
    expect(
      await findInvoice.run(connection, { number: 'INV-000999' }, service(page([sampleInvoice])).send),
    ).toBeUndefined();
  });

  test('the id wins when both are given', async () => {
    const api = service(ok(sampleInvoice));
    await findInvoice.run(connection, { invoice_id: 'inv_1', number: 'INV-000123' }, api.send);
    expect(api.route()).toEqual(['GET /invoices/inv_1']);
  });

  test('none of ID, number or client GSTIN → InputError, nothing sent', async () => {
    const api = service();
    const error = (await rejection(
      findInvoice.run(connection, { invoice_id: ' ', number: '' }, api.send),
    )) as InputError;
    expect(error.issues).toEqual([
      {
        field: 'invoice_id',
        message: 'Invoice ID is required (inv_…), or an Invoice Number (such as INV-000123) or a Client GSTIN instead',
      },
    ]);
    expect(api.calls).toHaveLength(0);
  });
});

describe('listAll', () => {
  const invoices = Array.from({ length: 7 }, (_, i) => ({ ...sampleInvoice, id: `inv_${i + 1}` }));

  test('follows starting_after until the last page', async () => {
    const api = service(
      page(invoices.slice(0, 3), true),
      page(invoices.slice(3, 6), true),
      page(invoices.slice(6), false),
    );
    const all = await listAll(operations.listInvoices, connection, { status: 'open' }, api.send);
    expect(all.map((invoice) => invoice.id)).toEqual(invoices.map((invoice) => invoice.id));
    expect(api.route()).toEqual([
      'GET /invoices?limit=100&status=open',
      'GET /invoices?limit=100&starting_after=inv_3&status=open',
      'GET /invoices?limit=100&starting_after=inv_6&status=open',
    ]);
  });

  test('stops at max, asking only for what is still needed', async () => {
    const api = service(page(invoices.slice(0, 3), true), page(invoices.slice(3, 5), true));
    const some = await listAll(operations.listInvoices, connection, {}, api.send, 5);
    expect(some.map((invoice) => invoice.id)).toEqual(['inv_1', 'inv_2', 'inv_3', 'inv_4', 'inv_5']);
    expect(api.route()).toEqual(['GET /invoices?limit=5', 'GET /invoices?limit=2&starting_after=inv_3']);
  });

  test('never returns more than max, even if a page is larger than asked', async () => {
    const api = service(page(invoices, true));
    expect(await listAll(operations.listInvoices, connection, {}, api.send, 2)).toHaveLength(2);
    expect(api.calls).toHaveLength(1);
  });

  test('150 items are asked for as 100 then 50', async () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ ...sampleClient, id: `cli_${i}` }));
    const api = service(page(many, true), page(many.slice(0, 50), true));
    expect(await listAll(operations.listClients, connection, {}, api.send, 150)).toHaveLength(150);
    expect(api.route()).toEqual(['GET /clients?limit=100', 'GET /clients?limit=50&starting_after=cli_99']);
  });

  test('an empty page ends the walk even if has_more says otherwise', async () => {
    const api = service(page([], true));
    expect(await listAll(operations.listClients, connection, {}, api.send)).toEqual([]);
    expect(api.calls).toHaveLength(1);
  });
});

describe('webhook subscription helpers', () => {
  test('deleteWebhookIfExists: deleted, already gone (404/410), or a real failure', async () => {
    const api = service({ status: 204, body: '' });
    expect(await deleteWebhookIfExists(connection, 'we_1', api.send)).toEqual({ deleted: true });
    expect(api.route()).toEqual(['DELETE /webhooks/we_1']);
    expect(await deleteWebhookIfExists(connection, 'we_1', service(problem(404, 'not_found')).send)).toEqual({
      deleted: false,
    });
    expect(await deleteWebhookIfExists(connection, 'we_1', service(problem(410, 'gone')).send)).toEqual({
      deleted: false,
    });
    expect(
      await rejection(deleteWebhookIfExists(connection, 'we_1', service(problem(500, 'internal_error')).send)),
    ).toMatchObject({ status: 500 });
    expect(await rejection(deleteWebhookIfExists(connection, 'not-an-id', service().send))).toBeInstanceOf(InputError);
  });

  test('webhookIsActive: enabled → true; disabled or deleted → false; other failures thrown', async () => {
    const api = service(ok(sampleWebhook));
    expect(await webhookIsActive(connection, 'we_1NpLs2Hq8ZkYd3Tx', api.send)).toBe(true);
    expect(api.route()).toEqual(['GET /webhooks/we_1NpLs2Hq8ZkYd3Tx']);
    expect(await webhookIsActive(connection, 'we_1', service(ok({ ...sampleWebhook, status: 'disabled' })).send)).toBe(
      false,
    );
    expect(await webhookIsActive(connection, 'we_1', service(problem(404, 'not_found')).send)).toBe(false);
    expect(
      await rejection(webhookIsActive(connection, 'we_1', service(problem(401, 'invalid_api_key')).send)),
    ).toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  test('recentEventRecords: recent events of one type, flattened', async () => {
    const api = service(page([sampleEvents.paid, sampleEvents.viewed]));
    expect(await recentEventRecords(connection, 'invoice.paid', api.send)).toEqual([flattenEvent(sampleEvents.paid)]);
    expect(api.route()).toEqual(['GET /events?limit=3&type=invoice.paid']);
  });
});

describe('deriveIdempotencyKey', () => {
  test('stable for the same parts, distinct for different ones, a valid key', () => {
    const key = deriveIdempotencyKey(['exec_42', 'Create Invoice', 0]);
    expect(deriveIdempotencyKey(['exec_42', 'Create Invoice', 0])).toBe(key);
    expect(deriveIdempotencyKey(['exec_42', 'Create Invoice', '0'])).toBe(key);
    expect(idempotencyKeySchema.parse(key)).toBe(key);
    const others = [
      ['exec_42', 'Create Invoice', 1],
      ['exec_43', 'Create Invoice', 0],
      ['exec_42', 'Create Invoice'],
      ['exec_42Create Invoice', 0],
      ['exec_42', 'Create', 'Invoice0'],
    ];
    const keys = new Set([key, ...others.map((parts) => deriveIdempotencyKey(parts))]);
    expect(keys.size).toBe(others.length + 1);
  });

  test('readable: the parts, percent-encoded, after auto_', () => {
    expect(deriveIdempotencyKey(['1042', '8a5f2c3e-4b1d-4c8e-9f7a-2d6b1e0c9a31', 3])).toBe(
      'auto_1042:8a5f2c3e-4b1d-4c8e-9f7a-2d6b1e0c9a31:3',
    );
    expect(deriveIdempotencyKey(['exec 42', 'Créer', 0])).toBe('auto_exec%2042:Cr%C3%A9er:0');
  });

  test('parts are separated, so shifting text between parts changes the key', () => {
    expect(deriveIdempotencyKey(['ab', 'c'])).not.toBe(deriveIdempotencyKey(['a', 'bc']));
    expect(deriveIdempotencyKey(['a:b', 'c'])).not.toBe(deriveIdempotencyKey(['a', 'b:c']));
    expect(deriveIdempotencyKey(['a%3Ab'])).not.toBe(deriveIdempotencyKey(['a:b']));
  });

  test('a key that would pass 255 characters, or a part that cannot be encoded, is hashed: still stable and valid', () => {
    const long = ['e'.repeat(200), 'n'.repeat(60), 0];
    expect(deriveIdempotencyKey(long)).toMatch(/^auto_[0-9a-f]{40}$/);
    expect(deriveIdempotencyKey(long)).toBe(deriveIdempotencyKey([...long]));
    expect(deriveIdempotencyKey(['e'.repeat(200), 'n'.repeat(61), 0])).not.toBe(deriveIdempotencyKey(long));
    expect(deriveIdempotencyKey(['x'.repeat(250)])).toBe(`auto_${'x'.repeat(250)}`);
    const lone = deriveIdempotencyKey(['exec', '\uD800', 0]);
    expect(lone).toMatch(/^auto_[0-9a-f]{40}$/);
    expect(deriveIdempotencyKey(['exec', '\uDC00', 0])).not.toBe(lone);
    for (const key of [deriveIdempotencyKey(long), lone]) expect(idempotencyKeySchema.parse(key)).toBe(key);
  });
});

test('inputErrorOf helper reports acceptance as a failure (guards the tests above)', () => {
  expect(() => inputErrorOf(() => 1)).toThrow('expected an InputError');
});

describe('payments', () => {
  const { recordPayment, getPayment, listPayments, findPayment } = operations;
  const payment = (changes: Record<string, unknown> = {}) => ({ ...sampleEvents.paid.data.payment, ...changes });

  // In minor units the wire's own rule judges the amount, with no read of the invoice first.
  const minor = { amount_unit: 'minor' };

  test('Record Payment nests the flat UPI fields, sends the key as a header and nothing but the contract body', async () => {
    const api = service(ok(payment(), 201));
    const recorded = await runOperation(
      recordPayment,
      connection,
      {
        ...minor,
        invoice_id: 'inv_1',
        method: 'upi',
        amount: '1490000',
        utr: '4123 4567 8901',
        vpa: ' ana.sharma@okaxis ',
        paid_at: '2026-05-02T17:00:45+05:30',
        idempotency_key: 'stmt-14',
      },
      api.send,
    );
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: `${API}/invoices/inv_1/payments`,
        headers: {
          Authorization: `Bearer ${TEST_KEY}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'Idempotency-Key': 'stmt-14',
        },
        body: {
          method: 'upi',
          amount: 1490000,
          upi: { utr: '412345678901', vpa: 'ana.sharma@okaxis' },
          paid_at: '2026-05-02T11:30:45Z',
        },
      },
    ]);
    expect(recorded).toMatchObject({ id: 'pay_1NqW2cHq8ZkYd3Tx', amount_formatted: '₹14,900.00' });
    const transfer = service(ok(payment({ method: 'bank_transfer', upi: null, reference: 'NEFT-9' }), 201));
    await runOperation(
      recordPayment,
      connection,
      { ...minor, invoice_id: 'inv_1', method: 'bank_transfer', amount: 500, reference: 'NEFT-9', utr: '' },
      transfer.send,
    );
    expect(transfer.calls[0].body).toEqual({ method: 'bank_transfer', amount: 500, reference: 'NEFT-9' });
  });

  test.each<[string, Record<string, unknown>, string, RegExp]>([
    [
      'UPI without its UTR',
      { method: 'upi', amount: 100 },
      'utr',
      /UPI Reference \(UTR\) is required when the payment method is upi/,
    ],
    [
      'a UTR on a bank transfer',
      { method: 'bank_transfer', amount: 100, utr: '412345678901' },
      'utr',
      /UPI payments only.*Reference/,
    ],
    ['a UTR of 11 digits', { method: 'upi', amount: 100, utr: '41234567890' }, 'utr', /12-digit/],
    [
      'a bad UPI ID',
      { method: 'upi', amount: 100, utr: '412345678901', vpa: 'ana at okaxis' },
      'vpa',
      /Payer UPI ID \(VPA\) must be a UPI ID/,
    ],
    ['an amount of 0', { method: 'cash', amount: 0 }, 'amount', /at least 1/],
    ['an amount with decimals', { method: 'cash', amount: '15.00' }, 'amount', /whole number/],
    [
      'an unknown method',
      { method: 'cheque', amount: 1 },
      'method',
      /Payment Method must be one of upi, bank_transfer, cash, other/,
    ],
    [
      'a time without its zone',
      { method: 'cash', amount: 1, paid_at: '2026-11-20T10:30:00' },
      'paid_at',
      /Paid At must be .*time zone/,
    ],
    [
      'tomorrow',
      { method: 'cash', amount: 1, paid_at: new Date(Date.now() + 86_400_000).toISOString() },
      'paid_at',
      /future/,
    ],
    ['no invoice', { method: 'cash', amount: 1, invoice_id: undefined }, 'invoice_id', /Invoice ID is required/],
  ])('Record Payment refuses %s before sending, naming the field', async (_name, raw, field, message) => {
    const api = service();
    const error = await rejection(
      runOperation(recordPayment, connection, { ...minor, invoice_id: 'inv_1', ...raw }, api.send),
    );
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).issues).toEqual(
      expect.arrayContaining([{ field, message: expect.stringMatching(message) }]),
    );
    expect(api.calls).toHaveLength(0);
  });

  describe('as the editors take it: the amount as typed, in the invoice currency', () => {
    const invoiceIn = (currency: string) => ok({ ...sampleInvoice, id: 'inv_1', currency });

    test.each([
      ['INR', '5,000.00', 500000],
      ['JPY', '5,000', 5000],
      ['KWD', 'KWD 5.125', 5125],
      ['KWD', '5.12', 5120],
      ['USD', '19.99', 1999],
    ] as const)('%s %s is read from the invoice and sent as %i', async (currency, typed, minor) => {
      const api = service(invoiceIn(currency), ok(payment({ amount: minor, currency }), 201));
      await runOperation(recordPayment, connection, { invoice_id: 'inv_1', method: 'cash', amount: typed }, api.send);
      expect(api.route()).toEqual(['GET /invoices/inv_1', 'POST /invoices/inv_1/payments']);
      expect(api.calls[1].body).toEqual({ method: 'cash', amount: minor });
    });

    test('minor units, when asked for, are sent as given, with no read first', async () => {
      const api = service(ok(payment(), 201));
      await runOperation(
        recordPayment,
        connection,
        { invoice_id: 'inv_1', method: 'cash', amount: '150000', amount_unit: 'minor' },
        api.send,
      );
      expect(api.route()).toEqual(['POST /invoices/inv_1/payments']);
      expect(api.calls[0].body).toEqual({ method: 'cash', amount: 150000 });
    });

    test.each([
      ['1.500,00', 0, /could be read more than one way/],
      ['-5', 0, /cannot be negative/],
      ['', 0, /is required/],
      ['1500.5', 1, /more decimals than JPY has \(no decimals/],
      ['0.00', 0, /must be more than 0/],
    ] as const)('%p is refused with no payment sent (%i reads first)', async (typed, reads, message) => {
      const api = service(invoiceIn('JPY'));
      const error = await rejection(
        runOperation(recordPayment, connection, { invoice_id: 'inv_1', method: 'cash', amount: typed }, api.send),
      );
      expect((error as InputError).issues).toEqual([{ field: 'amount', message: expect.stringMatching(message) }]);
      expect(api.calls).toHaveLength(reads);
      expect(api.calls.every((call) => call.method === 'GET')).toBe(true);
    });
  });

  test('Get Payment and List Payments build their paths and queries; a period is passed in UTC', async () => {
    const api = service(ok(payment()), page([payment()], true));
    await runOperation(getPayment, connection, { payment_id: 'pay_1' }, api.send);
    const listed = await runOperation(
      listPayments,
      connection,
      {
        invoice_id: 'inv_1',
        method: 'upi',
        paid_from: '2026-11-01T00:00:00+05:30',
        paid_before: '2026-12-01',
        limit: '50',
      },
      api.send,
    );
    expect(api.route()).toEqual([
      'GET /payments/pay_1',
      '/payments?invoice_id=inv_1&limit=50&method=upi&paid_before=2026-12-01T00%3A00%3A00Z&paid_from=2026-10-31T18%3A30%3A00Z'.replace(
        /^/,
        'GET ',
      ),
    ]);
    expect(listed).toMatchObject({ has_more: true, data: [{ amount_formatted: '₹14,900.00' }] });
    expect(
      inputErrorOf(() => listPayments.validate({ paid_from: '2026-12-01', paid_before: '2026-11-01' })).issues,
    ).toEqual([{ field: 'paid_before', message: expect.stringMatching(/must be later than Paid From/) }]);
  });

  test('Find Payment: by UTR or reference; nothing found, or a service ignoring the filter, is "not found"', async () => {
    const api = service(
      page([payment()]),
      page([payment({ reference: 'NEFT-9', upi: null })]),
      page([]),
      page([payment()]),
    );
    await expect(findPayment.run(connection, { utr: '412345678901' }, api.send)).resolves.toMatchObject({
      id: 'pay_1NqW2cHq8ZkYd3Tx',
    });
    await expect(findPayment.run(connection, { reference: ' neft-9 ' }, api.send)).resolves.toMatchObject({
      reference: 'NEFT-9',
    });
    await expect(findPayment.run(connection, { utr: '400000000000' }, api.send)).resolves.toBeUndefined();
    await expect(findPayment.run(connection, { utr: '400000000001' }, api.send)).resolves.toBeUndefined();
    expect(api.route()).toEqual([
      'GET /payments?limit=1&utr=412345678901',
      'GET /payments?limit=1&reference=neft-9',
      'GET /payments?limit=1&utr=400000000000',
      'GET /payments?limit=1&utr=400000000001',
    ]);
    expect(((await rejection(findPayment.run(connection, {}, api.send))) as InputError).issues).toEqual([
      { field: 'utr', message: 'UPI Reference (UTR) is required (12 digits), or a Reference instead' },
    ]);
  });
});
