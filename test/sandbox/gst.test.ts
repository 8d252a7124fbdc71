/**
 * The sandbox computes GST as the contract decides ("GST tax invoices"), checked against figures worked by
 * hand: the sandbox account is a supplier in Maharashtra (27).
 */
import {
  InputError,
  clientSchema,
  gstinCheckCharacter,
  invoiceSchema,
  listPageSchema,
  operations,
  presentInvoice,
  runOperation,
} from '../../shared';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());

const create = (raw: Record<string, unknown>) => runOperation(operations.createInvoice, t.connection, raw, t.send);
const KARNATAKA = '29AAGCB7383J1Z4';
const MAHARASHTRA = '27AAPFU0939F1ZV';
// Three lines at three rates, typed as people write them: 3 × ₹1,250.50 at 18 %, 1.5 hrs × ₹999.99 at 5 %, ₹200 exempt.
const LINES = [
  {
    description: 'Laptop stand',
    quantity: '3',
    unit: 'NOS',
    unit_price: '1,250.50',
    hsn_sac: '8473 30',
    gst_rate: '18',
  },
  {
    description: 'Set-up, hours',
    quantity: '1.5',
    unit: 'hrs',
    unit_price: '999.99',
    hsn_sac: '998314',
    gst_rate: '5 %',
  },
  { description: 'Delivery', amount: '200.00', gst_rate: 'Exempt' },
];

