/**
 * Issue 30 where users run it: GST tax invoices from a real n8n server (the version npm run test:live installed;
 * the Invoicing API node at type version 2, what a new node gets) and from Zapier's built zip called through its
 * Lambda handler, against one sandbox whose account is a registered supplier in Maharashtra (GST state 27).
 * Three lines at 18 %, 5 % and 40 %, typed as people write them, to a client in Karnataka (IGST) and to one in
 * Maharashtra (CGST + SGST); every figure checked against the paise worked by hand below. A client GSTIN with
 * one wrong character is refused on both platforms before anything reaches the sandbox (its requests counted).
 */
import type { Sandbox } from '../../sandbox';
import { observeReplies } from '../../sandbox/http/replyObservers';
import type { N8nServer } from './n8n-server';
import { sandboxKey } from './sandbox';
import { SingleN8n, workFolder } from './single';
import { Counts } from './table';
import { failureWords, manualWorkflow, runManually } from './workflows';
import { startBuiltZip, type BuiltZip } from './zapier-lambda';

const zip = process.env.LIVE_ZAPIER_ZIP;
if (!zip) throw new Error('Run the live suite with npm run test:live (it builds the Zapier zip first).');

/** GSTINs: a client in Karnataka (29), one in Maharashtra (27, the supplier's state), and the first mistyped. */
const KARNATAKA = '29AAGCB7383J1Z4';
const MAHARASHTRA = '27AAPFU0939F1ZV';
const MISTYPED = '29AAGCB7383J1Z5';
const MISTYPED_WORDS = 'GSTIN has the check character "5" at position 15, but the first 14 characters give "4"';
const MISTYPED_MESSAGE =
  `${MISTYPED_WORDS}: one character is mistyped (you entered ${MISTYPED}); ` +
  'check it against the registration certificate';

/** The three lines as a person types them: a lakh-grouped unit price, 1.5 hours, HSN with a space and a point. */
const LINES = [
  {
    description: 'Rack server',
    quantity: '1',
    unit: 'NOS',
    unit_price: '1,50,000.00',
    hsn_sac: '8471 50',
    gst_rate: '18',
  },
  {
    description: 'Set-up and training, hours',
    quantity: '1.5',
    unit: 'hrs',
    unit_price: '1,250.50',
    hsn_sac: '998314',
    gst_rate: '5',
  },
  { description: 'Soft drinks, 4 cases', amount: '960.00', hsn_sac: '2202.10', gst_rate: '40' },
];

/**
 * Worked by hand, in paise (quantity × unit price half-up; each tax head on the line's taxable value, half-up):
 *   Rack server    1 × 1,50,000.00 = 15000000 at 18 %: IGST 2700000;          CGST = SGST 9 %   = 1350000
 *   Set-up         1.5 × 1,250.50  =   187575 at  5 %: IGST 9378.75 → 9379;   CGST = SGST 2.5 % = 4689.375 → 4689
 *   Soft drinks    960.00          =    96000 at 40 %: IGST 38400;            CGST = SGST 20 %  = 19200
 * Taxable value 15283575. Inter-state: IGST 2747779, total 18031354. Intra-state: CGST = SGST 1373889, tax
 * 2747778 (a paisa less: the set-up line's halves round down), total 18031353.
 */
