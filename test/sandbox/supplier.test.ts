/**
 * The supplier's GSTIN and address (docs/api-contract.md, "The supplier's GSTIN and address"): set through the
 * sandbox's test helper and its CLI, checked by shared/gst's rules (a refusal names the character), and reaching
 * new invoices only: one issued before keeps the supply type, GSTIN and address it was issued with.
 */
import { type Account, type HttpRequest, accountSchema, operations, runOperation } from '../../shared';
import { runCli } from '../../sandbox/cli';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());

const KARNATAKA = '29AAGCB7383J1Z4';
const MAHARASHTRA_CLIENT = '27AAPFU0939F1ZV';
const BENGALURU = {
  line1: '4 Residency Road',
  line2: 'Floor 2',
  city: 'Bengaluru',
  state: 'Karnataka',
  postal_code: '560025',
  country: 'IN',
};

/** A fresh account (its own supplier), so changing its GSTIN leaves the other tests' account alone. */
const freshAccount = () => {
  const issued = t.sandbox.createAccount();
  return { apiKey: issued.secret, baseUrl: t.sandbox.baseUrl };
};
const patchAccount = (apiKey: string, body: unknown): HttpRequest => ({
  method: 'PATCH',
  url: `${t.sandbox.baseUrl}/v1/test_helpers/account`,
  headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
  body,
});

describe('setting the supplier', () => {
  // Each refusal names the field and, for a GSTIN, the position and the character (shared/gst/gstin.ts).
  test.each([
    [
      'a wrong check character',
      { gstin: '29AAGCB7383J1Z5' },
      'gstin',
      'GSTIN has the check character "5" at position 15, but the first 14 characters give "4"',
    ],
    [
      'a digit where the PAN has a letter',
      { gstin: '291AGCB7383J1Z4' },
      'gstin',
      'GSTIN has "1" at position 3 where a letter (characters 3 to 7 are the letters of the PAN) belongs',
    ],
    ['no Z at position 14', { gstin: '29AAGCB7383J1Y4' }, 'gstin', 'has "Y" at position 14 where the letter Z belongs'],
    ['one character short', { gstin: '29AAGCB7383J1Z' }, 'gstin', '(you entered 14 characters)'],
    ['no such state', { gstin: '99AAGCB7383J1Z4' }, 'gstin', 'starts with 99, which is not a GST state code'],
    [
      'an address without its city',
      { address: { line1: '1 Road', postal_code: '560001', country: 'IN' } },
      'address.city',
      'City is required',
    ],
    ['nothing to set', {}, 'input', 'needs a gstin, an address or einvoicing'],
    ['a field it does not take', { gstin: KARNATAKA, name: 'Other' }, 'name', 'unexpected field name'],
  ])('refuses %s with 422 naming the field; the account is unchanged', async (_case, body, param, message) => {
    const c = freshAccount();
    const before = await runOperation(operations.getAccount, c, {}, t.send);
    const response = await t.send(patchAccount(c.apiKey, body));
    expect(response.status).toBe(422);
    const errors = (response.body as { errors: Array<{ param: string; message: string }> }).errors;
    expect(errors).toHaveLength(1);
    expect(errors[0].param).toBe(param);
    expect(errors[0].message).toContain(message);
    expect(await runOperation(operations.getAccount, c, {}, t.send)).toEqual(before);
  });

  test('a GSTIN as typed (spaces, lower case) is kept in its form, its state with it; the address as given', async () => {
    const c = freshAccount();
    const response = await t.send(patchAccount(c.apiKey, { gstin: ' 29aagcb 7383j1z4 ', address: BENGALURU }));
    expect(response.status).toBe(200);
    const account = accountSchema.parse(response.body);
    expect(account).toMatchObject({ gstin: KARNATAKA, state: '29', address: BENGALURU });
    expect(await runOperation(operations.getAccount, c, {}, t.send)).toEqual(response.body);
  });
});

