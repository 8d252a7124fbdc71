/** Issue 29 on n8n: Send (once per retry key), Void (a paid invoice refused in the contract's words), Download PDF as binary. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { operations, setUp, type Setup } from './support';

let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

const newInvoice = async (email: string) =>
  (
    await s.api((c) =>
      operations.createInvoice.request(c, {
        client_email: email,
        currency: 'INR',
        items: [{ description: 'Website design', amount: 150000 }],
        auto_send_whatsapp: false,
      }),
    )
  ).body;
const eventsFor = async (type: string, id: string) =>
  (await s.api((c) => operations.listEvents.request(c, { type: type as any, limit: 100 }))).body.data.filter(
    (event: any) => event.data.invoice.id === id,
  );

test('Send by e-mail answers the delivery; the same Prevent Duplicates Key twice sends once', async () => {
  const invoice = await newInvoice('n8n.send@example.com');
  const parameters = {
    resource: 'invoice',
    operation: 'send',
    invoice_id: { __rl: true, mode: 'id', value: invoice.id },
    channel: 'email',
    kind: 'reminder',
    options: { idempotency_key: `reminder-${invoice.number}-day-1` },
  };
  const first = await s.run(parameters);
  expect(first.error).toBeUndefined();
  expect(first.items[0].json).toMatchObject({
    object: 'delivery',
    channel: 'email',
    kind: 'reminder',
    to: 'n8n.send@example.com',
    status: 'sent',
  });
  const second = await s.run(parameters);
  expect(second.items[0].json).toEqual(first.items[0].json);
  expect(await eventsFor('invoice.sent', invoice.id)).toHaveLength(1);
});

test("Void: a void invoice is answered void; a paid one is refused with the contract's words", async () => {
  const open = await newInvoice('n8n.void@example.com');
  const voided = await s.run({
    resource: 'invoice',
    operation: 'void',
    invoice_id: { __rl: true, mode: 'id', value: open.id },
  });
  expect(voided.items[0].json).toMatchObject({ status: 'void', amount_remaining: 0, upi_link: null });
  const paid = await newInvoice('n8n.void@example.com');
  await s.api((c) => operations.simulatePayment.request(c, { invoice_id: paid.id }));
  const refused = await s.run({
    resource: 'invoice',
    operation: 'void',
    invoice_id: { __rl: true, mode: 'id', value: paid.id },
  });
  expect((refused.error as any).message).toContain(
    `${paid.number} cannot be voided: ₹1,500.00 of ₹1,500.00 has been paid.`,
  );
});

test('Download PDF: binary data named by the number, application/pdf, whose text holds the number and amount due', async () => {
  const invoice = await newInvoice('n8n.pdf@example.com');
  const run = await s.run({
    resource: 'invoice',
    operation: 'downloadPdf',
    invoice_id: { __rl: true, mode: 'id', value: invoice.id },
  });
  expect(run.error).toBeUndefined();
  const item = run.items[0];
  expect(item.json).toMatchObject({
    id: invoice.id,
    number: invoice.number,
    file_name: `${invoice.number}.pdf`,
  });
  const binary = item.binary!.data;
  expect(binary).toMatchObject({
    fileName: `${invoice.number}.pdf`,
    mimeType: 'application/pdf',
    fileExtension: 'pdf',
  });
  const bytes = Buffer.from(binary.data, 'base64');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'n8n-pdf-')), binary.fileName!);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  expect(text).toContain(invoice.number);
  expect(text).toContain('Amount Remaining: INR 1,500.00');
});
