/**
 * docs/n8n-example-workflow.json, the workflow the README tells n8n users to import: it must parse, name
 * our built package's node types with parameters the nodes accept, reference only fields our records
 * have, and work: a real invoice.paid from the sandbox starts it, its Reconcile Payment step reads the
 * payment back from the service's ledger, and its Get Client step finds the payer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { NodeHelpers, type INode, type INodeType } from 'n8n-workflow';

import { flattenEvent, samplePresentedPayment, sampleEvents } from '../../shared';
import { TriggerHost } from '../n8n/harness';
import { operations, setUp, type Setup } from '../n8n/support';

interface WorkflowFile {
  name: string;
  nodes: INode[];
  connections: Record<string, { main: Array<Array<{ node: string; type: string; index: number }>> }>;
}

const workflow = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../docs/n8n-example-workflow.json'), 'utf8'),
) as WorkflowFile;
const byName = new Map(workflow.nodes.map((node) => [node.name, node]));
const trigger = byName.get('Invoice Paid')!;
const reconcile = byName.get('Reconcile Payment')!;
const getClient = byName.get('Get Client')!;
const message = byName.get('Receipt Message')!;

let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

const nodeType = (node: INode) => s.pkg.nodeTypes.getByNameAndVersion(node.type, node.typeVersion) as INodeType;

test('is one workflow of four uniquely named nodes, connected trigger → Reconcile Payment → Get Client → Receipt Message', () => {
  expect(byName.size).toBe(workflow.nodes.length);
  expect(workflow.nodes.map((node) => node.type)).toEqual([
    `${s.pkg.packageName}.invoicingApiTrigger`,
    `${s.pkg.packageName}.invoicingApi`,
    `${s.pkg.packageName}.invoicingApi`,
    'n8n-nodes-base.set',
  ]);
  const edges = Object.entries(workflow.connections).flatMap(([from, { main }]) =>
    main.flat().map(({ node }) => [from, node]),
  );
  expect(edges).toEqual([
    ['Invoice Paid', 'Reconcile Payment'],
    ['Reconcile Payment', 'Get Client'],
    ['Get Client', 'Receipt Message'],
  ]);
});

test('our nodes are types the built package declares, with parameters they show and accept', () => {
  for (const node of [trigger, reconcile, getClient]) {
    const { description } = nodeType(node);
    expect(NodeHelpers.getNodeParametersIssues(description.properties, node, description)).toBeNull();
    // A parameter the node does not show for this resource/operation (a typo, say) would be dropped silently.
    const shown =
      NodeHelpers.getNodeParameters(description.properties, node.parameters, false, false, node, description) ?? {};
    expect(Object.keys(node.parameters).filter((key) => !(key in shown))).toEqual([]);
  }
  expect(trigger.parameters.events).toEqual(['invoice.paid']);
});

test('every field the expressions read exists: on the paid record, and on the client Get Client returns', () => {
  const paidRecord = flattenEvent(sampleEvents.paid);
  const text = JSON.stringify(message.parameters) + JSON.stringify(getClient.parameters);
  const fromTrigger = [...text.matchAll(/\$\('Invoice Paid'\)\.item\.json\.(\w+)/g)].map((m) => m[1]);
  expect(fromTrigger.length).toBeGreaterThan(3);
  expect(fromTrigger.filter((field) => !(field in paidRecord))).toEqual([]);
  expect(JSON.stringify(getClient.parameters)).toContain("$('Invoice Paid').item.json.client_id");
  expect(reconcile.parameters.payment_id).toBe('={{ $json.payment_id }}');
  expect('payment_id' in paidRecord).toBe(true);
  const fromPayment = [
    ...JSON.stringify(message.parameters).matchAll(/\$\('Reconcile Payment'\)\.item\.json\.(\w+)/g),
  ].map((m) => m[1]);
  expect(new Set(fromPayment)).toEqual(new Set(['upi', 'reference', 'paid_at']));
  expect(fromPayment.filter((field) => !(field in samplePresentedPayment))).toEqual([]);
  const fromClient = [...JSON.stringify(message.parameters).matchAll(/\$json\.(\w+)/g)].map((m) => m[1]);
  expect(new Set(fromClient)).toEqual(new Set(['phone', 'email', 'name']));
  for (const referenced of [...text.matchAll(/\$\('([^']+)'\)/g)].map((m) => m[1]))
    expect(byName.has(referenced)).toBe(true);
});

test('runs: a real invoice.paid starts it, Reconcile Payment reads the payment back from the ledger, Get Client finds the payer', async () => {
  const host = new TriggerHost(s.pkg, {
    node: 'invoicingApiTrigger',
    parameters: trigger.parameters,
    credentials: s.credentials,
  });
  await host.listen();
  try {
    await host.activate();
    const invoice = (
      await s.api((c) =>
        operations.createInvoice.request(c, {
          client_email: 'meera@example.com',
          currency: 'INR',
          items: [{ description: 'Logo', amount: 99900 }],
          auto_send_whatsapp: false,
        }),
      )
    ).body as { id: string; client_id: string };
    await s.api((c) => operations.simulateView.request(c, { invoice_id: invoice.id, channel: 'email' }));
    await s.api((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id, amount: undefined }));
    await s.sandbox.settled();
    // Only the payment starts the workflow: the view is not among its events.
    expect(host.started).toHaveLength(1);
    const paid = host.started[0][0][0].json;
    expect(paid).toMatchObject({ event_type: 'invoice.paid', invoice_id: invoice.id, client_id: invoice.client_id });

    const reconciled = await s.run(reconcile.parameters, { input: [paid] });
    expect(reconciled.error).toBeUndefined();
    expect(reconciled.items.map((item) => item.json)).toEqual([
      expect.objectContaining({
        id: paid.payment_id,
        object: 'payment',
        invoice_id: invoice.id,
        method: 'upi',
        amount: paid.payment_amount,
        upi: expect.objectContaining({ utr: paid.upi_utr }),
      }),
    ]);
    // Get Client reads the trigger's client_id (here given as its input, as the expression resolves it in n8n).
    const run = await s.run({ ...getClient.parameters, client_id: paid.client_id }, { input: [paid] });
    expect(run.error).toBeUndefined();
    expect(run.items.map((item) => item.json)).toEqual([
      expect.objectContaining({ id: invoice.client_id, email: 'meera@example.com' }),
    ]);
    await host.deactivate();
  } finally {
    await host.close();
  }
});
