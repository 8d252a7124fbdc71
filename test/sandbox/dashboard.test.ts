/**
 * The dashboard in headless Chromium against a live sandbox: sign-in, lists with search, filters and paging,
 * invoice / client / event pages, simulate buttons only where they apply, Resend, live updates that leave a
 * selection alone, the Keys page, a 420 px layout. It also takes the screenshots shown in sandbox/README.md:
 * into docs/screenshots/ with SCREENSHOTS=docs, else into a temporary folder (so a test run leaves the tree clean).
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { EVENT_TYPES, INVOICE_STATUSES, operations, presentInvoice, runOperation } from '../../shared';
import { type Receiver, startReceiver } from '../../sandbox';
import { eventually, type TestClient, startTestSandbox } from './support';

// Debian's chromium (apt-get install chromium); playwright's own browser download does not work here.
const CHROMIUM = '/usr/bin/chromium';
const SHOTS =
  process.env.SCREENSHOTS === 'docs'
    ? path.resolve(__dirname, '../../docs/screenshots')
    : mkdtempSync(path.join(tmpdir(), 'dashboard-shots-'));
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 420, height: 860 };

let browser: Browser;
let context: BrowserContext;
let t: TestClient;
let receiver: Receiver;
const problems: string[] = [];

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  t = await startTestSandbox();
  receiver = await startReceiver();
  mkdirSync(SHOTS, { recursive: true });
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.sandbox.baseUrl });
});
afterEach(async () => {
  await context.close();
  expect(problems.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await t?.sandbox.close();
  await receiver?.close();
});

async function open(hash = '', key = t.connection.apiKey): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${t.sandbox.dashboardUrl}#key=${key}`);
  await page.locator('#nav').waitFor();
  await go(page, hash || '#/invoices');
  return page;
}

/**
 * Goes to an address and waits until the view shows it: until then the page before is still there, and a
 * field it shares (every list's search box) would take what was meant for the next one.
 * Page scripts as text: this project's TypeScript has no DOM types.
 */
async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
  await page.waitForFunction(`document.getElementById('view').dataset.shows === location.hash`);
}

const invoice = (overrides: Record<string, unknown> = {}) => t.createInvoice(overrides);

test('sign-in: no key, no data; a wrong key is refused in words; the #key link signs in and leaves the URL', async () => {
  const page = await context.newPage();
  await page.goto(t.sandbox.dashboardUrl);
  await expect(page.locator('h1').textContent()).resolves.toBe('Sign in to the sandbox');
  await page.fill('input[name=key]', 'ik_test_000000000000000000000000');
  await page.click('button[type=submit]');
  await expect(page.locator('.error').textContent()).resolves.toMatch(/did not issue this API key/);
  await page.fill('input[name=key]', t.connection.apiKey);
  await page.click('button[type=submit]');
  await page.locator('h1', { hasText: 'Invoices' }).waitFor();
  await expect(page.locator('#account').textContent()).resolves.toMatch(/^Sandbox account · acct_/);

  const linked = await open();
  expect(linked.url()).not.toContain('ik_test_');
});

