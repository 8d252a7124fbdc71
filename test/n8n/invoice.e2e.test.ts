/** Invoice operations of the built node, run by n8n-core's WorkflowExecute against the sandbox. */
import { invoiceCount, operations, setUp, type Setup } from './support';

let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

const create = (extra: Record<string, unknown> = {}) => ({
  resource: 'invoice',
  operation: 'create',
  client_email: 'ana@example.com',
  currency: 'inr',
  items: {
    item: [
      { description: 'Website design, May', amount: '12,500.00' },
      { description: 'Hosting', amount: '2400' },
    ],
  },
  ...extra,
});

describe('Create', () => {
  test('line items from the fixed collection become one invoice per input item, each paired to it', async () => {
    const run = await s.run(create(), { input: [{ order: 1 }, { order: 2 }] });
    expect(run.error).toBeUndefined();
    expect(run.items).toHaveLength(2);
    expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
    const [first] = run.items.map((item) => item.json as any);
    expect(first).toMatchObject({
      object: 'invoice',
      client_email: 'ana@example.com',
      currency: 'INR',
      items: [
        { description: 'Website design, May', amount: 1250000, amount_formatted: '₹12,500.00' },
        { description: 'Hosting', amount: 240000, amount_formatted: '₹2,400.00' },
      ],
      amount_due: 1490000,
      amount_due_formatted: '₹14,900.00',
      auto_send_whatsapp: false,
    });
    const stored = await s.api((c) => operations.getInvoice.request(c, { invoice_id: first.id }));
    expect(stored.body.items).toEqual([
      { description: 'Website design, May', amount: 1250000 },
      { description: 'Hosting', amount: 240000 },
    ]);
    expect(new Set(run.items.map((item) => (item.json as any).id)).size).toBe(2);
  });

  test('line items as one JSON array typed in', async () => {
    const run = await s.run(
      create({
        itemsInput: 'json',
        itemsJson: JSON.stringify([{ description: 'Consulting', amount: '5,000.00' }]),
      }),
    );
    expect(run.error).toBeUndefined();
    expect((run.items[0].json as any).items).toEqual([
      { description: 'Consulting', amount: 500000, amount_formatted: '₹5,000.00' },
    ]);
  });

  test('Amounts Are In: Minor Units keeps data that counts paise; a client picked from the list is its e-mail', async () => {
    const run = await s.run(
      create({
        amount_unit: 'minor',
        client_email: {
          __rl: true,
          mode: 'list',
          value: 'ana@example.com',
          cachedResultName: 'Ana Sharma · ana@example.com',
        },
        items: {
          item: [
            { description: 'Website design, May', amount: 1250000 },
            { description: 'Hosting', amount: '240000' },
          ],
        },
      }),
    );
    expect(run.error).toBeUndefined();
    expect(run.items[0].json).toMatchObject({
      client_email: 'ana@example.com',
      amount_due: 1490000,
      amount_due_formatted: '₹14,900.00',
    });
    const refused = await s.run(
      create({ amount_unit: 'minor', items: { item: [{ description: 'Design', amount: '1,500.00' }] } }),
    );
    expect((refused.error as any).message).toBe(
      'Item 1: amount must be a whole number of paise, e.g. 1500 for ₹15.00. ' +
        'Amounts Are In is set to Minor Units; set it to Currency Units to write amounts such as 1,500.00',
    );
  });

  test('line items as a JSON array mapped by an expression from the incoming item', async () => {
    const run = await s.run(
      create({ itemsInput: 'json', itemsJson: '={{ $json.lines }}', client_email: '={{ $json.email }}' }),
      {
        input: [
          {
            email: 'ravi@example.com',
            lines: [
              { description: 'Logo', amount: 999 },
              { description: 'Cards', amount: '50.00' },
            ],
          },
          { email: 'meera@example.com', lines: [{ description: 'Photos', amount: '1,200' }] },
        ],
      },
    );
    expect(run.error).toBeUndefined();
    expect(run.items.map((item) => (item.json as any).client_email)).toEqual(['ravi@example.com', 'meera@example.com']);
    expect(run.items.map((item) => (item.json as any).amount_due)).toEqual([104900, 120000]);
  });

  test('Send on WhatsApp to a client without a phone: created, and the WhatsApp status says why it was not sent', async () => {
    const run = await s.run(create({ client_email: 'no-phone@example.com', auto_send_whatsapp: true }));
    expect(run.error).toBeUndefined();
    expect(run.items[0].json).toMatchObject({
      auto_send_whatsapp: true,
      whatsapp: { status: 'failed', error_code: 'client_phone_missing' },
    });
  });

  test('bad input fails the item with a NodeOperationError naming each field, and sends nothing', async () => {
    const before = await invoiceCount(s);
    const run = await s.run(
      create({
        client_email: 'ana@',
        items: {
          item: [
            { description: 'Design', amount: '15.555' },
            { description: 'x'.repeat(501), amount: 100 },
          ],
        },
      }),
    );
    const error = run.error as any;
    expect(error.name).toBe('NodeOperationError');
    expect(error.context.itemIndex).toBe(0);
    expect(error.message).toContain('Client Email must be a valid e-mail address');
    expect(error.message).toContain(
      'Item 1: amount has more decimals than INR has (2 decimals; you entered 15.555); enter an amount in INR such as 1500, 1500.00 or 1,500.00',
    );
    expect(error.message).toContain('Item 2: description must be at most 500 characters');
    expect(error.description).toContain('client_email: ');
    expect(error.description).toContain('items[0].amount: ');
    expect(run.items).toEqual([]);
    expect(await invoiceCount(s)).toBe(before);
  });

  test('no line items at all, and a JSON value that is not an array, are refused by name', async () => {
    const empty = await s.run(create({ items: {} }));
    expect((empty.error as any).message).toBe('Line Items must have at least one line item');
    const notJson = await s.run(create({ itemsInput: 'json', itemsJson: '{"description": "x"' }));
    expect((notJson.error as any).message).toBe(
      'Line Items must be a list of line items, each with a description and an amount',
    );
  });

  test('the failing item is the one named: item 2 of 3', async () => {
    const run = await s.run(create({ currency: '={{ $json.currency }}' }), {
      input: [{ currency: 'INR' }, { currency: 'RUPEES' }, { currency: 'USD' }],
      settings: { onError: 'stopWorkflow' },
    });
    expect((run.error as any).context.itemIndex).toBe(1);
    expect((run.error as any).message).toBe(
      'Currency must be a three-letter ISO 4217 currency code such as INR, USD or EUR',
    );
  });

  test('with Continue On Fail, a bad item becomes an error item paired to it and the others go through', async () => {
    const run = await s.run(create({ currency: '={{ $json.currency }}' }), {
      input: [{ currency: 'INR' }, { currency: 'XXY' }, { currency: 'USD' }],
      settings: { onError: 'continueRegularOutput' },
    });
    expect(run.error).toBeUndefined();
    expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
    expect(run.items[0].json).toMatchObject({ object: 'invoice', currency: 'INR' });
    expect(run.items[1].json).toEqual({
      error: 'Currency is not a known ISO 4217 currency code; use one such as INR, USD or EUR',
    });
    expect(run.items[2].json).toMatchObject({ object: 'invoice', currency: 'USD' });
  });
});

