/**
 * `npm run screenshots`: pictures for n8n/README.md from the real editor. Starts the cached n8n server
 * (install-n8n.mjs) with the packed package and a sandbox credential, builds a workflow with the
 * Invoicing API node on Invoice → Create and one with the trigger, opens each node's panel in headless
 * Chromium and saves docs/images/n8n-*.png.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium, type Page } from 'playwright-core';

import { installPackage, N8nServer, OWNER } from './n8n-server';
import { liveSandbox, sandboxKey } from './sandbox';
import { CREDENTIAL, PACKAGE, TRIGGER, triggerWorkflow } from './workflows';

const root = path.resolve(__dirname, '..', '..', '..');
const images = path.join(root, 'docs', 'images');
// What `npm run build` (run first by the npm script) packed.
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const tarball = path.join(root, 'release', `${PACKAGE}-${version}.tgz`);

async function openNode(page: Page, url: string, nodeName: string, file: string): Promise<void> {
  await page.goto(url);
  const node = page.locator('[data-test-id="canvas-node"]', { hasText: nodeName }).first();
  await node.waitFor({ timeout: 60_000 });
  await node.dblclick();
  await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(images, file) });
  process.stdout.write(`saved docs/images/${file}\n`);
}

async function main(): Promise<void> {
  const { installN8n } = await import('./install-n8n.mjs');
  const install = installN8n();
  const work = mkdtempSync(path.join(tmpdir(), 'invoicing-screenshots-'));
  const sandbox = await liveSandbox();
  const n8n = await N8nServer.create(install, path.join(work, 'n8n'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    installPackage(n8n.userFolder, tarball);
    await n8n.start();
    await n8n.setUpOwner();
    const credential = await n8n.createCredential('Invoicing API (sandbox)', CREDENTIAL, { apiKey: sandboxKey(sandbox), baseUrl: sandbox.baseUrl });
    const action = await n8n.createWorkflow({
      name: 'Invoice from an order',
      nodes: [
        { id: 'c0000000-0000-4000-8000-000000000001', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
        {
          id: 'c0000000-0000-4000-8000-000000000002', name: 'Create Invoice', type: `${PACKAGE}.invoicingApi`, typeVersion: 1, position: [240, 0],
          credentials: { [CREDENTIAL]: credential },
          parameters: {
            resource: 'invoice', operation: 'create', client_email: 'ana@example.com', currency: 'INR', itemsInput: 'fields',
            items: { item: [{ description: 'Website design, May', amount: '15,000.00' }, { description: 'Hosting, May', amount: '2,500.00' }] },
            auto_send_whatsapp: true,
          },
        },
      ],
      connections: { Start: { main: [[{ node: 'Create Invoice', type: 'main', index: 0 }]] } },
    });
    const trigger = await n8n.createWorkflow(triggerWorkflow('When an invoice is paid', credential));

    mkdirSync(images, { recursive: true });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${n8n.url}/signin`);
    await page.locator('input[type="email"], input[name="emailOrLdapLoginId"]').first().fill(OWNER.email);
    await page.locator('input[type="password"]').first().fill(OWNER.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 60_000 });
    await openNode(page, `${n8n.url}/workflow/${action.id}`, 'Create Invoice', 'n8n-create-invoice.png');
    await openNode(page, `${n8n.url}/workflow/${trigger.id}`, TRIGGER, 'n8n-trigger.png');
  } finally {
    await browser.close();
    await n8n.stop();
    await sandbox.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