describe('GST invoices in the sandbox', () => {
  test('the account is the supplier: its GSTIN and state', async () => {
    const account = await runOperation(operations.getAccount, t.connection, {}, t.send);
    expect(account.gstin).toMatch(/^27AAACS\d{4}K1Z[0-9A-Z]$/);
    expect(account.gstin?.[14]).toBe(gstinCheckCharacter(String(account.gstin)));
    expect(account.state).toBe('27');
  });

  test('B2B intra-state: CGST + SGST, worked by hand', async () => {
    await runOperation(
      operations.createClient,
      t.connection,
      { email: 'pune@example.com', gstin: MAHARASHTRA.toLowerCase() },
      t.send,
    );
    const invoice = await create({ client_email: 'pune@example.com', currency: 'INR', items: LINES });
    expect(invoice.items.map((line) => [line.amount, line.cgst, line.sgst, line.igst, line.total])).toEqual([
      [375150, 33764, 33764, 0, 442678], // 3,751.50; 9 % = 337.635 → 337.64 each
      [149999, 3750, 3750, 0, 157499], // 1.5 × 999.99 = 1,499.985 → 1,499.99; 2.5 % = 37.49975 → 37.50
      [20000, 0, 0, 0, 20000],
    ]);
    expect(invoice.items[1]).toMatchObject({
      quantity: 1.5,
      unit: 'hrs',
      unit_price: 99999,
      unit_price_formatted: '₹999.99',
      hsn_sac: '998314',
      gst_rate: '5',
    });
    expect(invoice.tax).toMatchObject({
      supplier_state: '27',
      client_gstin: MAHARASHTRA,
      place_of_supply: '27',
      place_of_supply_name: 'Maharashtra',
      supply_type: 'intra_state',
      taxable_value: 545149,
      cgst: 37514,
      sgst: 37514,
      utgst: 0,
      igst: 0,
      total_tax: 75028,
      total: 620177,
      cgst_formatted: '₹375.14',
      total_formatted: '₹6,201.77',
    });
    expect(invoice.amount_due).toBe(620177);
    expect(invoice.amount_due_formatted).toBe('₹6,201.77');
  });

  test('B2B inter-state: IGST, one paisa less than the intra-state pair on the 18 % line', async () => {
    const client = await runOperation(
      operations.createClient,
      t.connection,
      { email: 'blr@example.com', gstin: KARNATAKA },
      t.send,
    );
    expect(client).toMatchObject({ gstin: KARNATAKA, place_of_supply: '29' });
    const invoice = await create({ client_email: 'blr@example.com', currency: 'INR', items: LINES });
    expect(invoice.items.map((line) => line.igst)).toEqual([67527, 7500, 0]);
    expect(invoice.tax).toMatchObject({
      place_of_supply: '29',
      supply_type: 'inter_state',
      cgst: 0,
      sgst: 0,
      igst: 75027,
      total_tax: 75027,
      total: 620176,
    });
    // The hosted page is a tax invoice with rule 46's particulars.
    const page = await (await fetch(invoice.hosted_url)).text();
    for (const particular of [
      `Tax Invoice ${invoice.number}`,
      `Supplier GSTIN ${invoice.tax?.supplier_gstin}`,
      `Client GSTIN ${KARNATAKA}`,
      'Place of Supply: Karnataka (29) · Reverse Charge: No',
      '<td>847330</td>',
      '<td class="figure">1.5 hrs</td><td class="figure">₹999.99</td><td class="figure">5 %</td>' +
        '<td class="figure">₹1,499.99</td><td class="figure">₹75.00</td>',
      '<td class="figure">18 %</td>',
      '<td class="figure">₹675.27</td>',
      '<dt>Total Tax</dt><dd class="figure">₹750.27</dd><dt>Total with Tax</dt><dd class="figure">₹6,201.76</dd>',
    ]) {
      expect([particular, page.includes(particular)]).toEqual([particular, true]);
    }
  });

  test("the invoice's place of supply, named by its state, decides: Chandigarh (04) from Maharashtra is inter-state", async () => {
    const invoice = await create({
      client_email: 'chd@example.com',
      currency: 'INR',
      place_of_supply: 'Chandigarh',
      items: [{ description: 'Consulting', amount: '1,000.00', hsn_sac: '998311', gst_rate: '18' }],
    });
    expect(invoice.tax).toMatchObject({
      place_of_supply: '04',
      place_of_supply_name: 'Chandigarh',
      supply_type: 'inter_state',
      igst: 18000,
    });
  });

  test("B2C: no client GSTIN; the Indian address gives the place of supply, else the supplier's state", async () => {
    await runOperation(
      operations.createClient,
      t.connection,
      {
        email: 'b2c-goa@example.com',
        address: { line1: '1 Beach Rd', city: 'Panaji', state: 'Goa', postal_code: '403001', country: 'IN' },
      },
      t.send,
    );
    const goa = await create({
      client_email: 'b2c-goa@example.com',
      currency: 'INR',
      items: [{ description: 'Tea', amount: '100', gst_rate: '5' }],
    });
    expect(goa.tax).toMatchObject({ client_gstin: null, place_of_supply: '30', supply_type: 'inter_state', igst: 500 });
    const local = await create({
      client_email: 'walk-in@example.com',
      currency: 'INR',
      items: [{ description: 'Tea', amount: '100', gst_rate: '5' }],
    });
    expect(local.tax).toMatchObject({
      client_gstin: null,
      place_of_supply: '27',
      supply_type: 'intra_state',
      cgst: 250,
      sgst: 250,
    });
  });

  test("an invoice without GST fields is exactly today's invoice; a priced line without GST has no tax", async () => {
    const plain = await create({
      client_email: 'plain@example.com',
      currency: 'INR',
      items: [{ description: 'Design', amount: '1,500.00' }],
    });
    expect(Object.keys(plain).sort()).toEqual(
      Object.keys(presentInvoice(invoiceSchema.parse(await t.createInvoice()))).sort(),
    );
    expect(plain.items).toEqual([{ description: 'Design', amount: 150000, amount_formatted: '₹1,500.00' }]);
    expect(plain).not.toHaveProperty('tax');
    const priced = await create({
      client_email: 'plain@example.com',
      currency: 'INR',
      items: [{ description: 'Hours', quantity: '2.5', unit_price: '800' }],
    });
    expect(priced.items[0]).toMatchObject({ amount: 200000, quantity: 2.5, unit_price: 80000 });
    expect(priced.amount_due).toBe(200000);
    expect(priced).not.toHaveProperty('tax');
  });

  test('clients keep GSTIN and place of supply; a new GSTIN moves the place of supply; invoices filter by client GSTIN', async () => {
    const client = clientSchema.parse(
      await runOperation(
        operations.createClient,
        t.connection,
        { email: 'move@example.com', gstin: '07AAACR5055K1Z9' },
        t.send,
      ),
    );
    expect(client.place_of_supply).toBe('07');
    const moved = await runOperation(
      operations.updateClient,
      t.connection,
      { client_id: client.id, gstin: '04AABCU9603R1ZV' },
      t.send,
    );
    expect(moved).toMatchObject({ gstin: '04AABCU9603R1ZV', place_of_supply: '04' });
    const invoice = await create({
      client_email: 'move@example.com',
      currency: 'INR',
      items: [{ description: 'Audit', amount: '10,000', gst_rate: '18' }],
    });
    expect(invoice.tax).toMatchObject({ client_gstin: '04AABCU9603R1ZV', supply_type: 'inter_state', igst: 180000 });
    const listed = listPageSchema(invoiceSchema).parse(
      (await t.send(operations.listInvoices.request(t.connection, { client_gstin: '04AABCU9603R1ZV' }))).body,
    );
    expect(listed.data.map((found) => found.id)).toEqual([invoice.id]);
    const found = await operations.findInvoice.run(t.connection, { client_gstin: '04 aabcu9603r1zv' }, t.send);
    expect(found?.id).toBe(invoice.id);
  });

  test('refusals before any request: a wrong check character, a rate not in force, a line without a rate, amount beside unit price', async () => {
    let sent = 0;
    const counting = (request: Parameters<typeof t.send>[0]) => {
      sent += 1;
      return t.send(request);
    };
    const refusal = async (run: () => Promise<unknown>) => {
      const error = await run().then(
        () => undefined,
        (caught) => caught,
      );
      expect(error).toBeInstanceOf(InputError);
      return (error as InputError).message;
    };
    expect(
      await refusal(() =>
        runOperation(
          operations.createClient,
          t.connection,
          { email: 'bad@example.com', gstin: '27AAPFU0939F1ZX' },
          counting,
        ),
      ),
    ).toBe(
      'GSTIN has the check character "X" at position 15, but the first 14 characters give "V": one character is mistyped ' +
        '(you entered 27AAPFU0939F1ZX); check it against the registration certificate',
    );
    const message = await refusal(() =>
      runOperation(
        operations.createInvoice,
        t.connection,
        {
          client_email: 'bad@example.com',
          currency: 'INR',
          items: [
            { description: 'A', amount: '10', gst_rate: '12' },
            { description: 'B', amount: '10' },
            { description: 'C', amount: '10', quantity: 2, unit_price: '5' },
          ],
        },
        counting,
      ),
    );
    expect(message).toContain(
      'Item 1: gst_rate is not a GST rate in force (you entered 12); choose one of 0 %, 0.25 %, 3 %, 5 %, 18 %, 40 %, Exempt, Nil-rated, Non-GST',
    );
    expect(message).toContain('Item 2: gst_rate is required once any line has a GST rate');
    expect(message).toContain('Item 3: amount must be left empty when the line has a unit price');
    expect(sent).toBe(0);
  });

  test('the service refuses what a connector did not check: a GSTIN past the editors', async () => {
    const response = await t.send({
      ...operations.createClient.request(t.connection, { email: 'raw@example.com' }),
      body: { email: 'raw@example.com', gstin: '27AAPFU0939F1ZX' },
    } as any);
    expect(response.status).toBe(422);
    expect(JSON.stringify(response.body)).toContain('position 15');
  });
});
