import { type Browser, chromium } from 'playwright-core';
import { operations } from '../../shared';
import { type Receiver, startReceiver } from '../../sandbox';
import { type TestClient, startTestSandbox } from './support';

// Debian's chromium (apt-get install chromium); playwright's own browser download does not work here.
const CHROMIUM = '/usr/bin/chromium';

let browser: Browser;
let t: TestClient;
let receiver: Receiver;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  t = await startTestSandbox();
  receiver = await startReceiver();
});
afterAll(async () => {
  await browser?.close();
  await t?.sandbox.close();
  await receiver?.close();
});

test('lists a created invoice; clicking Pay produces a delivery in the log; Redeliver sends it again', async () => {
  const webhook = (await t.send(operations.createWebhook.request(t.connection, { url: receiver.url, events: ['invoice.paid'] }))).body as any;
  const invoice = await t.createInvoice({ client_email: 'dash@example.com', items: [{ description: 'Logo', amount: 250000 }] });
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto(`${t.sandbox.dashboardUrl}#key=${t.sandbox.testKey}`);
  const row = page.locator(`#invoices tr[data-id="${invoice.id}"]`);
  await row.waitFor();
  await expect(row.locator('td').allTextContents()).resolves.toEqual(
    expect.arrayContaining([invoice.number, 'dash@example.com', '₹2,500.00', 'open']));
  await expect(page.locator('#webhooks tbody').textContent()).resolves.toContain(webhook.id);

  await row.getByRole('button', { name: 'Pay' }).click();
  const delivery = page.locator('#deliveries tbody tr', { hasText: 'invoice.paid' });
  await delivery.first().waitFor({ timeout: 10_000 });
  await expect(delivery.first().textContent()).resolves.toMatch(/200.*succeeded/);
  await expect(page.locator(`#invoices tr[data-id="${invoice.id}"] td`).nth(4).textContent()).resolves.toBe('paid');
  const [hit] = await receiver.waitFor(1);
  expect(hit.rawBody).toContain(invoice.id);

  await delivery.first().getByRole('button', { name: 'Redeliver' }).click();
  await page.locator('#deliveries tbody tr', { hasText: 'invoice.paid' }).nth(1).waitFor({ timeout: 10_000 });
  const hits = await receiver.waitFor(2);
  expect(hits[1].headers['webhook-id']).toBe(hits[0].headers['webhook-id']);

  // Pay simulated a UPI payment: it is in the payments table with its UTR.
  const upiRow = page.locator('#payments tbody tr', { hasText: invoice.id });
  await upiRow.waitFor();
  await expect(upiRow.locator('td').allTextContents()).resolves.toEqual([expect.any(String), invoice.id, 'upi', '₹2,500.00',
    expect.stringMatching(/^\d{12}$/), expect.stringMatching(/^pay_/)]);

  page.once('dialog', (dialog) => dialog.accept('wrong_amount'));
  await row.getByRole('button', { name: 'Dispute' }).click();
  await page.locator(`#invoices tr[data-id="${invoice.id}"] td`, { hasText: 'disputed' }).waitFor();
  expect(problems).toEqual([]);
});

test('Record transfer records a bank transfer against an invoice; the payments table shows its reference', async () => {
  const invoice = await t.createInvoice({ client_email: 'transfer@example.com', items: [{ description: 'Audit', amount: 90000 }] });
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${t.sandbox.dashboardUrl}#key=${t.sandbox.testKey}`);
  const row = page.locator(`#invoices tr[data-id="${invoice.id}"]`);
  await row.waitFor();
  const answers = ['40000', 'HDFCN520261120'];
  page.on('dialog', (dialog) => dialog.accept(answers.shift()));
  await row.getByRole('button', { name: 'Record transfer' }).click();
  const payment = page.locator('#payments tbody tr', { hasText: 'HDFCN520261120' });
  await payment.waitFor();
  await expect(payment.locator('td').allTextContents()).resolves.toEqual([expect.any(String), invoice.id, 'bank_transfer', '₹400.00',
    'HDFCN520261120', expect.stringMatching(/^pay_/)]);
  await page.locator(`#invoices tr[data-id="${invoice.id}"] td`, { hasText: 'partially_paid' }).waitFor();
  expect(problems).toEqual([]);
});
