import {
  EVENT_TYPES,
  MAX_ITEMS,
  accountSchema,
  clientCreateInputSchema,
  clientIdSchema,
  clientSchema,
  clientUpdateInputSchema,
  createInvoiceInputSchema,
  eventSchema,
  idempotencyKeySchema,
  invoiceDisputedEventSchema,
  invoiceIdSchema,
  invoicePaidEventSchema,
  invoiceSchema,
  invoiceViewedEventSchema,
  itemInputSchema,
  listClientsQuerySchema,
  listEventsQuerySchema,
  listInvoicesQuerySchema,
  listPageSchema,
  problemSchema,
  sampleAccount,
  sampleClient,
  sampleEvents,
  sampleEventsByType,
  sampleInvoice,
  samplePresentedInvoice,
  sampleWebhook,
  simulateDisputeInputSchema,
  simulatePaymentInputSchema,
  simulateViewInputSchema,
  webhookCreateInputSchema,
  webhookIdSchema,
  webhookSubscriptionSchema,
  presentInvoice,
} from '../../shared';
import type { z } from 'zod';

const ok = <S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> => {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`expected valid, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
};
/** Paths of the issues, so a test says which field failed and not only that something did. */
const failures = (schema: z.ZodTypeAny, value: unknown): string[] => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected invalid, accepted ${JSON.stringify(value)}`);
  return [
    ...new Set(
      result.error.issues.map((issue) =>
        issue.code === 'unrecognized_keys' ? `unknown:${issue.keys.join(',')}` : issue.path.join('.'),
      ),
    ),
  ];
};

const invoiceInput = {
  client_email: 'ana@example.com',
  currency: 'INR',
  items: [{ description: 'Design', amount: 1500 }],
};
const items = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ description: `Line ${index + 1}`, amount: index }));

describe('input schemas are strict: unknown keys are refused, nothing unexpected is sent', () => {
  test.each<[string, z.ZodTypeAny, Record<string, unknown>]>([
    ['item', itemInputSchema, { description: 'x', amount: 1 }],
    ['create invoice', createInvoiceInputSchema, invoiceInput],
    ['client create', clientCreateInputSchema, { email: 'ana@example.com' }],
    ['client update', clientUpdateInputSchema, { name: 'Ana' }],
    ['list invoices', listInvoicesQuerySchema, {}],
    ['list clients', listClientsQuerySchema, {}],
    ['list events', listEventsQuerySchema, {}],
    ['webhook create', webhookCreateInputSchema, { url: 'https://hooks.example.com/a', events: ['invoice.paid'] }],
    ['simulate view', simulateViewInputSchema, {}],
    ['simulate payment', simulatePaymentInputSchema, {}],
    ['simulate dispute', simulateDisputeInputSchema, { reason: 'other' }],
  ])('%s', (_name, schema, valid) => {
    ok(schema, valid);
    expect(failures(schema, { ...valid, surprise: 1 })).toContain('unknown:surprise');
  });

  test('unknown keys inside an item and inside an address are refused too', () => {
    expect(
      failures(createInvoiceInputSchema, { ...invoiceInput, items: [{ description: 'x', amount: 1, tax: 18 }] }),
    ).toContain('unknown:tax');
    expect(
      failures(clientCreateInputSchema, {
        email: 'a@example.com',
        address: { line1: 'x', city: 'y', postal_code: '1', country: 'IN', county: 'z' },
      }),
    ).toContain('unknown:county');
  });
});