describe('Get', () => {
  test('by ID', async () => {
    const created = await s.run(create());
    const id = (created.items[0].json as any).id;
    const run = await s.run({ resource: 'invoice', operation: 'get', invoice_id: id });
    expect(run.items[0].json).toMatchObject({ id, amount_due_formatted: '₹14,900.00' });
  });

  test('an unknown ID is a NodeApiError 404 with the service message; Continue On Fail outputs it instead', async () => {
    const failed = await s.run({ resource: 'invoice', operation: 'get', invoice_id: 'inv_doesnotexist' });
    const error = failed.error as any;
    expect(error.name).toBe('NodeApiError');
    expect(error.httpCode).toBe('404');
    expect(error.context.itemIndex).toBe(0);
    expect(error.message).toMatch(/^Not found \(HTTP 404\)\./);
    expect(error.description).toMatch(/^Request ID: req_/);

    const continued = await s.run(
      { resource: 'invoice', operation: 'get', invoice_id: 'inv_doesnotexist' },
      { settings: { onError: 'continueRegularOutput' } },
    );
    expect(continued.error).toBeUndefined();
    expect(continued.items).toEqual([{ json: { error: error.message }, pairedItem: { item: 0 } }]);
  });

  test('an ID of the wrong kind is refused before sending', async () => {
    const run = await s.run({ resource: 'invoice', operation: 'get', invoice_id: 'cli_123' });
    expect((run.error as any).name).toBe('NodeOperationError');
    expect((run.error as any).message).toBe('Invoice ID must be an ID starting inv_');
  });

  test('a wrong API key: 401 with advice to reconnect, and the key appears nowhere in the run', async () => {
    // Well formed but never issued by this sandbox: the path a user with a mistyped or revoked key takes.
    const wrongKey = 'ik_test_NeverIssuedByThisSandbox';
    const run = await s.run(
      { resource: 'invoice', operation: 'get', invoice_id: 'inv_x1' },
      { credentials: { invoicingApi: { apiKey: wrongKey, baseUrl: s.sandbox.baseUrl } } },
    );
    const error = run.error as any;
    expect(error.httpCode).toBe('401');
    expect(error.message).toContain('did not accept the API key');
    expect(error.message).toContain('Reconnect the account');
    expect(error.message).toContain('npm start -- keys create');
    expect(JSON.stringify(run.run)).not.toContain(wrongKey);
  });

  test('a live key on the sandbox: 403 saying why', async () => {
    const liveKey = ['ik', 'live', 'Lm2Nb4Vc6Xz8As0Df'].join('_');
    const run = await s.run(
      { resource: 'invoice', operation: 'get', invoice_id: 'inv_x1' },
      { credentials: { invoicingApi: { apiKey: liveKey, baseUrl: s.sandbox.baseUrl } } },
    );
    expect((run.error as any).httpCode).toBe('403');
    expect((run.error as any).message).toContain('accepts test keys only');
    expect(JSON.stringify(run.run)).not.toContain(liveKey);
  });
});

