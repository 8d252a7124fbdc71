/**
 * E-invoicing against the sandbox's IRP (docs/api-contract.md, "E-invoicing (issue 41)"): a three-line B2B tax
 * invoice, a credit note and a debit note reported as INV-01 documents our schema accepts; the IRN worked again
 * here by hand from NIC's rule; the signed QR and signed invoice verified with the key the sandbox publishes;
 * cancellation refused after 24 hours in the IRP's words; a duplicate IRN refused; a planted failure.
 */
import { execFileSync } from 'node:child_process';
import { get } from 'node:http';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiError,
  InputError,
  einvoiceDocumentSchema,
  gstinCheckCharacter,
  operations,
  runOperation,
} from '../../shared';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
let apiKey: string;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());

/** Each account its own supplier GSTIN (the IRP's registry is one for all, so a shared one would be a duplicate). */
let suppliers = 0;
const nextSupplier = () => {
  const first14 = `29AAGCB${String(7000 + ++suppliers)}J1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
};
let SUPPLIER = nextSupplier();
const CLIENT_GSTIN = '27AAPFU0939F1ZV';
const LINES = [
  { description: 'Kurta, cotton', quantity: 3, unit: 'NOS', unit_price: 123457, hsn_sac: '6211', gst_rate: '18' },
  { description: 'Stitching', amount: 99999, hsn_sac: '998821', gst_rate: '18' },
  { description: 'Dupatta', quantity: 2, unit: 'NOS', unit_price: 45025, hsn_sac: '6214', gst_rate: '18' },
];

const connection = () => ({ apiKey, baseUrl: t.sandbox.baseUrl });
const run = <K extends keyof typeof operations>(name: K, raw: Record<string, unknown>) =>
  runOperation(operations[name] as never, connection(), raw, t.send) as Promise<any>;
const call = async (method: string, path: string, body?: unknown) => {
  const answer = await t.send({
    method: method as 'GET',
    url: `${t.sandbox.baseUrl}${path}`,
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body,
  });
  return { status: answer.status, body: typeof answer.body === 'string' ? JSON.parse(answer.body) : answer.body };
};

let counter = 0;
async function b2bInvoice(items: unknown[] = LINES) {
  const email = `einvoice-${++counter}@example.com`;
  const address = { line1: '12 MG Road', city: 'Pune', postal_code: '411001', country: 'IN' };
  await call('POST', '/v1/clients', { email, name: 'Ana Sharma Photography', gstin: CLIENT_GSTIN, address });
  return (await call('POST', '/v1/invoices', { client_email: email, currency: 'INR', items })).body;
}

async function einvoicingAccount(band: string, gstin = nextSupplier()) {
  apiKey = t.sandbox.createAccount().secret;
  SUPPLIER = gstin;
  const settings = { gstin, einvoicing: { enabled: true, aato_band: band } };
  expect((await call('PATCH', '/v1/test_helpers/account', settings)).status).toBe(200);
}

/** A page over a connection of its own (no keep-alive socket the server may have closed meanwhile). */
const getText = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    get(url, { agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });

/** NIC writes the acknowledgement time `YYYY-MM-DD HH:mm:ss` (IST); the answer, ISO 8601 with +05:30. */
const nicTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
/** The JWS checked with node:crypto alone against the published PEM, and its payload's `data` read. */
function verified(jws: string, pem: string) {
  const [header, payload, signature] = jws.split('.');
  expect(decode(header).alg).toBe('RS256');
  const holds = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    createPublicKey(pem),
    Buffer.from(signature, 'base64url'),
  );
  expect(holds).toBe(true);
  return JSON.parse(decode(payload).data);
}

describe('a three-line B2B tax invoice on an e-invoicing account', () => {
  let invoice: any;
  let pem: string;
  beforeAll(async () => {
    await einvoicingAccount('up_to_10_crore');
    invoice = await b2bInvoice();
    pem = (await call('GET', '/v1/einvoice/public_key')).body.pem;
  });

  test('is generated: its IRN is SHA-256 of GSTIN + financial year + INV + number, worked here by hand', () => {
    expect(invoice.einvoice_status).toBe('generated');
    const date = new Date(Date.parse(invoice.created_at) + 330 * 60 * 1000).toISOString().slice(0, 10);
    const [year, month] = date.split('-').map(Number);
    const start = month >= 4 ? year : year - 1;
    const fy = `${start}-${String(start + 1).slice(2)}`;
    const irn = createHash('sha256').update(`${SUPPLIER}${fy}INV${invoice.number}`).digest('hex');
    expect(invoice.irn).toBe(irn);
    expect(invoice.ack_no).toMatch(/^\d{15}$/);
    expect(invoice.ack_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
  });

  test("the signed invoice is an INV-01 document our schema accepts, every figure the invoice's in rupees", () => {
    const doc = verified(invoice.signed_invoice, pem);
    const { Irn, AckNo, AckDt, ...document } = doc;
    expect([Irn, String(AckNo), AckDt]).toEqual([invoice.irn, invoice.ack_no, nicTime(invoice.ack_date)]);
    expect(einvoiceDocumentSchema.safeParse(document).success).toBe(true);
    // 3 × ₹1,234.57 = ₹3,703.71 at 18 % within Maharashtra? No: the supplier is in Karnataka (29), so IGST.
    expect(document.ItemList.map((item: any) => [item.AssAmt, item.IgstAmt, item.CgstAmt])).toEqual([
      [3703.71, 666.67, 0],
      [999.99, 180, 0],
      [900.5, 162.09, 0],
    ]);
    expect(document.ValDtls).toEqual({ AssVal: 5604.2, CgstVal: 0, SgstVal: 0, IgstVal: 1008.76, TotInvVal: 6612.96 });
    expect(document.BuyerDtls).toMatchObject({ Gstin: CLIENT_GSTIN, Pos: '27', Stcd: '27', Pin: 411001 });
  });

  test("the signed QR verifies with the published key and carries the QR's ten fields", () => {
    expect(verified(invoice.signed_qr, pem)).toEqual({
      SellerGstin: SUPPLIER,
      BuyerGstin: CLIENT_GSTIN,
      DocNo: invoice.number,
      DocTyp: 'INV',
      DocDt: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      TotInvVal: 6612.96,
      ItemCnt: 3,
      MainHsnCode: '6211',
      Irn: invoice.irn,
      IrnDt: nicTime(invoice.ack_date),
    });
  });

  test('a QR altered after signing does not verify', () => {
    const [header, , signature] = invoice.signed_qr.split('.');
    const forged = Buffer.from(JSON.stringify({ data: JSON.stringify({ TotInvVal: 1 }) })).toString('base64url');
    const holds = verify(
      'sha256',
      Buffer.from(`${header}.${forged}`),
      createPublicKey(pem),
      Buffer.from(signature, 'base64url'),
    );
    expect(holds).toBe(false);
  });

  test('a credit note and a debit note are reported as CRN and DBN naming the invoice', async () => {
    const credit = await run('createCreditNote', {
      invoice_id: invoice.id,
      note_reason: 'sales_return',
      line: 1,
      quantity: 1,
    });
    const debit = await run('createDebitNote', {
      invoice_id: invoice.id,
      note_reason: 'correction',
      line: 2,
      taxable_amount: '100.00',
    });
    for (const [note, type] of [
      [credit, 'CRN'],
      [debit, 'DBN'],
    ] as const) {
      expect(note.einvoice_status).toBe('generated');
      const { Irn, AckNo: _n, AckDt: _d, ...document } = verified(note.signed_invoice, pem);
      expect(einvoiceDocumentSchema.safeParse(document).success).toBe(true);
      expect(document.DocDtls).toMatchObject({ Typ: type, No: note.number });
      expect(document.RefDtls.PrecDocDtls[0].InvNo).toBe(invoice.number);
      const [, month, year] = document.DocDtls.Dt.split('/').map(Number);
      const start = month >= 4 ? year : year - 1;
      const fy = `${start}-${String(start + 1).slice(2)}`;
      expect(Irn).toBe(createHash('sha256').update(`${SUPPLIER}${fy}${type}${note.number}`).digest('hex'));
    }
    // Credit: 1 × ₹1,234.57 at IGST 18 % = ₹222.22; debit: ₹100.00 + ₹18.00.
    expect(verified(credit.signed_invoice, pem).ValDtls).toMatchObject({ AssVal: 1234.57, IgstVal: 222.22 });
    expect(verified(debit.signed_invoice, pem).ValDtls).toMatchObject({ AssVal: 100, IgstVal: 18, TotInvVal: 118 });
  });

  test("the PDF prints the IRN and acknowledgement, and its second QR decodes (zbarimg) to the IRP's verified JWS", async () => {
    const response = await getText(`${t.sandbox.baseUrl}/v1/invoices/${invoice.id}/pdf`, {
      Authorization: `Bearer ${apiKey}`,
      Accept: 'application/pdf',
    });
    expect(response.status).toBe(200);
    const folder = mkdtempSync(path.join(tmpdir(), 'einvoice-pdf-'));
    try {
      writeFileSync(path.join(folder, 'invoice.pdf'), response.body);
      const text = execFileSync('pdftotext', [path.join(folder, 'invoice.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain(`IRN: ${invoice.irn}`);
      expect(text).toContain(`Acknowledgement Number: ${invoice.ack_no}`);
      execFileSync('pdftoppm', ['-r', '150', '-png', path.join(folder, 'invoice.pdf'), path.join(folder, 'page')]);
      const pages = readdirSync(folder).filter((name) => name.endsWith('.png'));
      const decoded = pages.flatMap((page) =>
        execFileSync('zbarimg', ['--quiet', '--raw', path.join(folder, page)], { encoding: 'utf8' }).split('\n'),
      );
      expect(decoded.some((line) => line.startsWith('upi://pay?'))).toBe(true);
      const jws = decoded.find((line) => line.split('.').length === 3 && line.startsWith('ey'));
      expect(jws).toBe(invoice.signed_qr);
      expect(verified(jws!, pem)).toMatchObject({ Irn: invoice.irn, DocNo: invoice.number });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('the hosted page shows the e-invoice: IRN, acknowledgement and the signed QR beside the UPI one', async () => {
    const page = (await getText(invoice.hosted_url)).body.toString('utf8');
    expect(page).toContain(invoice.irn);
    expect(page).toContain(invoice.ack_no);
    expect(page.match(/<svg/g)).toHaveLength(2);
    // The dashboard's invoice page reads the same section under its tax invoice.
    const section = (await getText(`${invoice.hosted_url}/tax-invoice`)).body.toString('utf8');
    expect(section).toContain('E-Invoice Status</dt><dd>generated');
    expect(section).toContain(invoice.irn);
  });

  test('events: invoice.einvoice_generated once, after invoice.created', async () => {
    const events = (await call('GET', '/v1/events?type=invoice.einvoice_generated&limit=100')).body.data;
    const mine = events.filter((event: any) => event.data.invoice.id === invoice.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].data.invoice.irn).toBe(invoice.irn);
  });
});

describe('cancelling an IRN', () => {
  beforeAll(() => einvoicingAccount('up_to_10_crore'));

  test('within 24 hours: cancelled with the reason, once; a second cancel emits nothing', async () => {
    const invoice = await b2bInvoice();
    const cancelled = await run('cancelEInvoice', { invoice_id: invoice.id, cancel_reason: 'data_entry_mistake' });
    expect(cancelled).toMatchObject({
      einvoice_status: 'cancelled',
      einvoice_cancel_reason: 'data_entry_mistake',
      irn: invoice.irn,
    });
    await run('cancelEInvoice', { invoice_id: invoice.id, cancel_reason: 'duplicate' });
    const events = (await call('GET', '/v1/events?type=invoice.einvoice_cancelled&limit=100')).body.data;
    expect(events.filter((event: any) => event.data.invoice.id === invoice.id)).toHaveLength(1);
  });

  test("after 24 hours: refused in the IRP's words (2270), naming the way out", async () => {
    const invoice = await b2bInvoice();
    await call('POST', '/v1/test_helpers/clock/advance', { hours: 25 });
    const error = await run('cancelEInvoice', { invoice_id: invoice.id, cancel_reason: 'order_cancelled' }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.code).toBe('einvoice_cancel_window_passed');
    expect(error.message).toContain('2270: The allowed cancellation time limit is crossed, you cannot cancel the IRN');
    expect(error.message).toContain('Create Credit Note');
  });

  test('a reason outside the list is refused before any request, naming the field and the list', async () => {
    let sent = 0;
    const counting = (request: any) => ((sent += 1), t.send(request));
    const error = await runOperation(
      operations.cancelEInvoice,
      connection(),
      { invoice_id: 'inv_x1', cancel_reason: 'typo' },
      counting,
    ).catch((e) => e);
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(/Cancellation Reason.*duplicate.*data_entry_mistake.*order_cancelled.*others/s);
    expect(sent).toBe(0);
  });
});

describe("the IRP's other refusals", () => {
  test('a duplicate IRN: a second account with the same GSTIN reporting the same number fails with 2150', async () => {
    await einvoicingAccount('up_to_10_crore');
    const first = await b2bInvoice();
    await einvoicingAccount('up_to_10_crore', SUPPLIER);
    const second = await b2bInvoice();
    expect(second.number).toBe(first.number);
    expect(second).toMatchObject({ einvoice_status: 'failed', einvoice_error_code: '2150' });
    expect(second.einvoice_error_message).toMatch(/^Duplicate IRN/);
    expect(second.irn ?? null).toBeNull();
  });

  test('a planted failure (3029) fails the next report, with invoice.einvoice_failed', async () => {
    await einvoicingAccount('up_to_10_crore');
    await run('simulateEInvoiceFailure', { error_code: '3029' });
    const invoice = await b2bInvoice();
    expect(invoice).toMatchObject({ einvoice_status: 'failed', einvoice_error_code: '3029' });
    const events = (await call('GET', '/v1/events?type=invoice.einvoice_failed')).body.data;
    expect(events[0].data.invoice.id).toBe(invoice.id);
    expect((await b2bInvoice()).einvoice_status).toBe('generated');
  });

  test('above ₹10 crore, Validate names the 30-day limit once the invoice is older; below, it does not', async () => {
    await einvoicingAccount('above_10_crore');
    const invoice = await b2bInvoice();
    await call('POST', '/v1/test_helpers/clock/advance', { days: 31 });
    const late = await run('validateEInvoice', { invoice_id: invoice.id });
    expect(late.valid).toBe(false);
    expect(late.problems.map((p: any) => p.code)).toEqual(['reporting_window_passed']);
    await call('PATCH', '/v1/test_helpers/account', { einvoicing: { enabled: true, aato_band: 'up_to_10_crore' } });
    expect((await run('validateEInvoice', { invoice_id: invoice.id })).valid).toBe(true);
  });

  test('Validate names a client without an address by its INV-01 field, reporting nothing', async () => {
    await einvoicingAccount('up_to_10_crore');
    const email = `no-address-${++counter}@example.com`;
    await call('POST', '/v1/clients', { email, gstin: CLIENT_GSTIN });
    const invoice = (await call('POST', '/v1/invoices', { client_email: email, currency: 'INR', items: LINES })).body;
    expect(invoice.einvoice_status).toBe('failed');
    const result = await run('validateEInvoice', { invoice_id: invoice.id });
    expect(result.problems.map((p: any) => p.field)).toEqual(
      expect.arrayContaining(['BuyerDtls.Addr1', 'BuyerDtls.Pin']),
    );
  });

  test('a B2C invoice and an account that does not e-invoice get no e-invoice', async () => {
    await einvoicingAccount('up_to_10_crore');
    const b2c = (
      await call('POST', '/v1/invoices', {
        client_email: `b2c-${++counter}@example.com`,
        currency: 'INR',
        items: LINES,
      })
    ).body;
    expect(b2c.einvoice_status).toBeUndefined();
    apiKey = t.sandbox.createAccount().secret;
    expect((await b2bInvoice()).einvoice_status).toBeUndefined();
  });
});