describe('createInvoiceInputSchema', () => {
  test('normalises what platforms hand over as strings', () => {
    expect(
      ok(createInvoiceInputSchema, {
        client_email: '  Ana@Example.com ',
        currency: ' usd ',
        items: [{ description: '  Design  ', amount: ' 1500 ' }],
        auto_send_whatsapp: 'yes',
      }),
    ).toStrictEqual({
      client_email: 'Ana@Example.com',
      currency: 'USD',
      items: [{ description: 'Design', amount: 1500 }],
      auto_send_whatsapp: true,
    });
  });

  test.each([
    [true, true],
    ['true', true],
    ['TRUE', true],
    ['yes', true],
    ['1', true],
    [false, false],
    ['false', false],
    ['no', false],
    ['0', false],
    ['', false],
    ['  ', false],
    [undefined, false],
  ])('auto_send_whatsapp %j → %j', (given, expected) => {
    expect(ok(createInvoiceInputSchema, { ...invoiceInput, auto_send_whatsapp: given }).auto_send_whatsapp).toBe(
      expected,
    );
  });

  test.each(['maybe', 2, 'on'])('auto_send_whatsapp %j is refused', (given) => {
    expect(failures(createInvoiceInputSchema, { ...invoiceInput, auto_send_whatsapp: given })).toEqual([
      'auto_send_whatsapp',
    ]);
  });

  test(`1 to ${MAX_ITEMS} items`, () => {
    expect(MAX_ITEMS).toBe(100);
    expect(ok(createInvoiceInputSchema, { ...invoiceInput, items: items(100) }).items).toHaveLength(100);
    expect(failures(createInvoiceInputSchema, { ...invoiceInput, items: items(101) })).toEqual(['items']);
    expect(failures(createInvoiceInputSchema, { ...invoiceInput, items: [] })).toEqual(['items']);
    expect(failures(createInvoiceInputSchema, { ...invoiceInput, items: 'Design: 1500' })).toEqual(['items']);
  });

  test('every required field is required', () => {
    expect(failures(createInvoiceInputSchema, {}).sort()).toEqual(['client_email', 'currency', 'items']);
    expect(failures(createInvoiceInputSchema, { ...invoiceInput, items: [{}] }).sort()).toEqual([
      'items.0.amount',
      'items.0.description',
    ]);
  });

  test.each([0, 1, 1500, '0', '100000000000', 100_000_000_000])('amount %j is accepted', (amount) => {
    expect(ok(itemInputSchema, { description: 'x', amount }).amount).toBe(Number(amount));
  });

  test.each([
    -1,
    1.5,
    '15.00',
    '1,500',
    '1e3',
    1e21,
    100_000_000_001,
    NaN,
    Infinity,
    '',
    ' ',
    null,
    true,
    '-5',
    '１５',
  ])('amount %p is refused', (amount) => {
    expect(failures(itemInputSchema, { description: 'x', amount })).toEqual(['amount']);
  });

  test('descriptions: 1 to 500 characters after trimming, counted as characters not UTF-16 units', () => {
    expect(ok(itemInputSchema, { description: 'a'.repeat(500), amount: 1 }).description).toHaveLength(500);
    expect(ok(itemInputSchema, { description: '🧾'.repeat(500), amount: 1 }).description).toBe('🧾'.repeat(500));
    expect(failures(itemInputSchema, { description: 'a'.repeat(501), amount: 1 })).toEqual(['description']);
    expect(failures(itemInputSchema, { description: '🧾'.repeat(501), amount: 1 })).toEqual(['description']);
    expect(failures(itemInputSchema, { description: '   ', amount: 1 })).toEqual(['description']);
    expect(failures(itemInputSchema, { description: 42, amount: 1 })).toEqual(['description']);
  });

  test.each(['RUPEES', 'IN', 'I N R', '₹', 'ABC', 'XYZ', 'US$', 123])('currency %j is refused', (currency) => {
    expect(failures(createInvoiceInputSchema, { ...invoiceInput, currency })).toEqual(['currency']);
  });

  test.each(['INR', 'usd', 'Jpy', 'KWD', ' eur '])('currency %j is accepted and upper-cased', (currency) => {
    expect(ok(createInvoiceInputSchema, { ...invoiceInput, currency }).currency).toBe(currency.trim().toUpperCase());
  });

  test.each([
    'ana @example.com',
    'anä@example.com',
    'ana@exämple.com',
    'ana',
    '@example.com',
    'ana@',
    'ana@example',
    42,
    '😀@example.com',
  ])('client_email %j is refused', (client_email) => {
    expect(failures(createInvoiceInputSchema, { ...invoiceInput, client_email })).toEqual(['client_email']);
  });
});