describe('Get Many', () => {
  let paging: Setup;
  const email = 'many@example.com';

  beforeAll(async () => {
    paging = await setUp();
    const input = {
      client_email: email,
      currency: 'INR',
      items: [{ description: 'Item', amount: 100 }],
      auto_send_whatsapp: false,
    };
    for (let i = 0; i < 105; i += 1) await paging.api((c) => operations.createInvoice.request(c, input));
    await paging.api((c) => operations.createInvoice.request(c, { ...input, client_email: 'other@example.com' }));
  });
  afterAll(async () => {
    await paging.close();
  });

  const getMany = (extra: Record<string, unknown>) =>
    paging.run({ resource: 'invoice', operation: 'getAll', ...extra });

  test('Return All pages past the 100-per-page limit', async () => {
    const run = await getMany({ returnAll: true });
    expect(run.items).toHaveLength(106);
    expect(new Set(run.items.map((item) => (item.json as any).id)).size).toBe(106);
    expect(run.items.every((item) => (item.pairedItem as any).item === 0)).toBe(true);
  });

  test('Limit stops there, across pages too', async () => {
    expect((await getMany({ limit: 3 })).items).toHaveLength(3);
    expect((await getMany({ limit: 102 })).items).toHaveLength(102);
  });

  test('filters by client email, number and status', async () => {
    const byEmail = await getMany({ returnAll: true, filters: { client_email: 'other@example.com' } });
    expect(byEmail.items.map((item) => (item.json as any).client_email)).toEqual(['other@example.com']);
    const byNumber = await getMany({ returnAll: true, filters: { number: 'INV-000007' } });
    expect(byNumber.items.map((item) => (item.json as any).number)).toEqual(['INV-000007']);
    const paid = await getMany({ returnAll: true, filters: { status: 'paid' } });
    expect(paid.items).toEqual([]);
  });

  test('a bad filter is refused by name', async () => {
    const run = await getMany({ returnAll: true, filters: { client_email: 'not-an-email' } });
    expect((run.error as any).message).toContain('Client Email must be a valid e-mail address');
  });
});
