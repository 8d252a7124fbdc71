import {
  InputError,
  accountSchema,
  clientSchema,
  createInvoiceInputSchema,
  eventSchema,
  invoiceDisputedEventSchema,
  invoicePaidEventSchema,
  invoiceSchema,
  invoiceViewedEventSchema,
  listPageSchema,
  normalizeError,
  operations,
  problemSchema,
  runOperation,
  validateInput,
  webhookSubscriptionSchema,
  type HttpRequest,
} from '../../shared';
import { IdempotencyKeys } from '../../sandbox/http/idempotency';
import { Store } from '../../sandbox/storage/store';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());

const ok = async (request: HttpRequest, status = 200) => {
  const response = await t.send(request);
  expect({ status: response.status, body: response.body }).toMatchObject({ status });
  return response.body as any;
};

describe('every response validates against the shared schemas', () => {
  test('account', async () => {
    const account = accountSchema.parse(await ok(operations.getAccount.request(t.connection, {})));
    expect(account.livemode).toBe(false);
    await expect(runOperation(operations.getAccount, t.connection, {}, t.send)).resolves.toEqual(account);
  });

  test('invoices: create, get, list with filters and cursor pages', async () => {
    const created = invoiceSchema.parse(
      await ok(
        operations.createInvoice.request(
          t.connection,
          validateInput(createInvoiceInputSchema, {
            client_email: 'Filter@Example.com',
            currency: 'usd',
            items: [
              { description: 'A', amount: 100 },
              { description: 'B', amount: '250' },
            ],
          }),
        ),
        201,
      ),
    );
    expect(created).toMatchObject({
      object: 'invoice',
      status: 'open',
      currency: 'USD',
      amount_due: 350,
      amount_paid: 0,
      amount_remaining: 350,
      auto_send_whatsapp: false,
      whatsapp: { status: 'not_requested' },
      livemode: false,
    });
    expect(created.number).toMatch(/^INV-\d{6}$/);
    expect(created.hosted_url).toBe(`${t.sandbox.baseUrl}/i/${created.id}`);
    expect(
      invoiceSchema.parse(await ok(operations.getInvoice.request(t.connection, { invoice_id: created.id }))),
    ).toEqual(created);

    const byEmail = listPageSchema(invoiceSchema).parse(
      await ok(operations.listInvoices.request(t.connection, { client_email: 'filter@example.com' })),
    );
    expect(byEmail.data.map((i) => i.id)).toEqual([created.id]);
    const byNumber = await ok(operations.listInvoices.request(t.connection, { number: created.number }));
    expect(byNumber.data.map((i: any) => i.id)).toEqual([created.id]);

    const more = [];
    for (let i = 0; i < 3; i += 1) more.push(await t.createInvoice({ client_email: 'pages@example.com' }));
    const first = listPageSchema(invoiceSchema).parse(
      await ok(operations.listInvoices.request(t.connection, { client_email: 'pages@example.com', limit: 2 })),
    );
    expect(first.data.map((i) => i.id)).toEqual([more[2].id, more[1].id]);
    expect(first.has_more).toBe(true);
    const second = await ok(
      operations.listInvoices.request(t.connection, {
        client_email: 'pages@example.com',
        limit: 2,
        starting_after: more[1].id,
      }),
    );
    expect(second.data.map((i: any) => i.id)).toEqual([more[0].id]);
    expect(second.has_more).toBe(false);
    const viaShared = await runOperation(operations.listInvoices, t.connection, { status: 'open', limit: 100 }, t.send);
    expect(viaShared.data.map((i) => i.id)).toEqual(expect.arrayContaining([created.id, ...more.map((i) => i.id)]));
  });

  test('WhatsApp: sent with a client phone, failed / client_phone_missing without one', async () => {
    await ok(
      operations.createClient.request(t.connection, { email: 'phone@example.com', phone: '+919812345678' }),
      201,
    );
    const sent = invoiceSchema.parse(
      await t.createInvoice({ client_email: 'phone@example.com', auto_send_whatsapp: true }),
    );
    expect(sent.whatsapp).toEqual({ status: 'sent' });
    const failed = invoiceSchema.parse(
      await t.createInvoice({ client_email: 'nophone@example.com', auto_send_whatsapp: true }),
    );
    expect(failed.whatsapp).toMatchObject({ status: 'failed', error_code: 'client_phone_missing' });
    expect(failed.whatsapp.error_message).toMatch(/no phone number/);
  });

  test('clients: create, get, update, list, find by email', async () => {
    const created = clientSchema.parse(
      await ok(
        operations.createClient.request(t.connection, {
          email: 'ravi@example.com',
          name: 'Ravi',
          address: { line1: '1 MG Road', city: 'Pune', postal_code: '411001', country: 'IN' },
        }),
        201,
      ),
    );
    expect(created).toMatchObject({ object: 'client', email: 'ravi@example.com', name: 'Ravi' });
    expect(clientSchema.parse(await ok(operations.getClient.request(t.connection, { client_id: created.id })))).toEqual(
      created,
    );
    const updated = clientSchema.parse(
      await ok(
        operations.updateClient.request(t.connection, {
          client_id: created.id,
          phone: '+919800000001',
          company: 'Ravi & Co',
        }),
      ),
    );
    expect(updated).toMatchObject({ id: created.id, name: 'Ravi', phone: '+919800000001', company: 'Ravi & Co' });
    const found = listPageSchema(clientSchema).parse(
      await ok(operations.listClients.request(t.connection, { email: 'RAVI@example.com' })),
    );
    expect(found.data).toEqual([updated]);
    const upserted = await operations.upsertClient.run(
      t.connection,
      { email: 'ravi@example.com', name: 'Ravi K' },
      t.send,
    );
    expect(upserted).toMatchObject({ created: false, client: { id: created.id, name: 'Ravi K' } });
  });

  test('webhook subscriptions: create (with secret once), list, get, delete', async () => {
    const created = webhookSubscriptionSchema.parse(
      await ok(
        operations.createWebhook.request(t.connection, {
          url: 'http://127.0.0.1:9/hooks',
          events: ['invoice.paid', 'invoice.viewed'],
          description: 'contract',
        }),
        201,
      ),
    );
    expect(created.secret).toMatch(/^whsec_/);
    expect(created).toMatchObject({ status: 'enabled', events: ['invoice.paid', 'invoice.viewed'] });
    const fetched = webhookSubscriptionSchema.parse(
      await ok(operations.getWebhook.request(t.connection, { webhook_id: created.id })),
    );
    expect(fetched.secret).toBeUndefined();
    const listed = listPageSchema(webhookSubscriptionSchema).parse(
      await ok(operations.listWebhooks.request(t.connection, {})),
    );
    expect(listed.data.find((w) => w.id === created.id)).toEqual(fetched);
    expect(listed.data.every((w) => w.secret === undefined)).toBe(true);
    expect((await t.send(operations.deleteWebhook.request(t.connection, { webhook_id: created.id }))).status).toBe(204);
    const again = await t.send(operations.deleteWebhook.request(t.connection, { webhook_id: created.id }));
    expect(again.status).toBe(404);
    expect(normalizeError(again).code).toBe('not_found');
  });

  test('the view, pay and dispute test helpers return their events; events list and filter by type', async () => {
    const invoice = await t.createInvoice({ items: [{ description: 'Part', amount: 1000 }] });
    const viewed = invoiceViewedEventSchema.parse(
      await ok(operations.simulateView.request(t.connection, { invoice_id: invoice.id, channel: 'whatsapp' })),
    );
    expect(viewed.data).toMatchObject({ invoice: { status: 'viewed' }, view: { channel: 'whatsapp' } });
    const partial = invoicePaidEventSchema.parse(
      await ok(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id, amount: 400 })),
    );
    expect(partial.data.invoice).toMatchObject({ status: 'partially_paid', amount_paid: 400, amount_remaining: 600 });
    expect(partial.data.payment).toMatchObject({ method: 'upi', amount: 400, currency: 'INR' });
    expect(partial.data.payment.upi?.utr).toMatch(/^\d{12}$/);
    expect(partial.data.payment.upi?.vpa).toMatch(/^ana@\w+$/);
    const rest = invoicePaidEventSchema.parse(
      await ok(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id })),
    );
    expect(rest.data).toMatchObject({ invoice: { status: 'paid', amount_remaining: 0 }, payment: { amount: 600 } });
    const disputed = invoiceDisputedEventSchema.parse(
      await ok(
        operations.simulateDispute.request(t.connection, {
          invoice_id: invoice.id,
          reason: 'amount_incorrect',
          note: 'Too much',
        }),
      ),
    );
    expect(disputed.data).toMatchObject({
      invoice: { status: 'disputed' },
      dispute: { reason: 'amount_incorrect', note: 'Too much' },
    });

    const page = listPageSchema(eventSchema).parse(await ok(operations.listEvents.request(t.connection, { limit: 4 })));
    expect(page.data.map((e) => e.id)).toEqual([disputed.id, rest.id, partial.id, viewed.id]);
    const paidOnly = await runOperation(
      operations.listEvents,
      t.connection,
      { type: 'invoice.paid', limit: 100 },
      t.send,
    );
    expect(paidOnly.data.every((e) => e.type === 'invoice.paid')).toBe(true);
    expect(paidOnly.data.map((e) => e.id)).toEqual(expect.arrayContaining([partial.id, rest.id]));
  });
});