describe('client inputs', () => {
  const address = { line1: '12 MG Road', city: 'Pune', postal_code: '411001', country: 'in' };

  test('create: email required, the rest optional; phone and country normalised, blanks dropped', () => {
    expect(ok(clientCreateInputSchema, { email: 'ana@example.com' })).toEqual({ email: 'ana@example.com' });
    const client = ok(clientCreateInputSchema, {
      email: ' ana@example.com',
      name: ' Ana ',
      phone: '+91 (98123) 45-678',
      company: '',
      tax_id: '  ',
      address,
    });
    expect(JSON.parse(JSON.stringify(client))).toStrictEqual({
      email: 'ana@example.com',
      name: 'Ana',
      phone: '+919812345678',
      address: { line1: '12 MG Road', city: 'Pune', postal_code: '411001', country: 'IN' },
    });
    expect(failures(clientCreateInputSchema, { name: 'Ana' })).toEqual(['email']);
  });

  test.each(['9812345678', '+0123456789', '+91', 'call me', '+91 98123 4567890123'])('phone %j is refused', (phone) => {
    expect(failures(clientCreateInputSchema, { email: 'a@example.com', phone })).toEqual(['phone']);
  });

  test.each(['IND', 'XX', 'ZZ', '1N'])('country %j is refused', (country) => {
    expect(failures(clientCreateInputSchema, { email: 'a@example.com', address: { ...address, country } })).toEqual([
      'address.country',
    ]);
  });

  test('an address needs line 1, city, postal code and country together', () => {
    expect(failures(clientCreateInputSchema, { email: 'a@example.com', address: { line1: 'x' } }).sort()).toEqual([
      'address.city',
      'address.country',
      'address.postal_code',
    ]);
  });

  test('text limits: name 200, tax ID 50', () => {
    ok(clientCreateInputSchema, { email: 'a@example.com', name: 'n'.repeat(200), tax_id: 't'.repeat(50) });
    expect(
      failures(clientCreateInputSchema, {
        email: 'a@example.com',
        name: 'n'.repeat(201),
        tax_id: 't'.repeat(51),
      }).sort(),
    ).toEqual(['name', 'tax_id']);
  });

  test('update: every field optional, but at least one change', () => {
    expect(ok(clientUpdateInputSchema, { phone: '+14155550123' })).toEqual({ phone: '+14155550123' });
    expect(ok(clientUpdateInputSchema, { email: ' new@example.com ' })).toEqual({ email: 'new@example.com' });
    expect(failures(clientUpdateInputSchema, {})).toEqual(['']);
    expect(failures(clientUpdateInputSchema, { email: '', name: '  ' })).toEqual(['']);
    expect(failures(clientUpdateInputSchema, { email: 'not an email' })).toEqual(['email']);
  });
});

