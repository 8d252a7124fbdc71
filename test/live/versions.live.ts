/**
 * Saved work keeps its meaning in a real n8n server (issue 32, docs/architecture.md "Versioning"): a
 * workflow exported before Amounts Are In existed (action node type version 1, item amounts in paise, no
 * amount_unit) is imported and run, and still sends paise; a new workflow (type version 2) reads amounts
 * in currency units. Run on both supported lines at once: `npm run test:live -- test/live/versions.live.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { operations } from '../../shared';
import type { Sandbox } from '../../sandbox';
import type { N8nServer } from './n8n-server';
import { liveArtefacts, sandboxCredential, startN8nWithPackage } from './single';
import { progress } from './processes';
import { liveSandbox, sandboxApi } from './sandbox';
import { Counts } from './table';
import { CREDENTIAL, PACKAGE } from './workflows';

const { install, tarball } = liveArtefacts();
const counts = new Counts();
const work = mkdtempSync(path.join(tmpdir(), 'invoicing-live-versions-'));
let sandbox: Sandbox;
let n8n: N8nServer;
let credential: { id: string; name: string };

/** A one-node workflow as n8n exports it: the manual trigger, then Create Invoice on `typeVersion`. */
function invoiceWorkflow(name: string, typeVersion: number, email: string, amount: string) {
  return {
    name,
    nodes: [
      {
        id: 'e0000000-0000-4000-8000-000000000001',
        name: 'Start',
        type: 'n8n-nodes-base.manualTrigger',
        typeVersion: 1,
        position: [0, 0],
        parameters: {},
      },
      {
        id: 'e0000000-0000-4000-8000-000000000002',
        name: 'Create Invoice',
        type: `${PACKAGE}.invoicingApi`,
        typeVersion,
        position: [240, 0],
        credentials: { [CREDENTIAL]: credential },
        parameters: {
          resource: 'invoice',
          operation: 'create',
          client_email: email,
          currency: 'INR',
          itemsInput: 'fields',
          items: { item: [{ description: 'Website design', amount }] },
        },
      },
    ],
    connections: { Start: { main: [[{ node: 'Create Invoice', type: 'main', index: 0 }]] } },
  };
}

async function amountsSent(workflow: ReturnType<typeof invoiceWorkflow>, email: string): Promise<number[]> {
  const saved = await n8n.createWorkflow(workflow);
  await n8n.cli(['execute', `--id=${saved.id}`]);
  const invoices = (await sandboxApi(sandbox, (c) => operations.listInvoices.request(c, { client_email: email })))
    .data as any[];
  return invoices.flatMap((invoice) => (invoice.items as Array<{ amount: number }>).map((item) => item.amount));
}

beforeAll(async () => {
  sandbox = await liveSandbox();
  n8n = await startN8nWithPackage(install, tarball, path.join(work, 'instance'));
  credential = await sandboxCredential(n8n, sandbox);
}, 300_000);

afterAll(async () => {
  await n8n?.stop();
  await sandbox?.close();
  counts.print(`n8n ${install.version}: saved workflows across the action node's type versions`);
  rmSync(work, { recursive: true, force: true });
}, 120_000);

test('a workflow exported before the change (version 1, amounts in paise, no Amounts Are In) still sends paise', async () => {
  const sent = await amountsSent(
    invoiceWorkflow('Saved before Amounts Are In', 1, 'v1.saved@example.com', '150000'),
    'v1.saved@example.com',
  );
  counts.record('versions', 'version 1 saved with 150000: paise sent', 1, sent[0] === 150000 ? 1 : 0);
  progress(`n8n ${install.version}: version 1 workflow sent ${sent.join(', ')}`);
  expect(sent).toEqual([150000]);
});

test('a new workflow (version 2) reads amounts in currency units: "1,50,000.00" is 15000000 paise', async () => {
  const sent = await amountsSent(
    invoiceWorkflow('New, currency units', 2, 'v2.new@example.com', '1,50,000.00'),
    'v2.new@example.com',
  );
  counts.record('versions', 'version 2 with 1,50,000.00: 15000000 sent', 1, sent[0] === 15_000_000 ? 1 : 0);
  progress(`n8n ${install.version}: version 2 workflow sent ${sent.join(', ')}`);
  expect(sent).toEqual([15_000_000]);
});
