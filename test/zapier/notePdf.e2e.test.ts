/**
 * Issue 40 through the Zapier app against the sandbox process: Download Credit Note PDF and Download Debit Note
 * PDF answer a dehydrated file as Download Invoice PDF does, whose pointer the one hydrator reads to fetch the
 * note's PDF (z.stashFile needs Zapier's storage, so the download it makes is made here from the pointer).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAppTester } from 'zapier-platform-core';
import { PDF_DOWNLOADS, operations, type PdfKind } from '../../shared';
import App from '../../zapier/src';
import { connectionOf } from '../../zapier/src/api';
import { direct, sandboxSession } from './sandboxSession';

const appTester = createAppTester(App);
const session = sandboxSession();

async function taxInvoice(email: string) {
  const bundle = { authData: session.authData };
  await appTester(
    direct((c) => operations.createClient.request(c, { email, gstin: '27AAPFU0939F1ZV' })),
    bundle,
  );
  return appTester(App.creates.create_invoice.operation.perform, {
    ...bundle,
    inputData: {
      client_email: email,
      currency: 'INR',
      items: [{ description: 'Stitching', amount: '999.99', hsn_sac: '998821', gst_rate: '18' }],
    },
  });
}

/** The file the pointer names, fetched as the hydrator fetches it, read back by pdftotext. */
async function hydrated(pointer: string): Promise<{ bundle: Record<string, string>; text: string }> {
  const [, json] = /^hydrate\|\|\|(.*)\|\|\|hydrate$/.exec(pointer)!;
  const { method, bundle } = JSON.parse(json);
  expect(method).toBe('hydrators.hydrateInvoicePdf');
  const { kind, number, ...input } = bundle;
  const request = PDF_DOWNLOADS[kind as PdfKind].download.request(
    connectionOf({ authData: session.authData } as never),
    input,
  );
  const reply = await fetch(request.url, { headers: request.headers });
  expect(reply.headers.get('content-type')).toBe('application/pdf');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'zap-note-pdf-')), `${number}.pdf`);
  writeFileSync(file, Buffer.from(await reply.arrayBuffer()));
  return { bundle, text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) };
}

test('Download Credit Note PDF: a file named by the note, titled Credit Note, each head credited', async () => {
  const invoice = await taxInvoice(`zap.cn.pdf.${Date.now()}@example.com`);
  const note: any = await appTester(App.creates.create_credit_note.operation.perform, {
    authData: session.authData,
    inputData: { invoice_id: invoice.id, note_reason: 'sales_return', taxable_amount: '100.00' },
  });
  const answer = await appTester(App.creates.download_credit_note_pdf.operation.perform, {
    authData: session.authData,
    inputData: { credit_note_id: note.id },
  });
  expect(answer).toMatchObject({
    id: note.id,
    number: note.number,
    invoice_number: invoice.number,
    file_name: `${note.number}.pdf`,
    // By hand: ₹100.00 + 9 % CGST ₹9.00 + 9 % SGST ₹9.00.
    total_formatted: '₹118.00',
  });
  const { bundle, text } = await hydrated(answer.file);
  expect(bundle).toEqual({ kind: 'credit_note', credit_note_id: note.id, number: note.number });
  expect(text).toContain(`Credit Note ${note.number}`);
  expect(text).toContain(`Against Tax Invoice ${invoice.number} dated ${note.invoice_date}`);
  expect(text).toContain('CGST credited: INR 9.00');
  expect(text).toContain('SGST credited: INR 9.00');
});

test('Download Debit Note PDF: titled Debit Note, each head debited', async () => {
  const invoice = await taxInvoice(`zap.dn.pdf.${Date.now()}@example.com`);
  const note: any = await appTester(App.creates.create_debit_note.operation.perform, {
    authData: session.authData,
    inputData: { invoice_id: invoice.id, note_reason: 'correction', line: '1', taxable_amount: '200.00' },
  });
  const answer = await appTester(App.creates.download_debit_note_pdf.operation.perform, {
    authData: session.authData,
    inputData: { debit_note_id: note.id },
  });
  expect(answer).toMatchObject({ id: note.id, file_name: `${note.number}.pdf`, total_formatted: '₹236.00' });
  const { text } = await hydrated(answer.file);
  expect(text).toContain(`Debit Note ${note.number}`);
  expect(text).toContain('CGST debited: INR 18.00');
  expect(text).toContain('Total with Tax debited: INR 236.00');
});
