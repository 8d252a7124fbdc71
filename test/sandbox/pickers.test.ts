/**
 * The pickers against the sandbox: the contract's `search` and `owed` filters, choices that read as a
 * person says them, and the cursor that pages through a long list.
 */
import {
  InputError,
  PICKER_PAGE_SIZE,
  clientChoices,
  idFromUrl,
  invoiceChoices,
  operations,
  paymentChoices,
  runOperation,
  FIELDS,
} from '../../shared';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());

const createClient = (input: Record<string, unknown>) =>
  runOperation(operations.createClient, t.connection, input, t.send);

test('clients: "Name · e-mail", newest first; a search narrows by name, e-mail or company, ignoring case', async () => {
  await createClient({ email: 'ana@example.com', name: 'Ana Sharma' });
  await createClient({ email: 'ravi@example.com', company: 'Ravi Traders' });
  await createClient({ email: 'plain@example.com' });
  await createClient({ email: 'percent@example.com', name: '100% Cotton' });

  const all = await clientChoices(t.connection, t.send);
  expect(all.choices.map((choice) => choice.label)).toEqual([
    '100% Cotton · percent@example.com',
    'plain@example.com',
    'Ravi Traders · ravi@example.com',
    'Ana Sharma · ana@example.com',
  ]);
  expect(all.choices[3].value).toMatch(/^cli_/);
  expect(all.next).toBeUndefined();

  expect((await clientChoices(t.connection, t.send, { search: 'SHARMA' })).choices.map((c) => c.label)).toEqual([
    'Ana Sharma · ana@example.com',
  ]);
  expect((await clientChoices(t.connection, t.send, { search: 'traders' })).choices.map((c) => c.label)).toEqual([
    'Ravi Traders · ravi@example.com',
  ]);
  expect((await clientChoices(t.connection, t.send, { search: 'plain@' })).choices).toHaveLength(1);
  // LIKE's wildcards are matched as themselves.
  expect((await clientChoices(t.connection, t.send, { search: '0%' })).choices.map((c) => c.label)).toEqual([
    '100% Cotton · percent@example.com',
  ]);
  expect((await clientChoices(t.connection, t.send, { search: '_' })).choices).toEqual([]);
  expect((await clientChoices(t.connection, t.send, { value: 'email', search: 'ana' })).choices[0].value).toBe(
    'ana@example.com',
  );
});

test('invoices: "number · client · amount due · status"; owed leaves out what is paid; search by number or e-mail', async () => {
  const owed = await t.createInvoice({
    client_email: 'ana@example.com',
    items: [{ description: 'Design', amount: 150000 }],
  });
  const paid = await t.createInvoice({
    client_email: 'ravi@example.com',
    currency: 'KWD',
    items: [{ description: 'Stock', amount: 1500000 }],
  });
  await runOperation(
    operations.recordPayment,
    t.connection,
    { invoice_id: paid.id, method: 'cash', amount: 1500000, amount_unit: 'minor' },
    t.send,
  );
  const part = await t.createInvoice({
    client_email: 'ravi@example.com',
    currency: 'JPY',
    items: [{ description: 'Tea', amount: 5000 }],
  });
  await runOperation(
    operations.recordPayment,
    t.connection,
    { invoice_id: part.id, method: 'cash', amount: 2000, amount_unit: 'minor' },
    t.send,
  );

  const all = await invoiceChoices(t.connection, t.send);
  expect(all.choices).toEqual([
    { value: part.id, label: `${part.number} · ravi@example.com · ¥3,000 due · partially paid`, url: part.hosted_url },
    { value: paid.id, label: `${paid.number} · ravi@example.com · KWD\u00a01,500.000 · paid`, url: paid.hosted_url },
    { value: owed.id, label: `${owed.number} · ana@example.com · ₹1,500.00 due · open`, url: owed.hosted_url },
  ]);
  expect((await invoiceChoices(t.connection, t.send, { owed: true })).choices.map((c) => c.value)).toEqual([
    part.id,
    owed.id,
  ]);
  expect(
    (await invoiceChoices(t.connection, t.send, { search: owed.number.toLowerCase() })).choices.map((c) => c.value),
  ).toEqual([owed.id]);
  expect(
    (await invoiceChoices(t.connection, t.send, { search: 'RAVI@', owed: true })).choices.map((c) => c.value),
  ).toEqual([part.id]);

  const payments = await paymentChoices(t.connection, t.send);
  expect(payments.choices[0].label).toMatch(/^¥2,000 · cash · \d{1,2} [A-Z][a-z]{2} \d{4} · inv_/);
});

test(`a long list pages by the last ID: ${PICKER_PAGE_SIZE} a page, then the rest, then no next page`, async () => {
  const connection = { ...t.connection, apiKey: t.sandbox.createAccount().secret };
  for (let i = 0; i < PICKER_PAGE_SIZE + 5; i += 1) {
    await runOperation(
      operations.createClient,
      connection,
      { email: `c${i}@example.com`, name: `Client ${i}` },
      t.send,
    );
  }
  const first = await clientChoices(connection, t.send);
  expect(first.choices).toHaveLength(PICKER_PAGE_SIZE);
  expect(first.choices[0].label).toBe(`Client ${PICKER_PAGE_SIZE + 4} · c${PICKER_PAGE_SIZE + 4}@example.com`);
  expect(first.next).toBe(first.choices[PICKER_PAGE_SIZE - 1].value);
  const second = await clientChoices(connection, t.send, { after: first.next });
  expect(second.choices.map((c) => c.label)).toEqual([4, 3, 2, 1, 0].map((i) => `Client ${i} · c${i}@example.com`));
  expect(second.next).toBeUndefined();
});

describe('IDs in links', () => {
  test.each([
    ['invoice', 'https://pay.invoicing.example/i/inv_3MtwBwLkdIwHu7ix', 'inv_3MtwBwLkdIwHu7ix'],
    ['invoice', 'http://127.0.0.1:4010/dashboard#/invoices/inv_ABC123', 'inv_ABC123'],
    ['client', 'http://127.0.0.1:4010/dashboard#/clients/cli_NffrFeUfNV2Hib', 'cli_NffrFeUfNV2Hib'],
  ] as const)('%s: %s', (kind, url, id) => {
    expect(idFromUrl(kind, url, kind === 'invoice' ? FIELDS.invoice.id : FIELDS.client.id)).toBe(id);
  });

  test('a link to something else is refused, naming the field and the links it takes', () => {
    expect(() => idFromUrl('invoice', 'http://127.0.0.1:4010/dashboard#/clients/cli_1', FIELDS.invoice.id)).toThrow(
      InputError,
    );
    expect(() => idFromUrl('invoice', 'https://example.com/x', FIELDS.invoice.id)).toThrow(
      "Invoice ID: https://example.com/x is not a link to an invoice; paste the invoice's page (https://…/i/inv_…) or its dashboard page",
    );
  });
});