describe('ids, idempotency keys, list queries, webhooks, test helpers', () => {
  test.each<[z.ZodTypeAny, string, string]>([
    [invoiceIdSchema, ' inv_3MtwBwLkdIwHu7ix ', 'cli_3Mtw'],
    [clientIdSchema, 'cli_NffrFeUfNV2Hib', 'inv_1'],
    [webhookIdSchema, 'we_1NpLs2Hq8ZkYd3Tx', 'we_'],
  ])('ids carry their prefix', (schema, valid, invalid) => {
    expect(ok(schema, valid)).toBe(valid.trim());
    expect(schema.safeParse(invalid).success).toBe(false);
    expect(schema.safeParse('inv_1/../x').success).toBe(false);
    expect(schema.safeParse('').success).toBe(false);
  });

  test('idempotency keys: 1 to 255 printable ASCII characters; numbers become text', () => {
    expect(ok(idempotencyKeySchema, ' order-10023 ')).toBe('order-10023');
    expect(ok(idempotencyKeySchema, 10023)).toBe('10023');
    expect(ok(idempotencyKeySchema, 'k'.repeat(255))).toHaveLength(255);
    for (const bad of ['', '   ', 'k'.repeat(256), 'ключ', 'a\nb', 'émoji😀', {}]) {
      expect(idempotencyKeySchema.safeParse(bad).success).toBe(false);
    }
  });

  test('list queries: limit 1 to 100 (digit strings accepted), blanks omitted, enums checked', () => {
    expect(
      ok(listInvoicesQuerySchema, { limit: '10', status: '', client_email: ' ', number: 'INV-1', starting_after: '' }),
    ).toEqual({ limit: 10, number: 'INV-1' });
    expect(ok(listInvoicesQuerySchema, { status: 'partially_paid' })).toEqual({ status: 'partially_paid' });
    for (const limit of [0, 101, '1.5', -1, 'ten'])
      expect(failures(listClientsQuerySchema, { limit })).toEqual(['limit']);
    expect(failures(listInvoicesQuerySchema, { status: 'refunded' })).toEqual(['status']);
    expect(failures(listClientsQuerySchema, { email: 'nope' })).toEqual(['email']);
    for (const type of EVENT_TYPES) expect(ok(listEventsQuerySchema, { type })).toEqual({ type });
    expect(failures(listEventsQuerySchema, { type: 'invoice.archived' })).toEqual(['type']);
  });

  test('webhook subscriptions: an http(s) URL and at least one known event type', () => {
    expect(
      ok(webhookCreateInputSchema, { url: 'http://127.0.0.1:9999/hook', events: ['invoice.viewed'], description: '' }),
    ).toEqual({ url: 'http://127.0.0.1:9999/hook', events: ['invoice.viewed'] });
    expect(failures(webhookCreateInputSchema, { url: 'ftp://example.com/x', events: ['invoice.paid'] })).toEqual([
      'url',
    ]);
    expect(failures(webhookCreateInputSchema, { url: 'not a url', events: ['invoice.paid'] })).toContain('url');
    expect(failures(webhookCreateInputSchema, { url: 'https://x.example', events: [] })).toEqual(['events']);
    expect(failures(webhookCreateInputSchema, { url: 'https://x.example', events: ['invoice.archived'] })).toEqual([
      'events.0',
    ]);
  });

  test('test helpers: view channel defaults to link, payment amount optional, dispute reason required', () => {
    expect(ok(simulateViewInputSchema, {})).toEqual({ channel: 'link' });
    expect(ok(simulateViewInputSchema, { channel: 'email' })).toEqual({ channel: 'email' });
    expect(failures(simulateViewInputSchema, { channel: 'sms' })).toEqual(['channel']);
    expect(ok(simulatePaymentInputSchema, { amount: '700' })).toEqual({ amount: 700 });
    expect(JSON.parse(JSON.stringify(ok(simulatePaymentInputSchema, { amount: '' })))).toEqual({});
    expect(failures(simulatePaymentInputSchema, { amount: '7.00' })).toEqual(['amount']);
    expect(failures(simulateDisputeInputSchema, { note: 'x' })).toEqual(['reason']);
  });
});

