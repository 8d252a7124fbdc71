/**
 * A credit or debit note's PDF (docs/api-contract.md, "A note's PDF"), read back by pdftotext: rule 53(1A)'s
 * particulars, each figure worked by hand. The sandbox account is a supplier in Maharashtra (27), Pune.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { operations, runOperation } from '../../shared';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());

const run = <K extends keyof typeof operations>(name: K, raw: Record<string, unknown>) =>
  runOperation(operations[name] as never, t.connection, raw, t.send) as Promise<any>;

const address = { line1: '7 FC Road', city: 'Pune', state: 'Maharashtra', postal_code: '411004', country: 'IN' };
/*
 *   line 1: 3 × ₹1,234.57 = ₹3,703.71 at 18 %
 *   line 2: ₹999.99 at 18 %
 */
const LINES = [
  { description: 'Kurta, cotton', quantity: '3', unit: 'NOS', unit_price: '1,234.57', hsn_sac: '6211', gst_rate: '18' },
  { description: 'Stitching', amount: '999.99', hsn_sac: '998821', gst_rate: '18' },
];

async function invoiceFor(email: string, gstin: string, name: string) {
  await run('createClient', { email, gstin, name, address });
  return run('createInvoice', { client_email: email, currency: 'INR', items: LINES });
}