const LINE_FIGURES = [
  { amount: 15000000, quantity: 1, unit: 'NOS', unit_price: 15000000, hsn_sac: '847150', gst_rate: '18' },
  { amount: 187575, quantity: 1.5, unit: 'hrs', unit_price: 125050, hsn_sac: '998314', gst_rate: '5' },
  { amount: 96000, hsn_sac: '220210', gst_rate: '40' },
];
const INTER_LINES = [
  { igst: 2700000, cgst: 0, sgst: 0, tax: 2700000, total: 17700000, igst_formatted: '₹27,000.00' },
  { igst: 9379, cgst: 0, sgst: 0, tax: 9379, total: 196954, igst_formatted: '₹93.79' },
  { igst: 38400, cgst: 0, sgst: 0, tax: 38400, total: 134400, igst_formatted: '₹384.00' },
];
const INTRA_LINES = [
  { igst: 0, cgst: 1350000, sgst: 1350000, tax: 2700000, total: 17700000, cgst_formatted: '₹13,500.00' },
  { igst: 0, cgst: 4689, sgst: 4689, tax: 9378, total: 196953, cgst_formatted: '₹46.89' },
  { igst: 0, cgst: 19200, sgst: 19200, tax: 38400, total: 134400, sgst_formatted: '₹192.00' },
];
/** The sandbox account's own GSTIN: a supplier registered in Maharashtra. */
const SUPPLIER = { supplier_gstin: expect.stringMatching(/^27[0-9A-Z]{13}$/), supplier_state: '27' };
const INTER_TAX = {
  ...SUPPLIER,
  place_of_supply: '29',
  place_of_supply_name: 'Karnataka',
  supply_type: 'inter_state',
  taxable_value: 15283575,
  taxable_value_formatted: '₹1,52,835.75',
  igst: 2747779,
  igst_formatted: '₹27,477.79',
  cgst: 0,
  sgst: 0,
  total_tax: 2747779,
  total_tax_formatted: '₹27,477.79',
  total: 18031354,
  total_formatted: '₹1,80,313.54',
};
const INTRA_TAX = {
  ...SUPPLIER,
  place_of_supply: '27',
  place_of_supply_name: 'Maharashtra',
  supply_type: 'intra_state',
  taxable_value: 15283575,
  igst: 0,
  cgst: 1373889,
  cgst_formatted: '₹13,738.89',
  sgst: 1373889,
  sgst_formatted: '₹13,738.89',
  total_tax: 2747778,
  total_tax_formatted: '₹27,477.78',
  total: 18031353,
  total_formatted: '₹1,80,313.53',
};

/** What the service answered for a tax invoice: each line's figures, the invoice's `tax` and amount due. */
function expectTaxInvoice(invoice: any, lines: object[], tax: Record<string, unknown>, gstin: string) {
  expect(invoice.items).toEqual(
    LINE_FIGURES.map((figures, index) => expect.objectContaining({ ...figures, ...lines[index] })),
  );
  expect(invoice.items[1]).toEqual(
    expect.objectContaining({ amount_formatted: '₹1,875.75', unit_price_formatted: '₹1,250.50' }),
  );
  expect(invoice.tax).toEqual(expect.objectContaining({ ...tax, client_gstin: gstin }));
  expect(invoice.amount_due).toBe(tax.total);
}

const counts = new Counts();
let live: SingleN8n;
let sandbox: Sandbox;
let n8n: N8nServer;
let credential: { id: string; name: string };
const zapierWork = workFolder('gst-zapier');
let zapier: BuiltZip | undefined;
/** Every API request the sandbox answered: a refusal before any request leaves this unchanged. */
let requests = 0;
const stopCounting = observeReplies(() => {
  requests += 1;
});

/** One call into the shipped zip, as Zapier's Lambda makes it. */
const zap = (method: string, inputData: Record<string, unknown>): Promise<any> =>
  zapier!.execute({ baseUrl: sandbox.baseUrl, apiKey: sandboxKey(sandbox) }, method, { inputData });

/** Records in the counts table whether every figure is the one worked by hand, then checks each (the expects say which not). */
function checkTaxInvoice(mode: string, what: string, invoice: any, gstin: string, inter: boolean) {
  const [lines, tax] = inter ? [INTER_LINES, INTER_TAX] : [INTRA_LINES, INTRA_TAX];
  let matches = 1;
  try {
    expectTaxInvoice(invoice, lines, tax, gstin);
  } catch {
    matches = 0;
  }
  counts.record(mode, `${what} with every figure as worked by hand`, 1, matches);
  expectTaxInvoice(invoice, lines, tax, gstin);
}

beforeAll(async () => {
  live = await SingleN8n.start('gst');
  ({ sandbox, n8n, credential } = live);
  zapier = await startBuiltZip(zip, zapierWork.path);
}, 300_000);