describe('response schemas are lenient: unknown fields are kept, new enum values accepted', () => {
  test.each<[string, z.ZodTypeAny, Record<string, unknown>]>([
    ['account', accountSchema, sampleAccount],
    ['invoice', invoiceSchema, sampleInvoice],
    ['client', clientSchema, sampleClient],
    ['webhook', webhookSubscriptionSchema, sampleWebhook],
    ['viewed event', eventSchema, sampleEvents.viewed],
    ['paid event', eventSchema, sampleEvents.paid],
    ['disputed event', eventSchema, sampleEvents.disputed],
  ])('%s keeps a field the contract does not know', (_name, schema, sample) => {
    const parsed = ok(schema, { ...sample, added_in_v2: { nested: true } });
    expect(parsed).toEqual({ ...sample, added_in_v2: { nested: true } });
  });

  test('a new invoice status or WhatsApp status does not break parsing', () => {
    expect(
      ok(invoiceSchema, { ...sampleInvoice, status: 'refunded', whatsapp: { status: 'read', provider: 'x' } }).status,
    ).toBe('refunded');
  });

  test('nullable optionals accept null', () => {
    ok(invoiceSchema, {
      ...sampleInvoice,
      viewed_at: null,
      paid_at: null,
      disputed_at: null,
      whatsapp: { status: 'failed', error_code: null, error_message: null },
    });
    ok(clientSchema, { ...sampleClient, name: null, phone: null, company: null, tax_id: null, address: null });
  });

  test('the fields the connectors rely on are still required', () => {
    const { amount_due: _a, ...noAmount } = sampleInvoice;
    expect(invoiceSchema.safeParse(noAmount).success).toBe(false);
    expect(invoiceSchema.safeParse({ ...sampleInvoice, object: 'client' }).success).toBe(false);
    expect(invoiceSchema.safeParse({ ...sampleInvoice, amount_due: 14900.5 }).success).toBe(false);
    expect(invoiceSchema.safeParse({ ...sampleInvoice, items: [{ description: 'x', amount: '15.00' }] }).success).toBe(
      false,
    );
    expect(clientSchema.safeParse({ ...sampleClient, email: undefined }).success).toBe(false);
    expect(accountSchema.safeParse({ ...sampleAccount, livemode: 'false' }).success).toBe(false);
    expect(webhookSubscriptionSchema.safeParse({ ...sampleWebhook, events: 'invoice.paid' }).success).toBe(false);
  });

  test('list pages', () => {
    const page = listPageSchema(invoiceSchema);
    expect(ok(page, { object: 'list', data: [sampleInvoice], has_more: false, url: '/v1/invoices' })).toEqual({
      object: 'list',
      data: [sampleInvoice],
      has_more: false,
      url: '/v1/invoices',
    });
    expect(page.safeParse({ object: 'list', data: [{ id: 'inv_1' }], has_more: false }).success).toBe(false);
    expect(page.safeParse({ data: [], has_more: false }).success).toBe(false);
    expect(page.safeParse({ object: 'list', data: [] }).success).toBe(false);
  });

  test('events: each type needs its own data block', () => {
    expect(invoiceViewedEventSchema.safeParse(sampleEvents.viewed).success).toBe(true);
    expect(invoicePaidEventSchema.safeParse(sampleEvents.paid).success).toBe(true);
    expect(invoiceDisputedEventSchema.safeParse(sampleEvents.disputed).success).toBe(true);
    expect(eventSchema.safeParse({ ...sampleEvents.paid, data: { invoice: sampleInvoice } }).success).toBe(false);
    expect(eventSchema.safeParse({ ...sampleEvents.viewed, type: 'invoice.paid' }).success).toBe(false);
    expect(eventSchema.safeParse({ ...sampleEvents.disputed, type: 'invoice.archived' }).success).toBe(false);
    const { livemode: _l, ...noLivemode } = sampleEvents.viewed;
    expect(eventSchema.safeParse(noLivemode).success).toBe(false);
    expect(
      eventSchema.safeParse({
        ...sampleEvents.disputed,
        data: { ...sampleEvents.disputed.data, dispute: { ...sampleEvents.disputed.data.dispute, note: null } },
      }).success,
    ).toBe(true);
  });

  test('problem+json as the contract defines it', () => {
    const problem = {
      type: 'https://docs.invoicing.example/errors/validation_failed',
      title: 'Validation failed',
      status: 422,
      detail: 'One field is invalid.',
      code: 'validation_failed',
      errors: [{ param: 'items[0].amount', message: 'must be an integer' }],
      request_id: 'req_1',
    };
    expect(ok(problemSchema, problem)).toEqual(problem);
    expect(problemSchema.safeParse({ ...problem, status: '422' }).success).toBe(false);
    expect(problemSchema.safeParse({ ...problem, errors: [{ message: 'x' }] }).success).toBe(false);
  });
});

