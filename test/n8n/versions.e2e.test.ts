/**
 * Saved work keeps its meaning (issue 32, docs/architecture.md "Versioning"): a workflow saved on type
 * version 1, before Amounts Are In existed (item amounts in paise, the parameter absent), still sends the
 * same request; a node added now (version 2) reads amounts in currency units. The built package in n8n-core,
 * parameters filled in by n8n's own Workflow as it loads a saved workflow, against the sandbox.
 */
import { newNodeVersion } from './harness';
import { invoiceCount, setUp, type Setup } from './support';

let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

/** Create Invoice as a workflow exported before the change has it: no amount_unit, amounts in paise. */
const savedInvoice = {
  resource: 'invoice',
  operation: 'create',
  client_email: 'saved@example.com',
  currency: 'INR',
  itemsInput: 'fields',
  items: { item: [{ description: 'Design', amount: '150000' }] },
};
const savedPayment = (invoiceId: string) => ({
  resource: 'payment',
  operation: 'record',
  invoice_id: { __rl: true, mode: 'id', value: invoiceId },
  method: 'cash',
  amount: '50000',
});

test('a new node is version 2', () => {
  expect(newNodeVersion(s.pkg, 'invoicingApi')).toBe(2);
});

test('Create Invoice saved on version 1 without Amounts Are In: 150000 is still ₹1,500.00', async () => {
  const run = await s.run(savedInvoice, { typeVersion: 1 });
  expect(run.error).toBeUndefined();
  expect((run.items[0].json as any).items[0].amount).toBe(150000);
});

test('the same parameters on a new node (version 2) mean currency units: "1,500.00" is ₹1,500.00, 150000 is ₹1,50,000', async () => {
  const typed = await s.run({ ...savedInvoice, items: { item: [{ description: 'Design', amount: '1,500.00' }] } });
  expect((typed.items[0].json as any).items[0].amount).toBe(150000);
  const paise = await s.run(savedInvoice);
  expect((paise.items[0].json as any).items[0].amount).toBe(15_000_000);
});

test('version 1 with Amounts Are In set keeps what was chosen', async () => {
  const run = await s.run(
    { ...savedInvoice, amount_unit: 'main', items: { item: [{ description: 'Design', amount: '1,500.00' }] } },
    { typeVersion: 1 },
  );
  expect((run.items[0].json as any).items[0].amount).toBe(150000);
});

test('Record Payment saved on version 1 without Amounts Are In: 50000 is still ₹500.00; on version 2 "500.00" is', async () => {
  const created = await s.run(savedInvoice, { typeVersion: 1 });
  const invoiceId = (created.items[0].json as any).id as string;
  const v1 = await s.run(savedPayment(invoiceId), { typeVersion: 1 });
  expect(v1.error).toBeUndefined();
  expect((v1.items[0].json as any).amount).toBe(50000);
  const v2 = await s.run({ ...savedPayment(invoiceId), amount: '500.00' });
  expect((v2.items[0].json as any).amount).toBe(50000);
});

test('version 1 refuses "1,500.00" naming the setting to change, Amounts Are In, and sends nothing', async () => {
  const hint = 'Amounts Are In is set to Minor Units; set it to Currency Units to write amounts such as 1,500.00';
  const before = await invoiceCount(s);
  const invoice = await s.run(
    { ...savedInvoice, items: { item: [{ description: 'Design', amount: '1,500.00' }] } },
    { typeVersion: 1 },
  );
  expect(invoice.error?.message).toBe(`Item 1: amount must be a whole number of paise, e.g. 1500 for ₹15.00. ${hint}`);
  expect(await invoiceCount(s)).toBe(before);
  const payment = await s.run({ ...savedPayment('inv_3MtwBwLkdIwHu7ix'), amount: '1,500.00' }, { typeVersion: 1 });
  expect(payment.error?.message).toBe(`Amount must be a whole number. ${hint}`);
});
