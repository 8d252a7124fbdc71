/**
 * `npm run screenshots`: pictures for n8n/README.md from the real editor. Starts the cached n8n server
 * (install-n8n.mjs) with the packed package and a sandbox credential, builds a workflow with the
 * Invoicing API node on Invoice → Create and one with the trigger, opens each node's panel in headless
 * Chromium and saves docs/images/n8n-*.png; then opens the client picker with a search typed, Record
 * Payment with an amount written as people write it, Send with its Message choices open, Download PDF run
 * on a sandbox invoice with its Binary output, the Polling Trigger's "Invoices Overdue by Days" run on
 * an invoice a week overdue, and a GST invoice's line (its GST Rate list open, then the HSN/SAC help), its GST
 * collection, and a mistyped client GSTIN refused on Execute Step.
 *
 *   npm run screenshots                  every picture
 *   npm run screenshots -- n8n-gst       only those whose file names start so
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from 'playwright-core';

import { runScript, signedInPage, startEditor } from './editor-browser';
import { liveSandbox, sandboxApi, sandboxKey } from './sandbox';
import { clientChoice, invoiceChoice, operations, presentInvoice, type Client, type Invoice } from '../../shared';
import { CREDENTIAL, PACKAGE, POLLING_TRIGGER, TRIGGER, manualWorkflow, triggerWorkflow } from './workflows';

const root = path.resolve(__dirname, '..', '..', '..');
const images = path.join(root, 'docs', 'images');
// What `npm run build` (run first by the npm script) packed.
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const tarball = path.join(root, 'release', `${PACKAGE}-${version}.tgz`);

/** What is done in a node's open panel before the picture is taken. */
type Act = (page: Page) => Promise<void>;

/** The pictures asked for (`npm run screenshots -- <start of a file name>…`); none named: all. */
const wanted = process.argv.slice(2);

/** Opens the node's panel on the canvas, does `act` in it (nothing by default) and saves docs/images/`file`. */
async function photograph(page: Page, url: string, nodeName: string, file: string, act?: Act): Promise<void> {
  if (wanted.length && !wanted.some((start) => file.startsWith(start))) return;
  await page.goto(url);
  const node = page.locator('[data-test-id="canvas-node"]', { hasText: nodeName }).first();
  await node.waitFor({ timeout: 60_000 });
  await node.dblclick();
  await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  if (act) await act(page);
  await page.screenshot({ path: path.join(images, file) });
  process.stdout.write(`saved docs/images/${file}\n`);
}

/** A resource locator's list ("From List") opened with `search` typed into it, as a user looks for a client. */
const searchList =
  (parameter: string, search: string): Act =>
  async (page) => {
    const field = page.locator(`[data-test-id="parameter-input-${parameter}"]`).first();
    // The second input is the list itself (the first picks the mode: From List, By ID, By URL).
    await field.locator('input').nth(1).click();
    await page.waitForTimeout(1500);
    await page.keyboard.type(search, { delay: 80 });
    await page.waitForTimeout(2500);
  };

/** An options parameter's list opened, so its choices show. */
const openList =
  (parameter: string): Act =>
  async (page) => {
    await page.locator(`[data-test-id="parameter-input-${parameter}"]`).first().click();
    await page.waitForTimeout(1000);
  };

/**
 * The panel's own run button (Execute Step; Fetch Test Event on a trigger) pressed, as a user tries a node, and
 * the output shown as `display` (Binary, JSON, …) once it arrives.
 */
const execute =
  (display?: string): Act =>
  async (page) => {
    await page.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]').first().click();
    const ndv = page.locator('[data-test-id="ndv"]');
    // The output's count ("1 item") shows once the run is back; the output's tabs come after the input's.
    await ndv
      .getByText(/^\d+ items?$/)
      .first()
      .waitFor({ timeout: 60_000 });
    if (display) await ndv.getByText(display, { exact: true }).last().click();
    await page.waitForTimeout(1500);
  };

/**
 * The help of the last field `parameter` (the last line's, in a line item): the field brought to the middle of
 * the panel, its label hovered, then the help icon n8n shows beside it.
 */
const showHelp =
  (parameter: string, label: string): Act =>
  async (page) => {
    const input = page.locator(`[data-test-id="parameter-input-${parameter}"]`);
    // Items nest (the line items' collection holds each line's): the last one holding the input is the field's own.
    const item = page.locator('[data-test-id="parameter-item"]', { has: input }).last();
    await item.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(500);
    await item.getByText(label, { exact: true }).first().hover();
    await page.waitForTimeout(500);
    await item.locator('.n8n-input-label__icon, [class*="questionMark"], [class*="infoIcon"]').first().hover();
    await page.waitForTimeout(1500);
  };

/** The parameter scrolled to the top of the panel, then `act` done: a line item's fields seen from its first. */
const fromTop =
  (parameter: string, act: Act): Act =>
  async (page) => {
    await page
      .locator(`[data-test-id="parameter-input-${parameter}"]`)
      .first()
      // To the very top: any higher and a list opened below the line's last field has no room and covers the line.
      .evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(500);
    await act(page);
  };

/** Execute Step pressed on a node whose input is refused, and the error it shows awaited. */
const refused =
  (words: string | RegExp): Act =>
  async (page) => {
    await page.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]').first().click();
    await page.locator('[data-test-id="ndv"]').getByText(words).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
  };

/** An invoice as the editor keeps it once picked from the list: its ID and the list's own words for it. */
function picked(invoice: Invoice) {
  const choice = invoiceChoice(presentInvoice(invoice));
  return { __rl: true, mode: 'list', value: choice.value, cachedResultName: choice.label, cachedResultUrl: choice.url };
}