describe('samples are valid objects of their schemas', () => {
  test('each sample parses to itself', () => {
    expect(ok(accountSchema, sampleAccount)).toEqual(sampleAccount);
    expect(ok(invoiceSchema, sampleInvoice)).toEqual(sampleInvoice);
    expect(ok(clientSchema, sampleClient)).toEqual(sampleClient);
    expect(ok(webhookSubscriptionSchema, sampleWebhook)).toEqual(sampleWebhook);
    for (const event of Object.values(sampleEvents)) expect(ok(eventSchema, event)).toEqual(event);
  });

  test('samples are internally consistent: ids carry their prefixes, amounts add up, keys match types', () => {
    expect(sampleInvoice.id).toMatch(/^inv_/);
    expect(sampleClient.id).toMatch(/^cli_/);
    expect(sampleWebhook.id).toMatch(/^we_/);
    expect(sampleInvoice.items.reduce((sum, item) => sum + item.amount, 0)).toBe(sampleInvoice.amount_due);
    for (const event of Object.values(sampleEvents)) {
      expect(event.id).toMatch(/^evt_/);
      const invoice = (event.data as { invoice?: typeof sampleInvoice }).invoice;
      // A void invoice owes nothing whatever was billed (contract, "Voiding"); notes move what it is worth
      // ("A note's effect on the invoice"), and what was paid beyond that is owed back.
      if (invoice)
        expect(invoice.amount_paid + invoice.amount_remaining - (invoice.amount_refundable ?? 0)).toBe(
          invoice.status === 'void'
            ? invoice.amount_paid
            : invoice.amount_due + (invoice.amount_debited ?? 0) - (invoice.amount_credited ?? 0),
        );
      else expect(event.type).toMatch(/^(client|product)\./);
    }
    for (const type of EVENT_TYPES) expect(sampleEventsByType[type].type).toBe(type);
    expect(sampleEvents.paid.data.payment.amount).toBe(sampleEvents.paid.data.invoice.amount_paid);
  });

  test('presented samples are what the functions make of the samples', () => {
    expect(samplePresentedInvoice).toEqual(presentInvoice(sampleInvoice));
    expect(samplePresentedInvoice.amount_due_formatted).toBe('₹14,900.00');
    expect(samplePresentedInvoice.items.map((item) => item.amount_formatted)).toEqual(['₹12,500.00', '₹2,400.00']);
  });
});

describe('country codes that Intl names but are not countries', () => {
  it.each(['EU', 'UN', 'QO', 'XA', 'ZZ', 'AA'])('refuses %s', (country) => {
    const { clientCreateInputSchema } = jest.requireActual('../../shared') as typeof import('../../shared');
    const parsed = clientCreateInputSchema.safeParse({
      email: 'a@example.com',
      address: { line1: '1 Road', city: 'Pune', postal_code: '411001', country },
    });
    expect(parsed.success).toBe(false);
  });
  it('accepts XK (Kosovo) and IN', () => {
    const { clientCreateInputSchema } = jest.requireActual('../../shared') as typeof import('../../shared');
    for (const country of ['XK', 'IN']) {
      expect(
        clientCreateInputSchema.safeParse({
          email: 'a@example.com',
          address: { line1: '1 Road', city: 'Pune', postal_code: '411001', country },
        }).success,
      ).toBe(true);
    }
  });
});