test('invoices: the list shows ids, badges and amounts; search by number and e-mail, status filter, paging', async () => {
  const first = await invoice({ client_email: 'list@example.com', items: [{ description: 'Logo', amount: 250000 }] });
  for (let i = 0; i < 21; i += 1) await invoice({ client_email: `bulk${i}@example.com` });
  await t.send(operations.simulatePayment.request(t.connection, { invoice_id: first.id }));
  const page = await open('#/invoices');
  await page.locator('table.list tbody tr').nth(19).waitFor();
  expect(await page.locator('table.list tbody tr').count()).toBe(20);
  await page.click('text=Older →');
  const row = page.locator(`tr[data-id="${first.id}"]`);
  await row.waitFor();
  const cells = await row.locator('td').allTextContents();
  expect(cells).toEqual([
    '₹2,500.00',
    'paid',
    first.number,
    'list@example.com',
    `${first.id}Copy`,
    expect.stringMatching(/now|second/),
  ]);
  await expect(row.locator('.badge').getAttribute('class')).resolves.toBe('badge ok');
  await expect(row.locator('time').getAttribute('title')).resolves.toContain(first.created_at);
  await page.click('text=← Newer');
  await eventually(
    async () => (await page.locator(`tr[data-id="${first.id}"]`).count()) === 0,
    5000,
    'the page to change',
  );

  await page.fill('input[name=q]', first.number.toLowerCase());
  await page.click('button:has-text("Search")');
  await eventually(
    async () =>
      (await page.locator('table.list tbody tr').count()) === 1 && page.locator(`tr[data-id="${first.id}"]`).count(),
  );
  await page.fill('input[name=q]', 'bulk3@example.com');
  await page.click('button:has-text("Search")');
  await eventually(
    async () =>
      (await page.locator('table.list tbody tr td:nth-child(4)').allTextContents()).join() === 'bulk3@example.com',
  );
  await go(page, '#/invoices');
  await eventually(async () => (await page.locator('table.list tbody tr').count()) === 20, 5000, 'the whole list');
  await page.selectOption('select[name=status]', 'paid');
  const ids = () =>
    page.locator('table.list tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')).join());
  await eventually(async () => (await ids()) === first.id, 5000, 'only the paid invoice');
  expect(await page.locator('select[name=status] option').allTextContents()).toEqual([
    'All statuses',
    ...INVOICE_STATUSES.map((status) => status.replace(/_/g, ' ')),
  ]);
  await go(page, '#/events');
  await page.locator('select[name=type]').waitFor();
  expect(await page.locator('select[name=type] option').allTextContents()).toEqual(['All events', ...EVENT_TYPES]);
  await go(page, '#/invoices');
  await page.fill('input[name=q]', first.id);
  await page.click('button:has-text("Search")');
  await page.locator('h1', { hasText: '₹2,500.00' }).waitFor();
});

test('payments: UPI payments and recorded transfers in one list, found by UTR or by bank reference', async () => {
  const billed = await invoice({
    client_email: 'payments@example.com',
    items: [{ description: 'Audit', amount: 90000 }],
  });
  const upi = (await t.send(operations.simulatePayment.request(t.connection, { invoice_id: billed.id, amount: 10000 })))
    .body as any;
  const transfer = (
    await t.send(
      operations.recordPayment.request(t.connection, {
        invoice_id: billed.id,
        method: 'bank_transfer',
        amount: 40000,
        reference: 'HDFCN520261120',
      }),
    )
  ).body as any;
  const page = await open('#/payments');
  const row = (id: string) => page.locator(`tr[data-id="${id}"]`);
  await row(transfer.id).waitFor();
  expect(await row(transfer.id).locator('td').allTextContents()).toEqual([
    '₹400.00',
    'bank transfer',
    'HDFCN520261120',
    billed.id,
    `${transfer.id}Copy`,
    expect.stringMatching(/now|second/),
  ]);
  const utr = upi.data.payment.upi.utr as string;
  expect((await row(upi.data.payment.id).locator('td').allTextContents()).slice(0, 3)).toEqual(['₹100.00', 'upi', utr]);
  await page.fill('input[name=q]', `${utr.slice(0, 6)} ${utr.slice(6)}`);
  await page.click('button:has-text("Search")');
  const ids = () =>
    page.locator('table.list tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')).join());
  await eventually(async () => (await ids()) === upi.data.payment.id, 5000, 'only the UPI payment');
  await page.fill('input[name=q]', 'hdfcn520261120');
  await page.click('button:has-text("Search")');
  await eventually(async () => (await ids()) === transfer.id, 5000, 'only the transfer');
});

