/**
 * The sandbox serves docs/openapi.json at /openapi.json, and the dashboard links an API reference page that
 * renders it in real Chromium from files the sandbox serves itself (no request leaves the machine).
 * The screenshot goes to docs/screenshots/ with SCREENSHOTS=docs, else to a temporary folder.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../sandbox';

const SHOTS =
  process.env.SCREENSHOTS === 'docs'
    ? path.resolve(__dirname, '../../docs/screenshots')
    : mkdtempSync(path.join(tmpdir(), 'reference-shots-'));
const committed = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'));

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

test('GET /openapi.json is the committed document, with this sandbox first among its servers', async () => {
  const response = await fetch(`${sandbox.baseUrl}/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const served = (await response.json()) as typeof committed;
  expect(served.servers[0]).toEqual({ url: sandbox.baseUrl, description: 'This sandbox' });
  expect({ ...served, servers: served.servers.slice(1) }).toEqual(committed);
});

test('the dashboard links the API reference, which renders every endpoint and webhook from local files only', async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const requested: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${sandbox.dashboardUrl}#key=${sandbox.testKey}`);
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(`${sandbox.baseUrl}/api-reference`);
    await page.locator('.opblock-summary-path', { hasText: '/v1/invoices/{invoice_id}/payments' }).first().waitFor();
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    const operations = Object.values(committed.paths).reduce(
      (count: number, item) => count + Object.keys(item as object).length,
      0,
    );
    // Swagger UI shows webhooks as operations too, one per event.
    expect(paths.length).toBe(operations + Object.keys(committed.webhooks).length);
    expect(await page.locator('.opblock-summary-path', { hasText: 'invoice.paid' }).count()).toBe(1);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'sandbox-api-reference.png') });
    await page
      .locator('.opblock-summary-path', { hasText: /^\/v1\/invoices$/ })
      .first()
      .click();
    await page.locator('.opblock.is-open .opblock-body').first().waitFor();
    const opened = (await page.locator('.opblock.is-open').first().boundingBox())!;
    await page.screenshot({
      path: path.join(SHOTS, 'sandbox-api-reference-create-invoice.png'),
      fullPage: true,
      clip: { x: 0, y: opened.y - 10, width: 1280, height: 1100 },
    });
    expect(requested.filter((url) => !url.startsWith(sandbox.baseUrl))).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});
