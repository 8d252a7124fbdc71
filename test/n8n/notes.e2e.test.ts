/**
 * Issue 40 on n8n: Credit Note and Debit Note → Create, built from their modules' `display`, with the
 * optional fields a user leaves empty left out (a saved workflow holds only what was typed), and amounts
 * typed as people write them. The invoice: ₹999.99 and 2 × ₹450.25 at 18 %, within Maharashtra.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { observeReplies } from '../../sandbox/http/replyObservers';
import { operations, setUp, type Setup } from './support';

let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

async function taxInvoice(email: string) {
  await s.api((c) => operations.createClient.request(c, { email, gstin: '27AAPFU0939F1ZV' }));
  return (
    await s.api((c) =>
      operations.createInvoice.request(c, {
        client_email: email,
        currency: 'INR',
        items: [
          { description: 'Stitching', amount: 99999, gst_rate: '18' },
          { description: 'Dupatta', quantity: 2, unit_price: 45025, gst_rate: '18' },
        ],
      } as never),
    )
  ).body;
}

const invoiceId = (id: string) => ({ __rl: true, mode: 'id', value: id });

test('a credit note of one unit of line 2, the other fields left out', async () => {
  const invoice = await taxInvoice('n8n.credit@example.com');
  const run = await s.run({
    resource: 'creditNote',
    operation: 'create',
    invoice_id: invoiceId(invoice.id),
    note_reason: 'sales_return',
    line: '2',
    quantity: '1',
  });
  expect(run.error).toBeUndefined();
  // value(2) − value(1) = 90050 − 45025 = ₹450.25; 9 % = 40.5225 → ₹40.52 each of CGST and SGST; ₹531.29.
  expect(run.items[0].json).toMatchObject({
    object: 'credit_note',
    lines: [expect.objectContaining({ line: 2, quantity: 1, amount: 45025, cgst: 4052, sgst: 4052, total: 53129 })],
    total_formatted: '₹531.29',
  });
});

test('a debit note of ₹1,500.00 typed with its comma, as a lump sum at the invoice’s one rate', async () => {
  const invoice = await taxInvoice('n8n.debit@example.com');
  const run = await s.run({
    resource: 'debitNote',
    operation: 'create',
    invoice_id: invoiceId(invoice.id),
    note_reason: 'correction',
    taxable_amount: '1,500.00',
  });
  expect(run.error).toBeUndefined();
  // 1,500.00 × 9 % = ₹135.00 each; ₹1,770.00 in all.
  expect(run.items[0].json).toMatchObject({ object: 'debit_note', taxable_value: 150000, cgst: 13500, total: 177000 });
});

test('a negative Taxable Amount is refused naming the field', async () => {
  const invoice = await taxInvoice('n8n.credit.bad@example.com');
  const run = await s.run({
    resource: 'creditNote',
    operation: 'create',
    invoice_id: invoiceId(invoice.id),
    note_reason: 'others',
    taxable_amount: '-5',
  });
  expect(String(run.error?.message)).toContain('Taxable Amount cannot be negative');
});

test('Credit Note → Download PDF: binary data named by the note, whose text is the note with each head credited', async () => {
  const invoice = await taxInvoice('n8n.credit.pdf@example.com');
  const created = await s.run({
    resource: 'creditNote',
    operation: 'create',
    invoice_id: invoiceId(invoice.id),
    note_reason: 'sales_return',
    line: '2',
    quantity: '1',
  });
  const note = created.items[0].json as { id: string; number: string };
  const run = await s.run({
    resource: 'creditNote',
    operation: 'downloadPdf',
    credit_note_id: { __rl: true, mode: 'id', value: note.id },
  });
  expect(run.error).toBeUndefined();
  const item = run.items[0];
  expect(item.json).toMatchObject({
    id: note.id,
    number: note.number,
    invoice_number: invoice.number,
    file_name: `${note.number}.pdf`,
    total_formatted: '₹531.29',
  });
  const binary = item.binary!.data;
  expect(binary).toMatchObject({ fileName: `${note.number}.pdf`, mimeType: 'application/pdf' });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'n8n-note-pdf-')), binary.fileName!);
  writeFileSync(file, Buffer.from(binary.data, 'base64'));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  // As the first test worked it: ₹450.25 taxable, ₹40.52 each of CGST and SGST, ₹531.29 in all.
  expect(text).toContain(`Credit Note ${note.number}`);
  expect(text).toContain(`Against Tax Invoice ${invoice.number}`);
  expect(text).toMatch(/2\. Dupatta\s+1\s+INR 450\.25\s+18 %\s+INR 450\.25\s+INR 40\.52\s+INR 40\.52\n/);
  expect(text).toContain('Total with Tax credited: INR 531.29');
});

describe('Credit Note and Debit Note → Get Many', () => {
  /** Two credit notes and a debit note on one tax invoice, lump sums at its one rate. */
  async function invoiceWithNotes(email: string) {
    const invoice = await taxInvoice(email);
    const note = async (kind: 'createCreditNote' | 'createDebitNote', paise: number) =>
      (
        await s.api((c) =>
          operations[kind].request(c, { invoice_id: invoice.id, note_reason: 'correction', taxable_amount: paise }),
        )
      ).body;
    return {
      invoice,
      first: await note('createCreditNote', 10000),
      newest: await note('createCreditNote', 5000),
      debit: await note('createDebitNote', 2500),
    };
  }

  test('by the number typed in lower case with spaces: that one note; by invoice: its notes, newest first', async () => {
    const { invoice, first, newest, debit } = await invoiceWithNotes('n8n.notes.find@example.com');
    const byNumber = await s.run({
      resource: 'creditNote',
      operation: 'getAll',
      returnAll: true,
      filters: { number: ` ${first.number.toLowerCase()} ` },
    });
    expect(byNumber.error).toBeUndefined();
    expect(byNumber.items.map((item) => item.json.id)).toEqual([first.id]);
    const byInvoice = await s.run({
      resource: 'creditNote',
      operation: 'getAll',
      invoice_id: invoiceId(invoice.id),
      returnAll: true,
    });
    expect(byInvoice.items.map((item) => item.json.id)).toEqual([newest.id, first.id]);
    const debits = await s.run({ resource: 'debitNote', operation: 'getAll', invoice_id: invoiceId(invoice.id) });
    expect(debits.items.map((item) => item.json)).toEqual([
      expect.objectContaining({ id: debit.id, number: debit.number, invoice_number: invoice.number }),
    ]);
  });

  test('a number no note has: no items, not an error', async () => {
    const run = await s.run({ resource: 'debitNote', operation: 'getAll', filters: { number: 'DN-999999' } });
    expect(run.error).toBeUndefined();
    expect(run.items).toEqual([]);
  });

  test.each([
    [
      'creditNote',
      { filters: { number: 'INV-000123' } },
      'Credit Note Number must be a credit note number such as CN-000001',
    ],
    [
      'debitNote',
      { filters: { number: 'CN-000001' } },
      'Debit Note Number must be a debit note number such as DN-000001',
    ],
    // Mapped from an earlier node (the list mode takes any value; By ID's own pattern stops a typed one in the editor).
    [
      'creditNote',
      { invoice_id: { __rl: true, mode: 'list', value: 'cn_1PqR7sHq8ZkYd3Tx' } },
      'Invoice ID must be an ID starting inv_',
    ],
  ])('%s → Get Many refuses %j before any request: %s', async (resource, parameters, message) => {
    let requests = 0;
    const stop = observeReplies(() => {
      requests += 1;
    });
    try {
      const run = await s.run({ resource, operation: 'getAll', ...parameters });
      expect(String(run.error?.message)).toContain(message);
      expect(requests).toBe(0);
    } finally {
      stop();
    }
  });
});