test('products: the catalogue with SKU, price and rate; archived products listed apart, marked; search', async () => {
  const made = async (fields: Record<string, unknown>) =>
    (
      await t.send(
        operations.createProduct.request(t.connection, {
          product_type: 'goods',
          currency: 'INR',
          hsn_sac: '6109',
          gst_rate: '5',
          ...fields,
        } as any),
      )
    ).body as any;
  const tee = await made({ name: 'Cotton T-shirt, red, M', sku: 'TSHIRT-RED-M', unit_price: 89900 });
  const old = await made({ name: 'Old tee', sku: 'TEE-OLD', unit_price: 49900 });
  await t.send(operations.updateProduct.request(t.connection, { product_id: old.id, archived: true }));
  const page = await open('#/products');
  const cells = (id: string) => page.locator(`tr[data-id="${id}"] td`).allTextContents();
  await page.locator(`tr[data-id="${tee.id}"]`).waitFor();
  expect(await cells(tee.id)).toEqual([
    'Cotton T-shirt, red, M',
    'TSHIRT-RED-M',
    '₹899.00',
    '5 %',
    '6109',
    'goods',
    'active',
    `${tee.id}Copy`,
  ]);
  expect((await cells(old.id)).slice(1, 7)).toEqual(['TEE-OLD', '₹499.00', '5 %', '6109', 'goods', 'archived']);
  // The archived one is under its own heading, not among the active ones the pickers list.
  const section = await page
    .locator('h2:has-text("Archived") + table tr[data-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
  expect(section).toEqual([old.id]);
  await page.fill('input[name=q]', 'cotton');
  await page.click('button:has-text("Search")');
  await eventually(async () => (await page.locator(`tr[data-id="${old.id}"]`).count()) === 0, 5000, 'only the tee');
  expect(await page.locator('table.list tbody tr').count()).toBe(1);
});

test('invoice page: copy the id in one click; simulate buttons only where they apply; Cancel does nothing', async () => {
  const created = await invoice({
    client_email: 'detail@example.com',
    items: [{ description: 'Hosting', amount: 100000 }],
  });
  const page = await open(`#/invoices/${created.id}`);
  await page.locator('h1', { hasText: '₹1,000.00' }).waitFor();
  await page.getByRole('button', { name: `Copy ${created.id}` }).click();
  await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(created.id);

  const simulate = page.locator('[aria-label=Simulate] button');
  await expect(simulate.allTextContents()).resolves.toEqual(['Simulate view', 'Simulate payment', 'Simulate dispute']);
  await page.click('text=Simulate dispute');
  await page.click('form.inline >> text=Cancel');
  expect(await page.locator('form.inline').count()).toBe(0);
  await expect(page.locator('#status').textContent()).resolves.toBe('');

  await page.click('text=Simulate payment');
  await page.fill('input[name=amount]', '40000');
  await page.click('form.inline >> button:has-text("Pay")');
  await page.locator('h1 .badge', { hasText: 'partially paid' }).waitFor();
  await expect(page.locator('dl.facts').textContent()).resolves.toContain('₹600.00');
  await page.click('text=Simulate payment');
  await page.click('form.inline >> button:has-text("Pay")');
  await page.locator('h1 .badge', { hasText: /^paid$/ }).waitFor();
  // Nothing left to pay; a paid invoice can still be disputed (contract §3: disputed from any status).
  await expect(simulate.allTextContents()).resolves.toEqual(['Simulate view', 'Simulate dispute']);
  // The invoice's events: its invoice.created and the two payments.
  expect(await page.locator('table.list').last().locator('tbody tr').count()).toBe(3);
  await page.locator('text=invoice.paid').first().waitFor();
  await page.click('text=Simulate dispute');
  await page.selectOption('select[name=reason]', 'duplicate');
  await page.click('form.inline >> button:has-text("Open dispute")');
  await page.locator('h1 .badge', { hasText: 'disputed' }).waitFor();
  await expect(simulate.allTextContents()).resolves.toEqual(['Simulate view']);
});

test('invoice page after creation: send, a planted failure, overdue with its UPI QR, void', async () => {
  const created = await invoice({
    client_email: 'life@example.com',
    items: [{ description: 'Retainer', amount: 180000 }],
    payment_terms: 'net_7',
  });
  const page = await open(`#/invoices/${created.id}`);
  await page.locator('h1', { hasText: '₹1,800.00' }).waitFor();
  const after = page.locator('[aria-label="After creation"] button');
  await expect(after.allTextContents()).resolves.toEqual([
    'Send by e-mail',
    'Send on WhatsApp',
    'Send reminder',
    'Make overdue',
    'Fail next send',
    'Void',
  ]);
  await page.locator('img[alt="UPI QR code"]').waitFor();
  // The image loaded (an SVG the sandbox drew from the link), not a broken-image box.
  await expect(
    page.evaluate('document.querySelector(\'img[alt="UPI QR code"]\').naturalWidth'),
  ).resolves.toBeGreaterThan(0);
  await expect(page.locator('dl.facts').textContent()).resolves.toContain(created.upi_link);

  await page.click('text=Send by e-mail');
  await page.locator('table.list >> text=invoice.sent').waitFor();
  await page.click('text=Fail next send');
  await page.selectOption('select[name=failure_code]', 'email_bounced');
  await page.click('form.inline >> button:has-text("Plant failure")');
  await page.locator('#status', { hasText: 'Fail next send: done' }).waitFor();
  // The next e-mail send fails with the planted reason, once.
  const planted = await t.send(
    operations.sendInvoice.request(t.connection, { invoice_id: created.id, channel: 'email' }),
  );
  expect(planted.body).toMatchObject({ status: 'failed', failure_code: 'email_bounced' });
  await page.click('text=Make overdue');
  await page.locator('dl.facts', { hasText: '1 day overdue' }).waitFor();
  await page.locator('table.list >> text=invoice.delivery_failed').waitFor();
  await page.click('[aria-label="After creation"] >> text=Void');
  await page.locator('h1 .badge', { hasText: 'void' }).waitFor();
  await expect(after.allTextContents()).resolves.toEqual(['Fail next send']);
  expect(await page.locator('img[alt="UPI QR code"]').count()).toBe(0);
  await page.locator('table.list >> text=invoice.voided').waitFor();
});

test("amounts read as the API's *_formatted and the hosted invoice page say them, also where Intl's digits differ from ISO 4217", async () => {
  // IDR and HUF have two ISO minor digits and IQD three, where CLDR (what Intl shows by default) has none.
  for (const currency of ['JPY', 'INR', 'IDR', 'HUF', 'KWD', 'IQD']) {
    const created = await invoice({
      client_email: `money.${currency.toLowerCase()}@example.com`,
      currency,
      items: [
        { description: 'Work', amount: 1234567 },
        { description: 'Travel', amount: 89 },
      ],
    });
    await t.send(operations.simulatePayment.request(t.connection, { invoice_id: created.id, amount: 1000 }));
    const fetched = (await t.send(operations.getInvoice.request(t.connection, { invoice_id: created.id }))).body as any;
    const api = presentInvoice(fetched);
    const hosted = await (await fetch(fetched.hosted_url)).text();
    for (const amount of [api.amount_due_formatted, api.amount_paid_formatted, api.amount_remaining_formatted]) {
      expect([currency, hosted.includes(amount)]).toEqual([currency, true]);
    }

    const page = await open(`#/invoices${'?email='}${encodeURIComponent(fetched.client_email)}`);
    const row = page.locator(`tr[data-id="${created.id}"]`);
    await row.waitFor();
    await expect(row.locator('td').first().textContent()).resolves.toBe(api.amount_due_formatted);
    await go(page, `#/invoices/${created.id}`);
    await page.locator('dl.facts').waitFor();
    const facts = await page.locator('dl.facts dd .money').allTextContents();
    expect([currency, await page.locator('h1 .money').textContent(), ...facts]).toEqual([
      currency,
      api.amount_due_formatted,
      api.amount_due_formatted,
      api.amount_paid_formatted,
      api.amount_remaining_formatted,
    ]);
    const items = await page.locator('table.list').first().locator('tbody td .money').allTextContents();
    expect([currency, ...items]).toEqual([currency, ...api.items.map((item) => item.amount_formatted)]);
    await page.close();
  }
});

test('event page: payload, every attempt with status, response, latency, error and next retry; what a held delivery waits behind; Resend', async () => {
  const hook = (
    await t.send(operations.createWebhook.request(t.connection, { url: receiver.url, events: ['invoice.paid'] }))
  ).body as any;
  try {
    receiver.respondWith(() => (receiver.requests.length === 0 ? 500 : 200));
    const created = await invoice({ client_email: 'event@example.com' });
    const event = (await t.send(operations.simulatePayment.request(t.connection, { invoice_id: created.id })))
      .body as any;
    await receiver.waitFor(2);
    await t.sandbox.settled();

    const page = await open(`#/events/${event.id}`);
    await page.locator('h1', { hasText: 'invoice.paid' }).waitFor();
    await expect(page.locator('pre.payload').textContent()).resolves.toContain(`"id": "${created.id}"`);
    const section = page.locator(`section[data-webhook="${hook.id}"]`);
    await section.locator('article.attempt').nth(1).waitFor();
    const [failed, succeeded] = await section.locator('article.attempt').all();
    await expect(failed.locator('header').textContent()).resolves.toMatch(/^Attempt 1500failed|^Attempt 1500retrying/);
    await expect(failed.locator('.error').textContent()).resolves.toBe('The receiver answered HTTP 500.');
    await expect(failed.locator('pre.response').textContent()).resolves.toBe('not now');
    await expect(failed.locator('pre').first().textContent()).resolves.toContain(`webhook-id: ${event.id}`);
    await expect(succeeded.locator('header').textContent()).resolves.toMatch(/^Attempt 2200succeeded\d+ ms/);
    await expect(page.locator('h2', { hasText: 'Webhook deliveries' }).textContent()).resolves.toBe(
      'Webhook deliveries (2 attempts)',
    );
    await page.screenshot({ path: path.join(SHOTS, 'event-desktop.png'), fullPage: true });

    await section.getByRole('button', { name: 'Resend' }).click();
    await section.locator('article.attempt', { hasText: 'Resend, attempt 1' }).waitFor();
    const hits = await receiver.waitFor(3);
    expect(hits[2].headers['webhook-id']).toBe(event.id);
    await expect(page.locator('#status').textContent()).resolves.toBe('Resend: done');

    // A retrying attempt shows when the next one is due.
    receiver.respondWith(503);
    const slow = await startTestSandbox({ timeScale: 1 });
    try {
      await slow.send(
        operations.createWebhook.request(slow.connection, { url: receiver.url, events: ['invoice.paid'] }),
      );
      const other = await slow.createInvoice();
      const otherEvent = (
        await slow.send(operations.simulatePayment.request(slow.connection, { invoice_id: other.id }))
      ).body as any;
      await receiver.waitFor(4);
      await slow.sandbox.settled();
      const slowPage = await context.newPage();
      await slowPage.goto(`${slow.sandbox.dashboardUrl}#key=${slow.connection.apiKey}`);
      await go(slowPage, `#/events/${otherEvent.id}`);
      const next = slowPage.locator('article.attempt .next');
      await next.waitFor();
      await expect(next.textContent()).resolves.toMatch(/^next retry in \d+ seconds$/);

      // A newer event waits behind the failing one, and its page says which one holds it.
      const third = await slow.createInvoice();
      const held = (await slow.send(operations.simulatePayment.request(slow.connection, { invoice_id: third.id })))
        .body as any;
      await go(slowPage, `#/events/${held.id}`);
      const waiting = slowPage.locator('section.delivery p.waiting');
      await waiting.waitFor();
      await expect(waiting.textContent()).resolves.toMatch(new RegExp(`^Waiting behind ${otherEvent.id}: `));
      await expect(waiting.locator('a').getAttribute('href')).resolves.toBe(`#/events/${otherEvent.id}`);
      await expect(slowPage.locator('section.delivery article.attempt').count()).resolves.toBe(0);
      await go(slowPage, `#/events/${otherEvent.id}`);
      await slowPage.locator('article.attempt .next').waitFor();
      await expect(slowPage.locator('p.waiting').count()).resolves.toBe(0);
      // The Webhooks page says the subscription is catching up, how much it is owed and what goes next.
      await go(slowPage, '#/webhooks');
      const backlog = slowPage.locator('div.waiting');
      await backlog.waitFor();
      await expect(backlog.textContent()).resolves.toMatch(
        new RegExp(`^Catching up: 2 events owed, oldest first; next ${otherEvent.id} in \\d+ seconds$`),
      );
    } finally {
      await slow.sandbox.close();
    }
  } finally {
    receiver.respondWith(200);
    await t.send(operations.deleteWebhook.request(t.connection, { webhook_id: hook.id }));
  }
});

test('live updates show new data but leave a selection alone', async () => {
  const created = await invoice({ client_email: 'select@example.com' });
  const page = await open(`#/invoices/${created.id}`);
  await page.locator('h1', { hasText: '₹1,500.00' }).waitFor();
  await page.locator('dl.facts code').first().selectText();
  await t.send(operations.simulateView.request(t.connection, { invoice_id: created.id, ...{ channel: 'link' } }));
  await page.waitForTimeout(3000);
  await expect(page.evaluate('getSelection().toString()')).resolves.toBe(created.id);
  await expect(page.locator('#live').textContent()).resolves.toMatch(/paused/);
  await expect(page.locator('h1 .badge').textContent()).resolves.toBe('open');
  await page.evaluate('getSelection().removeAllRanges()');
  await page.locator('h1 .badge', { hasText: 'viewed' }).waitFor({ timeout: 5000 });
});

test('keys page: create a key (shown once), one in a new account, revoke; clients and webhooks pages', async () => {
  const page = await open('#/keys');
  await page.locator('h1', { hasText: 'API keys' }).waitFor();
  await page.click('text=Create key');
  const secret = await page.locator('.secret code').textContent();
  expect(secret).toMatch(/^ik_test_[A-Za-z0-9]{24}$/);
  expect((await t.send(operations.getAccount.request({ ...t.connection, apiKey: secret! }, {}))).status).toBe(200);
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await eventually(async () => (await page.locator('.secret').count()) === 0, 5000, 'the page to change');
  await expect(page.content()).resolves.not.toContain(secret);
  const row = page.locator('tr', { hasText: `ik_test_…${secret!.slice(-4)}` });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await eventually(async () => (await row.count()) === 0);
  expect((await t.send(operations.getAccount.request({ ...t.connection, apiKey: secret! }, {}))).status).toBe(401);

  await page.click('text=Create key in a new account');
  await page.click('text=Use this account here');
  await page.locator('h1', { hasText: 'Invoices' }).waitFor();
  await expect(page.locator('.empty').textContent()).resolves.toMatch(/^No invoices yet/);
  await expect(page.locator('#account').textContent()).resolves.toMatch(/^Sandbox account \d+ · acct_/);

  const back = await open('#/clients');
  await back.locator('tr', { hasText: 'detail@example.com' }).first().click();
  await back.locator('h1', { hasText: 'detail@example.com' }).waitFor();
  await back.locator('table.list tbody tr').first().waitFor();
  await go(back, '#/webhooks');
  await back.locator('h1', { hasText: 'Webhooks' }).waitFor();
});

test('a GST invoice shows as a tax invoice; Settings sets the supplier, a refused GSTIN naming its character', async () => {
  // An account of its own: its supplier changes here, and the other tests' account stays in Maharashtra (27).
  const issued = t.sandbox.createAccount();
  const c = { apiKey: issued.secret, baseUrl: t.sandbox.baseUrl };
  const lines = [
    {
      description: 'Laptop stand',
      quantity: '3',
      unit: 'NOS',
      unit_price: '1,250.50',
      hsn_sac: '847330',
      gst_rate: '18',
    },
    { description: 'Assam tea', quantity: '2.5', unit: 'kg', unit_price: '480.00', hsn_sac: '0902', gst_rate: '5' },
    { description: 'Printed manual', quantity: '2', unit: 'NOS', unit_price: '350', hsn_sac: '4901', gst_rate: '0' },
  ];
  const taxInvoice = async (client: Record<string, unknown>) => {
    await runOperation(operations.createClient, c, client, t.send);
    return runOperation(
      operations.createInvoice,
      c,
      { client_email: client.email, currency: 'INR', items: lines },
      t.send,
    );
  };
  const intra = await taxInvoice({
    email: 'accounts@punetraders.example',
    name: 'Pune Traders',
    gstin: '27AAPFU0939F1ZV',
    address: { line1: '7 FC Road', city: 'Pune', state: 'Maharashtra', postal_code: '411004', country: 'IN' },
  });
  const inter = await taxInvoice({
    email: 'accounts@blrfoods.example',
    name: 'Bengaluru Foods',
    gstin: '29AAGCB7383J1Z4',
    address: { line1: '4 Residency Road', city: 'Bengaluru', state: 'Karnataka', postal_code: '560025', country: 'IN' },
  });
  const rowsOf = (page: Page) =>
    page.locator('.tax-invoice table tr').evaluateAll((rows) => rows.map((row) => (row as any).innerText.split('\t')));

  // By hand: 3 × 1,250.50 = 3,751.50; 2.5 × 480.00 = 1,200.00; 2 × 350.00 = 700.00; taxable 5,651.50.
  // Within Maharashtra: CGST = SGST = 9 % of 3,751.50 = 337.635 → 337.64, 2.5 % of 1,200.00 = 30.00; 367.64 each.
  // To Karnataka: IGST 18 % of 3,751.50 = 675.27, 5 % of 1,200.00 = 60.00; 735.27.
  const page = await open(`#/invoices/${intra.id}`, issued.secret);
  await page.locator('.tax-invoice h2', { hasText: `Tax Invoice ${intra.number}` }).waitFor();
  await expect(page.locator('h2', { hasText: 'Line items' }).count()).resolves.toBe(0);
  await expect(rowsOf(page)).resolves.toEqual([
    ['Description', 'HSN/SAC Code', 'Quantity', 'Unit Price', 'GST Rate', 'Taxable Value', 'CGST', 'SGST'].map((word) =>
      word.toUpperCase(),
    ),
    ['Laptop stand', '847330', '3 NOS', '₹1,250.50', '18 %', '₹3,751.50', '₹337.64', '₹337.64'],
    ['Assam tea', '0902', '2.5 kg', '₹480.00', '5 %', '₹1,200.00', '₹30.00', '₹30.00'],
    ['Printed manual', '4901', '2 NOS', '₹350.00', '0 %', '₹700.00', '₹0.00', '₹0.00'],
    ['TOTAL', '₹5,651.50', '₹367.64', '₹367.64'],
  ]);
  const section = page.locator('.tax-invoice');
  await expect(section.locator('dl.tax-totals').innerText()).resolves.toMatch(
    /Taxable Value\s+₹5,651\.50\s+CGST\s+₹367\.64\s+SGST\s+₹367\.64\s+Total Tax\s+₹735\.28\s+Total with Tax\s+₹6,386\.78/,
  );
  const parties = await section.locator('address').allInnerTexts();
  expect(parties[0]).toMatch(
    /^From\nSandbox account \d+\n1 Example Road\nPune, Maharashtra 411001\nIndia\nSupplier GSTIN 27/,
  );
  expect(parties[1]).toBe(
    'Bill to\nPune Traders\n7 FC Road\nPune, Maharashtra 411004\nIndia\naccounts@punetraders.example\nClient GSTIN 27AAPFU0939F1ZV',
  );
  await expect(section.innerText()).resolves.toContain('Place of Supply: Maharashtra (27) · Reverse Charge: No');
  await expect(section.locator('.signatory').innerText()).resolves.toMatch(
    /^For Sandbox account \d+\nAuthorised signatory$/,
  );
  await page.screenshot({ path: path.join(SHOTS, 'dashboard-tax-invoice-intra.png'), fullPage: true });

  await go(page, `#/invoices/${inter.id}`);
  await page.locator('.tax-invoice h2', { hasText: `Tax Invoice ${inter.number}` }).waitFor();
  const interRows = await rowsOf(page);
  expect(interRows[0]).toEqual([
    'DESCRIPTION',
    'HSN/SAC CODE',
    'QUANTITY',
    'UNIT PRICE',
    'GST RATE',
    'TAXABLE VALUE',
    'IGST',
  ]);
  expect(interRows[1]).toEqual(['Laptop stand', '847330', '3 NOS', '₹1,250.50', '18 %', '₹3,751.50', '₹675.27']);
  expect(interRows[4]).toEqual(['TOTAL', '₹5,651.50', '₹735.27']);
  await expect(section.innerText()).resolves.toContain('Place of Supply: Karnataka (29)');
  await expect(section.locator('dl.tax-totals').innerText()).resolves.toMatch(
    /IGST\s+₹735\.27\s+Total Tax\s+₹735\.27\s+Total with Tax\s+₹6,386\.77/,
  );
  await page.screenshot({ path: path.join(SHOTS, 'dashboard-tax-invoice-inter.png'), fullPage: true });

  // Settings, opened from the account's name at the top: a mistyped GSTIN is refused under its field, naming the
  // character; nothing changes.
  await page.click('#account');
  await page.locator('form.settings').waitFor();
  await page.fill('input[name=gstin]', '29AAGCB7383J1Z5');
  await page.click('form.settings button[type=submit]');
  const gstinError = page.locator('[data-field=gstin] .error');
  await gstinError.waitFor();
  await expect(gstinError.textContent()).resolves.toContain(
    'GSTIN has the check character "5" at position 15, but the first 14 characters give "4"',
  );
  expect((await runOperation(operations.getAccount, c, {}, t.send)).gstin).toMatch(/^27/);
  await page.screenshot({ path: path.join(SHOTS, 'dashboard-settings.png'), fullPage: true });
  await page.fill('input[name=gstin]', '29AAGCB7383J1Z4');
  for (const [name, value] of [
    ['address.line1', '4 Residency Road'],
    ['address.city', 'Bengaluru'],
    ['address.state', 'Karnataka'],
    ['address.postal_code', '560025'],
  ])
    await page.fill(`input[name="${name}"]`, value);
  await page.click('form.settings button[type=submit]');
  await page.locator('#status', { hasText: 'Saved' }).waitFor();
  await expect(runOperation(operations.getAccount, c, {}, t.send)).resolves.toMatchObject({
    gstin: '29AAGCB7383J1Z4',
    state: '29',
    address: { line1: '4 Residency Road', city: 'Bengaluru', state: 'Karnataka', postal_code: '560025', country: 'IN' },
  });
  await expect(page.locator('[data-field=gstin] .error').isHidden()).resolves.toBe(true);
  // The invoice already issued keeps its supplier: still Maharashtra, still CGST + SGST.
  await go(page, `#/invoices/${intra.id}`);
  await page.locator('.tax-invoice h2', { hasText: `Tax Invoice ${intra.number}` }).waitFor();
  await expect(page.locator('.tax-invoice address').first().innerText()).resolves.toContain('Pune, Maharashtra 411001');
  await expect(rowsOf(page)).resolves.toContainEqual(['TOTAL', '₹5,651.50', '₹367.64', '₹367.64']);
  // At 420 px the eight columns scroll inside the tax invoice; the page itself does not run off the side.
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(100);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
});

test('420 px: nothing runs off the side; list, invoice and event pages screenshotted at both widths', async () => {
  const created = await invoice({
    client_email: 'phone.user@example.com',
    items: [
      { description: 'Website design', amount: 150000 },
      { description: 'Hosting, one year', amount: 24000 },
    ],
  });
  const event = (
    await t.send(operations.simulatePayment.request(t.connection, { invoice_id: created.id, ...{ amount: 50000 } }))
  ).body as any;
  const shots: Array<[string, string]> = [
    ['invoices', '#/invoices'],
    ['invoice', `#/invoices/${created.id}`],
    ['event', `#/events/${event.id}`],
  ];
  for (const [viewport, suffix] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    const page = await open();
    await page.setViewportSize(viewport);
    for (const [name, hash] of shots) {
      await go(page, hash);
      await page
        .locator(name === 'invoices' ? 'table.list' : 'dl.facts')
        .first()
        .waitFor();
      await page.waitForTimeout(100);
      const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      expect([name, width <= viewport.width]).toEqual([name, true]);
      if (name === 'invoice') {
        for (const button of await page.locator('[aria-label=Simulate] button').all()) {
          const box = (await button.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        }
      }
      if (name !== 'event' || suffix === 'phone')
        await page.screenshot({ path: path.join(SHOTS, `${name}-${suffix}.png`), fullPage: true });
    }
  }
});
