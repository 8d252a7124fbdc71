/**
 * An invoice's credit notes, debit notes and refunds where a person looks (issue 40): the hosted page, the
 * dashboard's invoice page (its server-rendered section) and the CLI's `notes` command, each figure by hand.
 * The invoice: ₹1,000.00 at 18 % within Maharashtra, ₹1,180.00, paid in full by UPI.
 */
import { runCli } from '../../sandbox/cli';
import { operations, runOperation } from '../../shared';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());

const run = <K extends keyof typeof operations>(name: K, raw: Record<string, unknown>) =>
  runOperation(operations[name] as never, t.connection, raw, t.send) as Promise<any>;

let counter = 0;
async function corrected() {
  const email = `shown.notes.${++counter}@example.com`;
  await run('createClient', { email, gstin: '27AAPFU0939F1ZV' });
  const invoice = await run('createInvoice', {
    client_email: email,
    currency: 'INR',
    items: [{ description: 'Kurta', amount: '1,000.00', hsn_sac: '6211', gst_rate: '18' }],
  });
  const payment = await run('recordPayment', {
    invoice_id: invoice.id,
    amount: '1,180.00',
    method: 'upi',
    utr: `41234567890${counter}`,
  });
  // ₹200.00 taxable + 9 % CGST ₹18.00 + 9 % SGST ₹18.00 = ₹236.00 credited, all of it owed back.
  const credit = await run('createCreditNote', {
    invoice_id: invoice.id,
    note_reason: 'sales_return',
    taxable_amount: '200.00',
  });
  const refund = await run('recordRefund', {
    payment_id: payment.id,
    amount: '236.00',
    method: 'upi',
    utr: `49876543210${counter}`,
  });
  // ₹50.00 taxable + ₹4.50 + ₹4.50 = ₹59.00 debited, owed again.
  const debit = await run('createDebitNote', {
    invoice_id: invoice.id,
    note_reason: 'correction',
    taxable_amount: '50.00',
  });
  return { invoice, credit, refund, debit };
}

const cell = (text: string) => `<td>${text}</td>`;

test('the hosted page and the dashboard list each note and refund, each kind as issued, and what they did to the invoice', async () => {
  const { invoice, credit, refund, debit } = await corrected();
  const hosted = await (await fetch(invoice.hosted_url)).text();
  const rows = [
    ['Credit note', credit.number, 'Sales Return', '₹236.00'],
    ['Debit note', debit.number, 'Correction in Invoice', '₹59.00'],
    ['Refund', refund.id, `UPI ${refund.upi.utr}`, '₹236.00'],
  ].map(([document, number, detail, amount]) => [
    cell(document),
    cell(number),
    expect.any(String),
    cell(detail),
    `<td class="figure">${amount}</td>`,
  ]);
  const shownRows = (html: string) =>
    [
      ...html.matchAll(
        /<tr>(<td>[^<]*<\/td>)(<td>[^<]*<\/td>)(<td>[^<]*<\/td>)(<td>[^<]*<\/td>)(<td class="figure">[^<]*<\/td>)<\/tr>/g,
      ),
    ].map((match) => match.slice(1));
  expect(hosted).toContain('<h2>Credit notes, debit notes and refunds</h2>');
  expect(shownRows(hosted)).toEqual(rows);
  // 1,180.00 paid − 236.00 refunded = ₹944.00 kept; due 1,180.00 − 236.00 + 59.00 = ₹1,003.00, so ₹59.00 remains.
  expect(hosted).toContain(
    'paid ₹944.00 · remaining ₹59.00 · credited ₹236.00 · debited ₹59.00 · refunded ₹236.00</p>',
  );
  const section = await (await fetch(new URL(`/i/${invoice.id}/corrections`, t.connection.baseUrl))).text();
  expect(shownRows(section)).toEqual(rows);
});

test('an invoice with none shows no such section', async () => {
  const invoice = await t.createInvoice({ client_email: 'plain.notes@example.com' });
  const hosted = await (await fetch(invoice.hosted_url)).text();
  expect(hosted).not.toContain('Credit notes, debit notes and refunds');
  expect(hosted).not.toContain('credited');
});

test('npm start -- notes <invoice_id> prints a line each, in the same words', async () => {
  const { invoice, credit, refund, debit } = await corrected();
  const out: string[] = [];
  const io = { out: (line: string) => out.push(line), err: () => undefined };
  const cli = ['--url', t.connection.baseUrl, '--key', t.connection.apiKey];
  expect((await runCli([...cli, 'notes', invoice.id], io)).exitCode).toBe(0);
  expect(out.map((line) => line.replace(/^\d{4}-\d{2}-\d{2}\s+/, '').split(/\s{2,}/))).toEqual([
    ['Credit note', credit.number, '₹236.00', 'Sales Return'],
    ['Debit note', debit.number, '₹59.00', 'Correction in Invoice'],
    ['Refund', refund.id, '₹236.00', `UPI ${refund.upi.utr}`],
  ]);
  const none: string[] = [];
  const plain = await t.createInvoice({ client_email: 'plain.cli@example.com' });
  await runCli([...cli, 'notes', plain.id], { out: (line: string) => none.push(line), err: () => undefined });
  expect(none).toEqual([`${plain.number} has no credit notes, debit notes or refunds.`]);
});
