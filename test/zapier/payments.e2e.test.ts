/**
 * Issue 16 through the Zapier app against the sandbox (a separate process, real sockets, no nock): the
 * client-sync triggers fed the sandbox's own signed deliveries, Record Payment and Find Payment.
 */
import { createAppTester } from 'zapier-platform-core';
import { operations } from '../../shared';
import App from '../../zapier/src';
import { direct, sandboxSession } from './sandboxSession';
import { zapierHookRequest } from './hook-request';
import { captureZapierLogs } from './logs';

// The trigger's reasons for dropping deliveries (z.console.log): kept for the test, not printed.
captureZapierLogs();

const appTester = createAppTester(App);
const { invoice_created: newInvoice, client_created: newClient, client_updated: updatedClient } = App.triggers;
const { record_payment: recordPayment } = App.creates;
const { find_payment: findPayment } = App.searches;
const session = sandboxSession();

/** Every trigger's perform on one delivery: only `expected` starts a Zap. */
async function performAll(
  delivery: { headers: Record<string, unknown>; rawBody: string },
  subscriptions: Map<string, unknown>,
) {
  const rawRequest = zapierHookRequest(delivery.headers as never, delivery.rawBody).rawRequest;
  const cleanedRequest = JSON.parse(rawRequest.content);
  const outputs: Record<string, unknown[]> = {};
  for (const trigger of [newInvoice, newClient, updatedClient]) {
    outputs[trigger.key] = await appTester(trigger.operation.perform, {
      authData: session.authData,
      subscribeData: subscriptions.get(trigger.key) as never,
      rawRequest,
      cleanedRequest,
    });
  }
  return outputs;
}

test('a client created and changed in the service, and an invoice for it, start New Client, Updated Client and New Invoice', async () => {
  const subscriptions = new Map<string, unknown>();
  for (const trigger of [newInvoice, newClient, updatedClient]) {
    subscriptions.set(
      trigger.key,
      await appTester(trigger.operation.performSubscribe, {
        authData: session.authData,
        targetUrl: session.receiver.url,
      }),
    );
  }
  const email = `crm.${Date.now()}@example.com`;
  const client = await appTester(App.creates.create_client.operation.perform, {
    authData: session.authData,
    inputData: { email, name: 'Ravi Kumar' },
  });
  await session.receiver.waitFor(1);
  await appTester(App.creates.update_client.operation.perform, {
    authData: session.authData,
    inputData: { client_id: client.id, phone: '+91 98765 43210' },
  });
  await session.receiver.waitFor(2);
  const invoice = await appTester(App.creates.create_invoice.operation.perform, {
    authData: session.authData,
    inputData: { client_email: email, currency: 'INR', items: [{ description: 'Retainer', amount: '5,000.00' }] },
  });
  const deliveries = await session.receiver.waitFor(3);

  const created = await performAll(deliveries[0], subscriptions);
  expect(created).toEqual({
    invoice_created: [],
    client_updated: [],
    client_created: [
      expect.objectContaining({
        event_type: 'client.created',
        client_id: client.id,
        client_email: email,
        client_name: 'Ravi Kumar',
      }),
    ],
  });
  const updated = await performAll(deliveries[1], subscriptions);
  expect(updated).toEqual({
    invoice_created: [],
    client_created: [],
    client_updated: [
      expect.objectContaining({
        client_id: client.id,
        client_phone: '+919876543210',
        changed_fields: 'phone',
        previous_phone: null,
      }),
    ],
  });
  const invoiced = await performAll(deliveries[2], subscriptions);
  expect(invoiced).toEqual({
    client_created: [],
    client_updated: [],
    invoice_created: [
      expect.objectContaining({
        invoice_id: invoice.id,
        invoice_number: invoice.number,
        amount_due_formatted: '₹5,000.00',
      }),
    ],
  });
  // A repeat of the same delivery starts nothing.
  expect((await performAll(deliveries[0], subscriptions)).client_created).toEqual([]);
  // The editor's test reads the same records back from /v1/events.
  await expect(appTester(newClient.operation.performList, { authData: session.authData })).resolves.toContainEqual(
    created.client_created[0],
  );
  for (const trigger of [newInvoice, newClient, updatedClient]) {
    await appTester(trigger.operation.performUnsubscribe, {
      authData: session.authData,
      subscribeData: subscriptions.get(trigger.key) as never,
    });
  }
});

test('a bank transfer recorded, a UPI payment found by its UTR, a repeated UTR refused in words', async () => {
  const invoice = await appTester(App.creates.create_invoice.operation.perform, {
    authData: session.authData,
    inputData: {
      client_email: `books.${Date.now()}@example.com`,
      currency: 'INR',
      items: [{ description: 'Audit', amount: '3000' }],
    },
  });
  const transfer = await appTester(recordPayment.operation.perform, {
    authData: session.authData,
    inputData: {
      invoice_id: invoice.id,
      method: 'bank_transfer',
      amount: '1,000.00',
      reference: 'HDFCN52026112012345',
      paid_at: '2026-11-20',
      note: '',
    },
  });
  expect(transfer).toMatchObject({
    object: 'payment',
    invoice_id: invoice.id,
    method: 'bank_transfer',
    amount: 100000,
    amount_formatted: '₹1,000.00',
    upi: null,
    reference: 'HDFCN52026112012345',
    paid_at: '2026-11-20T00:00:00Z',
  });
  await expect(
    appTester(findPayment.operation.perform, {
      authData: session.authData,
      inputData: { reference: 'hdfcn52026112012345' },
    }),
  ).resolves.toEqual([transfer]);

  const paid = await appTester(
    direct((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id, amount: 50000 })),
    { authData: session.authData },
  );
  const utr = paid.data.payment.upi.utr as string;
  await expect(
    appTester(findPayment.operation.perform, { authData: session.authData, inputData: { utr } }),
  ).resolves.toEqual([
    expect.objectContaining({
      id: paid.data.payment.id,
      method: 'upi',
      amount_formatted: '₹500.00',
      invoice_id: invoice.id,
    }),
  ]);
  await expect(
    appTester(findPayment.operation.perform, { authData: session.authData, inputData: { utr: '400000000999' } }),
  ).resolves.toEqual([]);

  const repeated = appTester(recordPayment.operation.perform, {
    authData: session.authData,
    inputData: { invoice_id: invoice.id, method: 'upi', amount: '1', utr },
  });
  await expect(repeated).rejects.toThrow(new RegExp(`${utr} is already recorded`));
  const over = appTester(recordPayment.operation.perform, {
    authData: session.authData,
    inputData: { invoice_id: invoice.id, method: 'cash', amount: '2,000.00' },
  });
  await expect(over).rejects.toThrow(/at most the amount remaining.*150000/);
  const missing = appTester(recordPayment.operation.perform, {
    authData: session.authData,
    inputData: { invoice_id: invoice.id, method: 'upi', amount: '1.00' },
  });
  await expect(missing).rejects.toThrow(/UPI Reference \(UTR\) is required when the payment method is upi/);
});