afterAll(async () => {
  stopCounting();
  await zapier?.close();
  zapierWork.remove();
  await live?.stop(counts, `n8n ${live.n8n.install.version} and Zapier's zip: GST tax invoices`);
}, 120_000);

describe('n8n: Create or Update Client with a GSTIN → Create Invoice with three GST lines', () => {
  const CLIENT = 'Upsert Client';
  const INVOICE = 'Create Invoice';
  /** The workflow a user builds: the client with its GSTIN, then the invoice, each line's GST behind its Add Field. */
  const gstWorkflow = (name: string, email: string, gstin: string, gst: Record<string, unknown> = {}) =>
    manualWorkflow(name, credential, {
      [CLIENT]: {
        resource: 'client',
        operation: 'upsert',
        email,
        additionalFields: { name: 'Ravi Kumar', company: 'Kumar Traders', gstin },
      },
      [INVOICE]: {
        resource: 'invoice',
        operation: 'create',
        client_email: { __rl: true, mode: 'email', value: '={{ $json.email }}' },
        currency: 'INR',
        itemsInput: 'fields',
        items: {
          item: LINES.map(({ description, amount = '', ...more }) => ({ description, amount, more })),
        },
        ...(Object.keys(gst).length ? { gst } : {}),
      },
    });

  /** Runs the workflow as the editor's Execute Workflow does; the invoice the node output. */
  async function invoiceFrom(name: string, email: string, gstin: string, gst?: Record<string, unknown>) {
    const workflow = await n8n.createWorkflow(gstWorkflow(name, email, gstin, gst));
    const run = await runManually(n8n, workflow.id);
    if (run.status !== 'success') throw new Error(await failureWords(n8n, run.id, INVOICE));
    const [invoice] = await n8n.executionOutput(run.id, INVOICE);
    return invoice as any;
  }

  let toKarnataka = '';

  test('a client in Karnataka (GSTIN 29…): IGST per line and in the total, each figure with its formatted twin', async () => {
    const invoice = await invoiceFrom('GST invoice to Karnataka', 'ravi.blr@example.com', KARNATAKA);
    toKarnataka = invoice.id;
    checkTaxInvoice('n8n', 'inter-state invoices', invoice, KARNATAKA, true);
  });

  test("a client in Maharashtra (GSTIN 27…, the supplier's state): CGST + SGST, a paisa less than the IGST", async () => {
    const invoice = await invoiceFrom('GST invoice within Maharashtra', 'ravi.pune@example.com', MAHARASHTRA);
    checkTaxInvoice('n8n', 'intra-state invoices', invoice, MAHARASHTRA, false);
  });

  test("the GST collection's Place of Supply (Karnataka) wins over the client's state: IGST", async () => {
    const invoice = await invoiceFrom('GST invoice delivered to Karnataka', 'ravi.pune@example.com', MAHARASHTRA, {
      place_of_supply: '29',
    });
    checkTaxInvoice('n8n', 'invoices taxed by the Place of Supply given', invoice, MAHARASHTRA, true);
  });

  test("Get Many with the Client GSTIN filter (typed with spaces, in lower case) lists that client's invoices", async () => {
    const workflow = await n8n.createWorkflow(
      manualWorkflow('Invoices to one GSTIN', credential, {
        'Get Many Invoices': {
          resource: 'invoice',
          operation: 'getAll',
          returnAll: true,
          filters: { client_gstin: '29aagcb 7383j1z4' },
        },
      }),
    );
    const run = await runManually(n8n, workflow.id);
    const found = run.status === 'success' ? await n8n.executionOutput(run.id, 'Get Many Invoices') : [];
    counts.record('n8n', 'invoices found by the Karnataka GSTIN', 1, found.length);
    expect(run.status).toBe('success');
    expect(found.map((invoice: any) => [invoice.id, invoice.tax.client_gstin])).toEqual([[toKarnataka, KARNATAKA]]);
  });

  test('a client GSTIN with one wrong check character fails the node naming the field, character and position; 0 requests', async () => {
    const workflow = await n8n.createWorkflow(
      gstWorkflow('GST invoice, GSTIN mistyped', 'ravi.typo@example.com', MISTYPED),
    );
    const before = requests;
    const run = await runManually(n8n, workflow.id);
    const sent = requests - before;
    const words = await failureWords(n8n, run.id, CLIENT);
    counts.record('n8n', 'requests reaching the sandbox for a mistyped GSTIN', 0, sent);
    counts.record(
      'n8n',
      'refusals naming GSTIN, the character and its position',
      1,
      words.includes(MISTYPED_WORDS) ? 1 : 0,
    );
    expect(run.status).toBe('error');
    expect(words).toContain(MISTYPED_MESSAGE);
    expect(sent).toBe(0);
  });

  test('a Place of Supply of "2912" fails the node naming Place of Supply, never cut to Karnataka (29); 0 requests', async () => {
    const workflow = await n8n.createWorkflow(
      manualWorkflow('GST invoice, place of supply mistyped', credential, {
        [INVOICE]: {
          resource: 'invoice',
          operation: 'create',
          client_email: { __rl: true, mode: 'email', value: 'ravi.pune@example.com' },
          currency: 'INR',
          itemsInput: 'fields',
          items: { item: LINES.map(({ description, amount = '', ...more }) => ({ description, amount, more })) },
          gst: { place_of_supply: '2912' },
        },
      }),
    );
    const before = requests;
    const run = await runManually(n8n, workflow.id);
    const sent = requests - before;
    const words = await failureWords(n8n, run.id, INVOICE);
    counts.record('n8n', 'requests reaching the sandbox for Place of Supply "2912"', 0, sent);
    expect(run.status).toBe('error');
    expect(words).toContain('Place of Supply is not a GST state');
    expect(sent).toBe(0);
  });
});