describe('every error case of the contract returns its status and code', () => {
  const expectProblem = (
    response: { status: number; headers: Record<string, string>; body: unknown },
    status: number,
    code: string,
  ) => {
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = problemSchema.parse(response.body);
    expect(problem).toMatchObject({ status, code });
    expect(problem.request_id).toBe(response.headers['request-id']);
    expect(normalizeError(response).code).toBe(code);
    return problem;
  };

  test('400 invalid_json', async () => {
    const response = await t.raw(operations.createClient.request(t.connection, { email: 'x@example.com' }), {
      body: '{"email": ',
    });
    expectProblem(response, 400, 'invalid_json');
  });

  test('401 invalid_api_key without a key, with a malformed one or one the sandbox never issued; 403 for a live key', async () => {
    const request = operations.getAccount.request(t.connection, {});
    expectProblem(await t.raw(request, { headers: { Authorization: undefined } }), 401, 'invalid_api_key');
    expectProblem(await t.raw(request, { headers: { Authorization: 'Bearer ik_test_x' } }), 401, 'invalid_api_key');
    expectProblem(await t.raw(request, { headers: { Authorization: 'Basic abc' } }), 401, 'invalid_api_key');
    const live = expectProblem(
      await t.send(operations.getAccount.request({ ...t.connection, apiKey: 'ik_live_abcdefgh12345678' }, {})),
      403,
      'forbidden',
    );
    expect(live.detail).toMatch(/test keys only/);
    expect(live.detail).not.toContain('abcdefgh12345678');
    // One changed character, a made-up key of the issued shape, a 10,000-character key: none opens an account.
    const changed = t.connection.apiKey.slice(0, -1) + (t.connection.apiKey.endsWith('a') ? 'b' : 'a');
    for (const apiKey of [
      changed,
      'ik_test_someoneelse123',
      `ik_test_${'A'.repeat(24)}`,
      `ik_test_${'x'.repeat(10_000)}`,
    ]) {
      const refused = expectProblem(
        await t.send(operations.getAccount.request({ ...t.connection, apiKey }, {})),
        401,
        'invalid_api_key',
      );
      expect(refused.detail).toMatch(/did not issue this API key.*npm start -- keys create.*Keys page/);
      expect(refused.detail).not.toContain(apiKey.slice(8, 20));
    }
    const issued = t.sandbox.issueKey();
    expect((await t.send(operations.getAccount.request({ ...t.connection, apiKey: issued.secret }, {}))).status).toBe(
      200,
    );
  });

  test("a refused key, as a connector words it (shared normaliser over the sandbox's problem), says where keys come from once", async () => {
    const refused = await t.send(
      operations.getAccount.request({ ...t.connection, apiKey: `ik_test_${'A'.repeat(24)}` }, {}),
    );
    const { message } = normalizeError(refused);
    expect(message).toMatch(/did not accept the API key \(HTTP 401\)\. This sandbox did not issue this API key/);
    expect(message.match(/keys create/g)).toEqual(['keys create']);
    expect(message.match(/printed at (its )?first start/g)).toHaveLength(1);
  });

  test('404 not_found for an unknown object or route', async () => {
    expectProblem(
      await t.send(operations.getInvoice.request(t.connection, { invoice_id: 'inv_missing' })),
      404,
      'not_found',
    );
    expectProblem(
      await t.send(operations.getClient.request(t.connection, { client_id: 'cli_missing' })),
      404,
      'not_found',
    );
    expectProblem(
      await t.send(operations.simulatePayment.request(t.connection, { invoice_id: 'inv_missing' })),
      404,
      'not_found',
    );
    expectProblem(
      await t.raw({ ...operations.getAccount.request(t.connection, {}), url: `${t.sandbox.baseUrl}/v1/nothing` }, {}),
      404,
      'not_found',
    );
  });

  test('409 client_exists', async () => {
    await ok(operations.createClient.request(t.connection, { email: 'dup@example.com' }), 201);
    const problem = expectProblem(
      await t.send(operations.createClient.request(t.connection, { email: 'DUP@example.com' })),
      409,
      'client_exists',
    );
    expect(problem.detail).toMatch(/already exists/);
  });

  test('413 payload_too_large over 1 MB', async () => {
    const body = JSON.stringify({ email: 'big@example.com', name: 'x'.repeat(1024 * 1024) });
    expectProblem(
      await t.raw(operations.createClient.request(t.connection, { email: 'big@example.com' }), { body }),
      413,
      'payload_too_large',
    );
  });

  test('422 validation_failed lists each field with the shared validation messages', async () => {
    const bad = {
      client_email: 'not-an-email',
      currency: 'RUPEES',
      items: [
        { description: 'ok', amount: 1.5 },
        { description: '', amount: -1 },
      ],
    };
    const response = await t.send(operations.createInvoice.request(t.connection, bad as any));
    const problem = expectProblem(response, 422, 'validation_failed');
    let expected: InputError | undefined;
    try {
      validateInput(createInvoiceInputSchema, bad);
    } catch (error) {
      expected = error as InputError;
    }
    expect(expected).toBeInstanceOf(InputError);
    expect(problem.errors).toEqual(expected!.issues.map((i) => ({ param: i.field, message: i.message })));
    expect(problem.errors!.map((e) => e.param)).toEqual(
      expect.arrayContaining(['client_email', 'currency', 'items[0].amount', 'items[1].description']),
    );
    expect(normalizeError(response).fieldErrors.length).toBe(problem.errors!.length);

    const query = await t.send({
      ...operations.listInvoices.request(t.connection, {}),
      url: `${t.sandbox.baseUrl}/v1/invoices?status=lost&limit=500`,
    });
    expect(
      expectProblem(query, 422, 'validation_failed')
        .errors!.map((e) => e.param)
        .sort(),
    ).toEqual(['limit', 'status']);
    const cursor = await t.send(operations.listInvoices.request(t.connection, { starting_after: 'inv_nowhere' }));
    expect(expectProblem(cursor, 422, 'validation_failed').errors![0].param).toBe('starting_after');
    const overpay = await t.send(
      operations.simulatePayment.request(t.connection, {
        invoice_id: (await t.createInvoice()).id,
        amount: 99_999_999,
      }),
    );
    expect(expectProblem(overpay, 422, 'validation_failed').errors![0].param).toBe('amount');
  });

  test('Idempotency-Key: same body replays the first response, another body is 422 idempotency_key_reused', async () => {
    const input = validateInput(createInvoiceInputSchema, {
      client_email: 'idem@example.com',
      currency: 'INR',
      items: [{ description: 'Once', amount: 1 }],
    });
    const first = await t.send(
      operations.createInvoice.request(t.connection, { ...input, idempotency_key: 'order-42' }),
    );
    const replay = await t.send(
      operations.createInvoice.request(t.connection, { ...input, idempotency_key: 'order-42' }),
    );
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect((replay.body as any).id).toBe((first.body as any).id);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const list = await ok(operations.listInvoices.request(t.connection, { client_email: 'idem@example.com' }));
    expect(list.data).toHaveLength(1);
    const other = await t.send(
      operations.createInvoice.request(t.connection, { ...input, currency: 'USD', idempotency_key: 'order-42' }),
    );
    expectProblem(other, 422, 'idempotency_key_reused');
    const badKey = await t.send(
      operations.createInvoice.request(t.connection, { ...input, idempotency_key: 'x'.repeat(256) }),
    );
    expect(expectProblem(badKey, 422, 'validation_failed').errors![0].param).toBe('Idempotency-Key');
  });

  test('429 rate_limited with Retry-After, per key', async () => {
    const limited = await startTestSandbox({ rateLimitPerSecond: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push(await limited.send(operations.getAccount.request(limited.connection, {})));
      expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expectProblem(statuses[3], 429, 'rate_limited');
      expect(Number(statuses[3].headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(normalizeError(statuses[3]).retryAfterSeconds).toBe(Number(statuses[3].headers['retry-after']));
      const otherKey = await limited.send(
        operations.getAccount.request({ ...limited.connection, apiKey: limited.sandbox.issueKey().secret }, {}),
      );
      expect(otherKey.status).toBe(200);
    } finally {
      await limited.sandbox.close();
    }
  });

  test('5xx internal_error (injected) and 409 idempotency_in_progress', async () => {
    const failing = await startTestSandbox({ faults: { serverErrorShare: 1 } });
    try {
      expectProblem(await failing.send(operations.getAccount.request(failing.connection, {})), 500, 'internal_error');
    } finally {
      await failing.sandbox.close();
    }
    const store = new Store(':memory:');
    const keys = new IdempotencyKeys(store);
    const nested = () =>
      keys.run('acct_1', 'k', 'POST', '/v1/invoices', {}, () =>
        keys.run('acct_1', 'k', 'POST', '/v1/invoices', {}, () => ({ status: 201 })),
      );
    expect(nested).toThrow(expect.objectContaining({ status: 409, code: 'idempotency_in_progress' }));
    store.close();
  });
});