/** A client as Create Invoice's Client Email keeps it once picked from the list: the e-mail and the list's words. */
function pickedByEmail(client: Client) {
  const choice = clientChoice(client, 'email');
  return { __rl: true, mode: 'list', value: choice.value, cachedResultName: choice.label };
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
          invoice_id: picked(owed),
          additionalFields: { reference: 'HDFCN52026112012345' },
        }),
      ],
      connections: { Start: { main: [[{ node: 'Record Payment', type: 'main', index: 0 }]] } },
    });
    const send = await n8n.createWorkflow({
      name: 'Remind the client',
      nodes: [
        start,
        node('c1000000-0000-4000-8000-000000000004', 'Send Invoice', {
          resource: 'invoice',
          operation: 'send',
          invoice_id: picked(owed),
          channel: 'whatsapp',
          kind: 'reminder',
        }),
      ],
      connections: { Start: { main: [[{ node: 'Send Invoice', type: 'main', index: 0 }]] } },
    });
    const pdf = await n8n.createWorkflow({
      name: 'The invoice as a PDF',
      nodes: [
        start,
        node('c1000000-0000-4000-8000-000000000005', 'Download PDF', {
          resource: 'invoice',
          operation: 'downloadPdf',
          invoice_id: picked(owed),
        }),
      ],
      connections: { Start: { main: [[{ node: 'Download PDF', type: 'main', index: 0 }]] } },
    });
    // An invoice a week past its due date, for the overdue trigger's Fetch Test Event to find.
    const late = await sandboxApi(sandbox, (c) =>
      operations.createInvoice.request(c, {
        client_email: 'meera@example.com',
        currency: 'INR',
        items: [{ description: 'Logo design', amount: 900000 }],
      }),
    );
    await sandboxApi(sandbox, (c) => operations.simulateOverdue.request(c, { invoice_id: late.id, days: 7 }));
    const overdue = await n8n.createWorkflow({
      name: 'A week overdue',
      nodes: [
        {
          id: 'c1000000-0000-4000-8000-000000000006',
          name: POLLING_TRIGGER,
          type: `${PACKAGE}.invoicingApiPollingTrigger`,
          typeVersion: 1,
          position: [0, 0],
          credentials: { [CREDENTIAL]: credential },
          parameters: {
            triggerOn: 'overdueDays',
            days_overdue: 7,
            pollTimes: { item: [{ mode: 'everyDay', hour: 9, minute: 0 }] },
          },
        },
      ],
      connections: {},
    });

    // A GST invoice as a person fills it in: each line's particulars behind its own Add Field.
    const ravi = await sandboxApi(sandbox, (c) =>
      operations.createClient.request(c, {
        email: 'ravi@kumartraders.in',
        name: 'Ravi Kumar',
        gstin: '29AAGCB7383J1Z4',
      }),
    );
    const gst = await n8n.createWorkflow(
      manualWorkflow('A GST tax invoice', credential, {
        'Create GST Invoice': {
          resource: 'invoice',
          operation: 'create',
          currency: 'INR',
          itemsInput: 'fields',
          client_email: pickedByEmail(ravi),
          items: {
            item: [
              {
                description: 'Set-up and training, hours',
                amount: '',
                more: { quantity: '1.5', unit: 'hrs', unit_price: '1,250.50', hsn_sac: '998314', gst_rate: '5' },
              },
              {
                description: 'Rack server',
                amount: '',
                more: { unit_price: '1,50,000.00', hsn_sac: '8471 50', gst_rate: '18' },
              },
            ],
          },
          gst: { place_of_supply: '29' },
        },
      }),
    );
    const mistyped = await n8n.createWorkflow(
      manualWorkflow('A client with a mistyped GSTIN', credential, {
        'Create Client': {
          resource: 'client',
          operation: 'create',
          email: 'accounts@kumartraders.in',
          additionalFields: { name: 'Kumar Traders', gstin: '29AAGCB7383J1Z5' },
        },
      }),
    );

    mkdirSync(images, { recursive: true });
    const page = await signedInPage(browser, n8n, { width: 1440, height: 900 });
    const at = (workflow: { id: string }) => `${n8n.url}/workflow/${workflow.id}`;
    await photograph(page, at(action), 'Create Invoice', 'n8n-create-invoice.png');
    await photograph(page, at(trigger), TRIGGER, 'n8n-trigger.png');
    await photograph(page, at(payment), 'Record Payment', 'n8n-record-payment.png');
    await photograph(page, at(picker), 'Update Client', 'n8n-client-picker.png', searchList('client_id', 'an'));
    await photograph(page, at(send), 'Send Invoice', 'n8n-send-invoice.png', openList('kind'));
    await photograph(page, at(pdf), 'Download PDF', 'n8n-invoice-pdf.png', execute('Binary'));
    await photograph(page, at(overdue), POLLING_TRIGGER, 'n8n-overdue-days.png', execute());
    await photograph(
      page,
      at(gst),
      'Create GST Invoice',
      'n8n-gst-line.png',
      fromTop('description', openList('gst_rate')),
    );
    await photograph(page, at(gst), 'Create GST Invoice', 'n8n-gst-hsn-help.png', showHelp('hsn_sac', 'HSN/SAC Code'));
    await photograph(page, at(gst), 'Create GST Invoice', 'n8n-gst-place-of-supply.png', openList('place_of_supply'));
    await photograph(page, at(mistyped), 'Create Client', 'n8n-gst-refused.png', refused(/check character/));
  } finally {
    await close();
    await sandbox.close();
  }
}

runScript(main);