describe("Zapier's built zip: Create Client with a GSTIN, then Create Invoice with three GST line items", () => {
  /** Zapier's line-item group as its editor sends it: every child present, the ones left empty as "". */
  const zapierLines = LINES.map((line) => ({ quantity: '', unit: '', unit_price: '', amount: '', ...line }));

  async function invoiceFor(email: string, gstin: string) {
    const client = await zap('creates.create_client.operation.perform', { email, name: 'Meera Iyer', gstin });
    expect(client).toEqual(expect.objectContaining({ gstin, place_of_supply: gstin.slice(0, 2) }));
    return await zap('creates.create_invoice.operation.perform', {
      client_email: email,
      currency: 'INR',
      items: zapierLines,
    });
  }

  test('the line items offer GST Rate as a list and HSN/SAC with help; the tax figures are labelled', async () => {
    const definition = await zapier!.definition();
    const create = definition.creates.create_invoice.operation;
    const children = create.inputFields.find((field: { key: string }) => field.key === 'items').children;
    const child = (key: string) => children.find((field: { key: string }) => field.key === key);
    expect(child('gst_rate').choices.map((choice: { label: string }) => choice.label)).toEqual([
      '0 %',
      '0.25 %',
      '3 %',
      '5 %',
      '18 %',
      '40 %',
      'Exempt',
      'Nil-rated',
      'Non-GST',
    ]);
    expect(children.map((field: { label: string }) => field.label)).toEqual(
      expect.arrayContaining(['Quantity', 'Unit', 'Unit Price', 'HSN/SAC Code', 'GST Rate']),
    );
    expect(child('hsn_sac')).toEqual(expect.objectContaining({ label: 'HSN/SAC Code', placeholder: '998314' }));
    expect(child('hsn_sac').helpText).toMatch(/SAC of a service, starting 99/);
    const labels = Object.fromEntries(
      create.outputFields.map((field: { key: string; label: string }) => [field.key, field.label]),
    );
    expect(labels).toEqual(
      expect.objectContaining({
        'items[]igst_formatted': 'Line Item IGST',
        'items[]hsn_sac': 'Line Item HSN/SAC',
        tax__cgst_formatted: 'CGST',
        tax__sgst_formatted: 'SGST',
        tax__igst: 'IGST (Minor Units)',
        tax__igst_formatted: 'IGST',
        tax__taxable_value_formatted: 'Taxable Value',
        tax__total_tax_formatted: 'Total Tax',
        'items[]igst': 'Line Item IGST (Minor Units)',
        tax__total_formatted: 'Total with Tax',
        tax__supply_type: 'Supply Type',
      }),
    );
  });

  test('a client in Karnataka: IGST, each figure with its formatted twin', async () => {
    const invoice = await invoiceFor('meera.blr@example.com', KARNATAKA);
    checkTaxInvoice('zip', 'inter-state invoices', invoice, KARNATAKA, true);
  });

  let toMaharashtra = '';

  test("a client in Maharashtra (the supplier's state): CGST + SGST", async () => {
    const invoice = await invoiceFor('meera.pune@example.com', MAHARASHTRA);
    toMaharashtra = invoice.id;
    checkTaxInvoice('zip', 'intra-state invoices', invoice, MAHARASHTRA, false);
  });

  test('Find Invoice by Client GSTIN (in lower case) finds the newest tax invoice to that client', async () => {
    const found = await zap('searches.find_invoice.operation.perform', { client_gstin: MAHARASHTRA.toLowerCase() });
    counts.record('zip', 'invoices found by the Maharashtra GSTIN', 1, found.length);
    expect(found.map((invoice: any) => [invoice.id, invoice.tax.client_gstin])).toEqual([[toMaharashtra, MAHARASHTRA]]);
  });

  test("Place of Supply (Karnataka) on the invoice wins over the client's state (Maharashtra): IGST", async () => {
    const invoice = await zap('creates.create_invoice.operation.perform', {
      client_email: 'meera.pune@example.com',
      currency: 'INR',
      place_of_supply: 'Karnataka',
      items: zapierLines,
    });
    checkTaxInvoice('zip', 'invoices taxed by the Place of Supply given', invoice, MAHARASHTRA, true);
  });

  test('a client GSTIN with one wrong check character is refused naming the field, character and position; 0 requests', async () => {
    const before = requests;
    const refused = await zap('creates.create_client.operation.perform', {
      email: 'meera.typo@example.com',
      gstin: MISTYPED,
    }).then(
      () => undefined,
      (error: Error) => error,
    );
    const sent = requests - before;
    // Zapier's errors carry their message as JSON ({message, code, status}); its editor shows the message.
    const shown = refused ? JSON.parse(refused.message) : {};
    counts.record('zip', 'requests reaching the sandbox for a mistyped GSTIN', 0, sent);
    counts.record(
      'zip',
      'refusals naming GSTIN, the character and its position',
      1,
      String(shown.message).startsWith(MISTYPED_WORDS) ? 1 : 0,
    );
    expect(shown).toEqual({
      status: 400,
      code: 'invalid_input',
      message: MISTYPED_MESSAGE,
    });
    expect(sent).toBe(0);
  });
  test('Place of Supply "2912" on Create Invoice and "27.5" on Create Client are refused naming the field; 0 requests', async () => {
    const before = requests;
    const refusals = await Promise.all(
      [
        zap('creates.create_invoice.operation.perform', {
          client_email: 'meera.pune@example.com',
          currency: 'INR',
          place_of_supply: '2912',
          items: zapierLines,
        }),
        zap('creates.create_client.operation.perform', { email: 'meera.pos@example.com', place_of_supply: '27.5' }),
      ].map((work) =>
        work.then(
          () => ({}),
          (error: Error) => JSON.parse(error.message),
        ),
      ),
    );
    const sent = requests - before;
    counts.record('zip', 'requests reaching the sandbox for places of supply "2912" and "27.5"', 0, sent);
    for (const shown of refusals) {
      expect(shown).toMatchObject({ status: 400, code: 'invalid_input' });
      expect(shown.message).toContain('Place of Supply is not a GST state');
    }
    expect(sent).toBe(0);
  });
});