describe('a change reaches new invoices only', () => {
  // Three lines (3 × ₹1,250.50 at 18 %, 1.5 hrs × ₹999.99 at 5 %, ₹200.00 exempt) to a client in Maharashtra (27).
  const LINES = [
    {
      description: 'Laptop stand',
      quantity: '3',
      unit: 'NOS',
      unit_price: '1,250.50',
      hsn_sac: '847330',
      gst_rate: '18',
    },
    { description: 'Set-up', quantity: '1.5', unit: 'hrs', unit_price: '999.99', hsn_sac: '998314', gst_rate: '5' },
    { description: 'Delivery', amount: '200.00', gst_rate: 'exempt' },
  ];

  test('from Maharashtra the invoice is intra-state; after moving to Karnataka a new one is IGST, the old one stays', async () => {
    const c = freshAccount();
    const pune = { email: 'pune.supplier@example.com', name: 'Pune Traders', gstin: MAHARASHTRA_CLIENT };
    await runOperation(
      operations.createClient,
      c,
      {
        ...pune,
        address: { line1: '7 FC Road', city: 'Pune', state: 'Maharashtra', postal_code: '411004', country: 'IN' },
      },
      t.send,
    );
    const create = () =>
      runOperation(operations.createInvoice, c, { client_email: pune.email, currency: 'INR', items: LINES }, t.send);
    const before = await create();
    const original = (await runOperation(operations.getAccount, c, {}, t.send)) as Account;

    const moved = await t.send(patchAccount(c.apiKey, { gstin: KARNATAKA, address: BENGALURU }));
    expect(moved.status).toBe(200);
    const after = await create();

    // By hand (contract: "GST computation and rounding"): 3 × 1,250.50 = 3,751.50; 1.5 × 999.99 = 1,499.985 →
    // 1,499.99; taxable 3,751.50 + 1,499.99 + 200.00 = 5,451.49.
    // Within a state: CGST 9 % of 3,751.50 = 337.635 → 337.64, 2.5 % of 1,499.99 = 37.49975 → 37.50; CGST = SGST =
    // 375.14; total 5,451.49 + 750.28 = 6,201.77. Across states: IGST 675.27 + 75.00 = 750.27; total 6,201.76.
    // As a step shows it (presented: a line without a quantity answers null), not the wire's schema.
    const reread = await runOperation(operations.getInvoice, c, { invoice_id: before.id }, t.send);
    for (const [invoice, supplier, type, cgst, igst, total] of [
      [reread, original.gstin, 'intra_state', 37514, 0, 620177],
      [after, KARNATAKA, 'inter_state', 0, 75027, 620176],
    ] as const) {
      expect(invoice.tax).toMatchObject({
        supplier_gstin: supplier,
        supply_type: type,
        place_of_supply: '27',
        taxable_value: 545149,
        cgst,
        sgst: cgst,
        igst,
        total,
      });
    }
    expect(original.gstin).toMatch(/^27/);

    // The documents print the supplier as issued: the old invoice Pune and its GSTIN, the new one Bengaluru.
    const page = async (id: string) => (await fetch(`${t.sandbox.baseUrl}/i/${id}/tax-invoice`)).text();
    const old = await page(before.id);
    const fresh = await page(after.id);
    expect(old).toContain(
      `<address><strong>From</strong><br>${original.name}<br>1 Example Road<br>Pune, Maharashtra 411001<br>India<br>Supplier GSTIN ${original.gstin}</address>`,
    );
    expect(fresh).toContain(
      `<br>4 Residency Road<br>Floor 2<br>Bengaluru, Karnataka 560025<br>India<br>Supplier GSTIN ${KARNATAKA}</address>`,
    );
    expect(fresh).toContain(
      '<address><strong>Bill to</strong><br>Pune Traders<br>7 FC Road<br>Pune, Maharashtra 411004<br>India' +
        `<br>pune.supplier@example.com<br>Client GSTIN ${MAHARASHTRA_CLIENT}</address>`,
    );
    expect(fresh).toContain('<p class="signatory">For Sandbox account');
    expect(fresh).toContain('<br>Authorised signatory</p>');
    expect(fresh).toContain('<th class="figure">IGST</th>');
    expect(old).toContain('<th class="figure">CGST</th><th class="figure">SGST</th>');
    // The hosted page shows the same section, under the page's own heading.
    const hosted = await (await fetch(after.hosted_url)).text();
    expect(hosted).toContain(
      fresh.replace(`<h2>Tax Invoice ${after.number}</h2>`, `<h1>Tax Invoice ${after.number}</h1>`),
    );
    // Nothing of what the sandbox keeps for the documents shows in an answer.
    expect(JSON.stringify(reread)).not.toContain('issued_parties');
  });

  test('an invoice without GST has no tax-invoice section', async () => {
    const invoice = await t.createInvoice({ client_email: 'plain.supplier@example.com' });
    expect((await fetch(`${t.sandbox.baseUrl}/i/${invoice.id}/tax-invoice`)).status).toBe(404);
  });
});

describe('the CLI', () => {
  const cli = async (apiKey: string, ...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const result = await runCli([...argv, '--url', t.sandbox.baseUrl, '--key', apiKey], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { ...result, out: out.join('\n'), err: err.join('\n') };
  };

  test('account reads the supplier; --gstin and the address flags set it; a mistyped GSTIN is refused first', async () => {
    const c = freshAccount();
    const shown = await cli(c.apiKey, 'account');
    expect(shown.exitCode).toBe(0);
    expect(shown.out).toMatch(
      /^Sandbox account \d+: GSTIN 27AAACS\d{4}K1Z[0-9A-Z] \(Maharashtra, 27\); 1 Example Road, Pune, Maharashtra 411001, India; no e-invoicing$/,
    );
    const wrong = await cli(c.apiKey, 'account', '--gstin', '29AAGCB7383J1Z5');
    expect(wrong.exitCode).toBe(1);
    expect(wrong.err).toContain(
      'GSTIN has the check character "5" at position 15, but the first 14 characters give "4"',
    );
    expect((await cli(c.apiKey, 'account')).out).toBe(shown.out);

    const set = await cli(
      c.apiKey,
      'account',
      '--gstin',
      KARNATAKA,
      '--line1',
      BENGALURU.line1,
      '--city',
      BENGALURU.city,
      '--state',
      BENGALURU.state,
      '--postal-code',
      BENGALURU.postal_code,
    );
    expect(set.exitCode).toBe(0);
    expect(set.out.split('\n')).toEqual([
      expect.stringMatching(
        /^Sandbox account \d+: GSTIN 29AAGCB7383J1Z4 \(Karnataka, 29\); 4 Residency Road, Bengaluru, Karnataka 560025, India; no e-invoicing$/,
      ),
      'New invoices use these; invoices already issued keep the ones they were issued with.',
    ]);
    const incomplete = await cli(c.apiKey, 'account', '--line1', '1 Road');
    expect(incomplete.exitCode).toBe(1);
    expect(incomplete.err).toContain('City is required');
  });
});
