/**
 * The trigger's type version 2 exists for n8n's sake only (a version-1 start node makes n8n evaluate an
 * expression on every delivery): a workflow saved on version 1 and one on version 2 register, verify and
 * start alike, each against its own sandbox, and new workflows get version 2.
 */
import { createHmac } from 'node:crypto';

import type { INodeType } from 'n8n-workflow';

import { TriggerHost } from './harness';
import { operations, setUp, type Setup } from './support';

async function deliveriesAt(typeVersion: number) {
  const s: Setup = await setUp();
  const host = new TriggerHost(s.pkg, {
    node: 'invoicingApiTrigger',
    parameters: { events: ['invoice.paid'] },
    credentials: s.credentials,
    typeVersion,
  });
  await host.listen();
  try {
    expect(await host.activate()).toEqual({ existed: false });
    const invoice = (
      await s.api((c) =>
        operations.createInvoice.request(c, {
          client_email: 'payer@example.com',
          currency: 'INR',
          items: [{ description: 'Design', amount: 150000 }],
          auto_send_whatsapp: false,
        }),
      )
    ).body as { id: string };
    await s.api((c) => operations.simulateView.request(c, { invoice_id: invoice.id }));
    await s.api((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id, amount: 50000 }));
    await s.sandbox.settled();
    // A forged delivery: signed with another secret.
    const body = JSON.stringify({ id: 'evt_forged', type: 'invoice.paid', data: {} });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', 'not-the-secret').update(`msg_forged.${timestamp}.${body}`).digest('base64');
    const forged = await fetch(host.webhookUrl, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': timestamp,
        'webhook-signature': `v1,${signature}`,
      },
    });
    const { event: _event, ...record } = host.started[0][0][0].json;
    return {
      started: host.started.length,
      answers: host.answers,
      forged: forged.status,
      record,
      invoiceId: invoice.id,
      deactivated: await host.deactivate(),
    };
  } finally {
    await host.close();
    await s.close();
  }
}

test('a workflow saved on version 1 and one on version 2 behave the same', async () => {
  const [v1, v2] = [await deliveriesAt(1), await deliveriesAt(2)];
  expect(v1.started).toBe(1);
  expect(v1.forged).toBe(401);
  expect(v1.record).toMatchObject({ event_type: 'invoice.paid', invoice_id: v1.invoiceId, payment_amount: 50000 });
  expect(v1.deactivated).toBe(true);
  // What differs between two sandboxes by chance (ids, times, the URL, the payer UPI details) is compared by type.
  const comparable = (run: typeof v1) => ({
    ...run,
    invoiceId: undefined,
    record: Object.fromEntries(
      Object.entries(run.record).map(([key, value]) => [
        key,
        /(^|_)(id|at)$/.test(key) || ['invoice_number', 'invoice_url', 'upi_utr', 'upi_vpa'].includes(key)
          ? typeof value
          : value,
      ]),
    ),
  });
  expect(comparable(v2)).toEqual(comparable(v1));
});

test('new workflows get version 2; version 1 stays loadable', async () => {
  const s = await setUp();
  try {
    const { description } = s.pkg.nodeTypes.getByName(s.pkg.typeName('invoicingApiTrigger')) as INodeType;
    expect(description.version).toEqual([1, 2]);
    expect(description.defaultVersion).toBe(2);
    for (const version of [1, 2]) {
      expect(
        s.pkg.nodeTypes.getByNameAndVersion(s.pkg.typeName('invoicingApiTrigger'), version).description.webhooks,
      ).toHaveLength(1);
    }
  } finally {
    await s.close();
  }
});