/** The note's PDF as downloaded, checked to be one and named by its number, read back as text by pdftotext. */
async function pdfText(kind: 'credit' | 'debit', note: { id: string; number: string }): Promise<string> {
  const operation = kind === 'credit' ? operations.downloadCreditNotePdf : operations.downloadDebitNotePdf;
  const request = operation.request(t.connection, { [`${kind}_note_id`]: note.id });
  expect(request.headers.Accept).toBe('application/pdf');
  const response = await fetch(request.url, { headers: request.headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${note.number}.pdf"`);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'note-pdf-')), `${note.number}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test("a credit note of 1.5 of line 1's 3 units within Maharashtra: rule 53(1A)'s particulars, CGST and SGST", async () => {
  const invoice = await invoiceFor('pune.note@example.com', '27AAPFU0939F1ZV', 'Pune Traders');
  const note = await run('createCreditNote', {
    invoice_id: invoice.id,
    note_reason: 'sales_return',
    line: 1,
    quantity: '1.5',
    note: 'Order 10023: returned',
  });
  const text = await pdfText('credit', note);
  // (b) the nature of the document and (c) its serial number; (d) its date; (g) the invoice's number and date.
  expect(text).toContain(`Credit Note ${note.number}`);
  expect(text).toMatch(/Issued: \d{4}-\d{2}-\d{2}\n/);
  expect(text).toContain(`Against Tax Invoice ${invoice.number} dated ${note.invoice_date}`);
  expect(text).toContain('Reason: Sales Return');
  expect(text).toContain('Order 10023: returned');
  // (a) and (e): both parties with their addresses and GSTINs; the place of supply.
  expect(text).toMatch(/From\s+Bill to\n\s*Sandbox account\s+Pune Traders\n\s*1 Example Road\s+7 FC Road\n/);
  expect(text).toMatch(/Supplier GSTIN: 27\w{13}\s/);
  expect(text).toMatch(/\n\s+Client GSTIN: 27AAPFU0939F1ZV\n/);
  expect(text).toContain('Place of Supply: Maharashtra (27)');
  // (h) by hand: value(3) − value(1.5) = 3,703.71 − 1,851.86 (1,851.855 half-up) = ₹1,851.85 taxable;
  // 9 % of it = 166.6665 → ₹166.67 each of CGST and SGST; ₹333.34 of tax, ₹2,185.19 in all.
  expect(text).toMatch(
    /Description\s+HSN\/SAC Code\s+Quantity\s+Unit Price\s+GST Rate\s+Taxable Value\s+CGST\s+SGST\n/,
  );
  expect(text).toMatch(
    /1\. Kurta, cotton\s+6211\s+1\.5 NOS\s+INR 1,234\.57\s+18 %\s+INR 1,851\.85\s+INR 166\.67\s+INR 166\.67\n/,
  );
  expect(text).toMatch(/Total\s+INR 1,851\.85\s+INR 166\.67\s+INR 166\.67\n/);
  expect(text).toContain('Taxable Value credited: INR 1,851.85');
  expect(text).toContain('CGST credited: INR 166.67');
  expect(text).toContain('SGST credited: INR 166.67');
  expect(text).toContain('Total Tax credited: INR 333.34');
  expect(text).toMatch(/Total with Tax credited: INR 2,185\.19/);
  expect(text).not.toContain('IGST');
  // (i) the signatory's line.
  expect(text).toMatch(/For Sandbox account[\s\S]*Authorised signatory/);
});

test('a lump-sum credit note to Karnataka (29): IGST reversed; a debit note on line 2 says debited', async () => {
  const invoice = await invoiceFor('blr.note@example.com', '29AAGCB7383J1Z4', 'Bengaluru Foods');
  const credit = await run('createCreditNote', {
    invoice_id: invoice.id,
    note_reason: 'post_sale_discount',
    taxable_amount: '1,000.00',
  });
  const text = await pdfText('credit', credit);
  // By hand: 18 % of ₹1,000.00 = ₹180.00 of IGST, ₹1,180.00 in all; a lump sum has no line, quantity or price.
  expect(text).toContain('Reason: Post-Sale Discount');
  expect(text).toMatch(/Taxable Value\s+IGST\n/);
  expect(text).toMatch(/Lump sum\s+18 %\s+INR 1,000\.00\s+INR 180\.00\n/);
  expect(text).toContain('IGST credited: INR 180.00');
  expect(text).toContain('Total with Tax credited: INR 1,180.00');
  expect(text).not.toMatch(/\bCGST\b/);
  expect(text).toContain('Place of Supply: Karnataka (29)');

  const debit = await run('createDebitNote', {
    invoice_id: invoice.id,
    note_reason: 'correction',
    line: 2,
    taxable_amount: '100.00',
  });
  const debitText = await pdfText('debit', debit);
  // By hand: 18 % of ₹100.00 = ₹18.00 of IGST, ₹118.00 in all.
  expect(debitText).toContain(`Debit Note ${debit.number}`);
  expect(debitText).toContain(`Against Tax Invoice ${invoice.number}`);
  expect(debitText).toMatch(/2\. Stitching\s+998821\s+18 %\s+INR 100\.00\s+INR 18\.00\n/);
  expect(debitText).toContain('IGST debited: INR 18.00');
  expect(debitText).toContain('Total with Tax debited: INR 118.00');
  expect(debitText).not.toContain('credited');
});

test('a note of a Non-GST line within Chandigarh (04, a Union territory): heads of 0, under CGST and UTGST', async () => {
  // Its own account, a supplier in Chandigarh, so the supply to a client there is within a Union territory.
  const own = t.sandbox.createAccount();
  const c = { apiKey: own.secret, baseUrl: t.sandbox.baseUrl };
  const supplier = await t.send({
    method: 'PATCH',
    url: `${t.sandbox.baseUrl}/v1/test_helpers/account`,
    headers: { Authorization: `Bearer ${c.apiKey}`, 'Content-Type': 'application/json' },
    body: { gstin: '04AAGCB7383J1ZG' },
  });
  expect(supplier.status).toBe(200);
  const email = 'chandigarh.note@example.com';
  const inChandigarh = { ...address, city: 'Chandigarh', state: 'Chandigarh', postal_code: '160017' };
  await runOperation(operations.createClient, c, { email, gstin: '04AABCU9603R1ZV', address: inChandigarh }, t.send);
  const invoice: any = await runOperation(
    operations.createInvoice,
    c,
    {
      client_email: email,
      currency: 'INR',
      items: [
        { description: 'Stitching', amount: '1,000.00', hsn_sac: '998821', gst_rate: '18' },
        { description: 'Courier charges', amount: '250.00', gst_rate: 'non_gst' },
      ],
    },
    t.send,
  );
  // By hand: line 1, 9 % of ₹1,000.00 = ₹90.00 each of CGST and UTGST (a Union territory's, not SGST).
  expect(invoice.tax).toMatchObject({ supply_type: 'intra_state', cgst: 9000, utgst: 9000, sgst: 0, igst: 0 });
  const note: any = await runOperation(
    operations.createCreditNote,
    c,
    { invoice_id: invoice.id, note_reason: 'correction', line: 2, taxable_amount: '100.00' },
    t.send,
  );
  // ₹100.00 off the Non-GST line levies no head: every figure 0, so the note prints the heads its supply levies.
  expect(note).toMatchObject({ taxable_value: 10000, cgst: 0, sgst: 0, utgst: 0, igst: 0, total: 10000 });
  const request = operations.downloadCreditNotePdf.request(c, { credit_note_id: note.id });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'note-pdf-')), `${note.number}.pdf`);
  writeFileSync(file, Buffer.from(await (await fetch(request.url, { headers: request.headers })).arrayBuffer()));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Place of Supply: Chandigarh (04)');
  expect(text).toMatch(/Taxable Value\s+CGST\s+UTGST\n/);
  expect(text).toMatch(/2\. Courier charges\s+Non-GST\s+INR 100\.00\s+INR 0\.00\s+INR 0\.00\n/);
  expect(text).toContain('UTGST credited: INR 0.00');
  expect(text).toContain('Total with Tax credited: INR 100.00');
  expect(text).not.toMatch(/\b[SI]GST\b/);
});

test('an unknown note answers 404 in the problem body, not a PDF', async () => {
  const request = operations.downloadCreditNotePdf.request(t.connection, { credit_note_id: 'cn_doesnotexist000' });
  const response = await fetch(request.url, { headers: request.headers });
  expect(response.status).toBe(404);
  expect(await response.text()).toContain('credit note');
});
