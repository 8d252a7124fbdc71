/**
 * `npm run screenshots`: pictures for n8n/README.md from the real editor. Starts the cached n8n server
 * (install-n8n.mjs) with the packed package and a sandbox credential, builds a workflow with the
 * Invoicing API node on Invoice → Create and one with the trigger, opens each node's panel in headless
 * Chromium and saves docs/images/n8n-*.png; then opens the client picker with a search typed, and Record
 * Payment with an amount written as people write it.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from 'playwright-core';

import { runScript, signedInPage, startEditor } from './editor-browser';
import { liveSandbox, sandboxApi, sandboxKey } from './sandbox';
import { operations } from '../../shared';
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

/** Opens a node's client picker ("From List") and types a search into it, as a user looks for a client. */
async function openPicker(
  page: Page,
  url: string,
  nodeName: string,
  parameter: string,
  search: string,
  file: string,
): Promise<void> {
  await page.goto(url);
  const node = page.locator('[data-test-id="canvas-node"]', { hasText: nodeName }).first();
  await node.waitFor({ timeout: 60_000 });
  await node.dblclick();
  await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 30_000 });
  const field = page.locator(`[data-test-id="parameter-input-${parameter}"]`).first();
  // The second input is the list itself (the first picks the mode: From List, By ID, By URL).
  await field.locator('input').nth(1).click();
  await page.waitForTimeout(1500);
  await page.keyboard.type(search, { delay: 80 });
  await page.waitForTimeout(2500);
  await page.screenshot({ path: path.join(images, file) });
  process.stdout.write(`saved docs/images/${file}\n`);
}

async function main(): Promise<void> {
  const sandbox = await liveSandbox();
  const { n8n, browser, close } = await startEditor('screenshots', tarball);
  try {
    const credential = await n8n.createCredential('Invoicing API (sandbox)', CREDENTIAL, {
      apiKey: sandboxKey(sandbox),
      baseUrl: sandbox.baseUrl,
    });
    const action = await n8n.createWorkflow({
      name: 'Invoice from an order',
      nodes: [
        {
          id: 'c0000000-0000-4000-8000-000000000001',
          name: 'Start',
          type: 'n8n-nodes-base.manualTrigger',
          typeVersion: 1,
          position: [0, 0],
          parameters: {},
        },
        {
          id: 'c0000000-0000-4000-8000-000000000002',
          name: 'Create Invoice',
          type: `${PACKAGE}.invoicingApi`,
          typeVersion: 2,
          position: [240, 0],
          credentials: { [CREDENTIAL]: credential },
          parameters: {
            resource: 'invoice',
            operation: 'create',
            currency: 'INR',
            itemsInput: 'fields',
            client_email: {
              __rl: true,
              mode: 'list',
              value: 'ana@example.com',
              cachedResultName: 'Ana Sharma · ana@example.com',
            },
            items: {
              item: [
                { description: 'Website design, May', amount: '15,000.00' },
                { description: 'Hosting, May', amount: '2,500.00' },
              ],
            },
            auto_send_whatsapp: true,
          },
        },
      ],
      connections: { Start: { main: [[{ node: 'Create Invoice', type: 'main', index: 0 }]] } },
    });
    const trigger = await n8n.createWorkflow(triggerWorkflow('When an invoice is paid', credential));
    for (const [email, name] of [
      ['ana@example.com', 'Ana Sharma'],
      ['anand.rao@example.com', 'Anand Rao'],
      ['ravi@example.com', 'Ravi Kumar'],
      ['meera@example.com', 'Meera Iyer'],
      ['hello@shantanu.studio', 'Shantanu Studio'],
    ]) {
      await sandboxApi(sandbox, (c) => operations.createClient.request(c, { email, name }));
    }
    const owed = await sandboxApi(sandbox, (c) =>
      operations.createInvoice.request(c, {
        client_email: 'ana@example.com',
        currency: 'INR',
        items: [
          { description: 'Website design, May', amount: 1500000 },
          { description: 'Hosting, May', amount: 250000 },
        ],
      }),
    );
    const node = (id: string, name: string, parameters: Record<string, unknown>) => ({
      id,
      name,
      type: `${PACKAGE}.invoicingApi`,
      typeVersion: 2,
      position: [240, 0],
      credentials: { [CREDENTIAL]: credential },
      parameters,
    });
    const start = {
      id: 'c1000000-0000-4000-8000-000000000001',
      name: 'Start',
      type: 'n8n-nodes-base.manualTrigger',
      typeVersion: 1,
      position: [0, 0],
      parameters: {},
    };
    const picker = await n8n.createWorkflow({
      name: 'Update a client',
      nodes: [
        start,
        node('c1000000-0000-4000-8000-000000000002', 'Update Client', {
          resource: 'client',
          operation: 'update',
          client_id: { __rl: true, mode: 'list', value: '' },
        }),
      ],
      connections: { Start: { main: [[{ node: 'Update Client', type: 'main', index: 0 }]] } },
    });
    const payment = await n8n.createWorkflow({
      name: 'Record a bank transfer',
      nodes: [
        start,
        node('c1000000-0000-4000-8000-000000000003', 'Record Payment', {
          resource: 'payment',
          operation: 'record',
          method: 'bank_transfer',
          amount: '1,500.00',
          invoice_id: {
            __rl: true,
            mode: 'list',
            value: owed.id,
            cachedResultName: `${owed.number} · ana@example.com · ₹17,500.00 due · open`,
            cachedResultUrl: owed.hosted_url,
          },
          additionalFields: { reference: 'HDFCN52026112012345' },
        }),
      ],
      connections: { Start: { main: [[{ node: 'Record Payment', type: 'main', index: 0 }]] } },
    });

    mkdirSync(images, { recursive: true });
    const page = await signedInPage(browser, n8n, { width: 1440, height: 900 });
    await openNode(page, `${n8n.url}/workflow/${action.id}`, 'Create Invoice', 'n8n-create-invoice.png');
    await openNode(page, `${n8n.url}/workflow/${trigger.id}`, TRIGGER, 'n8n-trigger.png');
    await openNode(page, `${n8n.url}/workflow/${payment.id}`, 'Record Payment', 'n8n-record-payment.png');
    await openPicker(
      page,
      `${n8n.url}/workflow/${picker.id}`,
      'Update Client',
      'client_id',
      'an',
      'n8n-client-picker.png',
    );
  } finally {
    await close();
    await sandbox.close();
  }
}

runScript(main);
