/**
 * End to end: the app through zapier-platform-core's createAppTester against the real sandbox, and the
 * sandbox's signed deliveries to a local receiver fed to each trigger's perform as Zapier would.
 * No nock here: every request crosses a real socket on 127.0.0.1.
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
const { invoice_viewed: viewed, invoice_paid: paid, invoice_disputed: disputed } = App.triggers;
const triggers = [viewed, paid, disputed];

describe('Zapier app against the sandbox', () => {
  const session = sandboxSession();

  // The steps build on each other (jest runs them in order): one Zap builder's afternoon.
  const email = `ana.${Date.now()}@example.com`;
  let client: Awaited<ReturnType<typeof App.creates.create_client.operation.perform>>;
  let invoice: Awaited<ReturnType<typeof App.creates.create_invoice.operation.perform>>;
  const subscriptions = new Map<string, { id: string; secret: string }>();

  it('connects with a test key and labels the connection as test mode', async () => {
    const account = await appTester(App.authentication.test, { authData: session.authData });
    await expect(
      appTester(App.authentication.connectionLabel, { authData: session.authData, inputData: account }),
    ).resolves.toMatch(/ \(Test mode\)$/);
  });

  it('syncs a client: Find (none yet), Create, Find, Update', async () => {
    await expect(
      appTester(App.searches.find_client.operation.perform, { authData: session.authData, inputData: { email } }),
    ).resolves.toEqual([]);
    client = await appTester(App.creates.create_client.operation.perform, {
      authData: session.authData,
      inputData: { email, name: 'Ana Sharma', line1: '12 MG Road', city: 'Pune', postal_code: '411001', country: 'IN' },
    });
    await expect(
      appTester(App.searches.find_client.operation.perform, { authData: session.authData, inputData: { email } }),
    ).resolves.toMatchObject([{ id: client.id, address: { city: 'Pune' } }]);
    await expect(
      appTester(App.creates.update_client.operation.perform, {
        authData: session.authData,
        inputData: { client_id: client.id, phone: '+91 98123 45678' },
      }),
    ).resolves.toMatchObject({ id: client.id, phone: '+919812345678', name: 'Ana Sharma' });
  });

  it('creates an invoice with its line items in order, sent on WhatsApp, and finds it by number', async () => {
    invoice = await appTester(App.creates.create_invoice.operation.perform, {
      authData: session.authData,
      inputData: {
        client_email: email,
        currency: 'inr',
        auto_send_whatsapp: 'yes',
        idempotency_key: `order-${client.id}`,
        items: [
          { description: 'Website design, May', amount: '12,500.00' },
          { description: 'Hosting, 12 months', amount: '2400' },
        ],
      },
    });
    expect(invoice).toMatchObject({
      client_id: client.id,
      currency: 'INR',
      amount_due: 1490000,
      amount_due_formatted: '₹14,900.00',
      items: [{ description: 'Website design, May' }, { description: 'Hosting, 12 months' }],
    });
    expect(invoice.whatsapp.status).not.toBe('failed');
    await expect(
      appTester(App.searches.find_invoice.operation.perform, {
        authData: session.authData,
        inputData: { number: invoice.number },
      }),
    ).resolves.toMatchObject([{ id: invoice.id }]);
  });

  it('shows a WhatsApp send that failed (client without a phone) in the output', async () => {
    const output = await appTester(App.creates.create_invoice.operation.perform, {
      authData: session.authData,
      inputData: {
        client_email: `no.phone.${Date.now()}@example.com`,
        currency: 'USD',
        auto_send_whatsapp: true,
        items: [{ description: 'Consulting', amount: '15.00' }],
      },
    });
    expect(output.whatsapp).toMatchObject({ status: 'failed', error_code: 'client_phone_missing' });
  });

  it('subscribes all three triggers and turns each signed delivery into the right record', async () => {
    for (const trigger of triggers) {
      subscriptions.set(
        trigger.key,
        await appTester(trigger.operation.performSubscribe, {
          authData: session.authData,
          targetUrl: session.receiver.url,
        }),
      );
    }
    // The three test helpers, in order, each delivery awaited so the receiver sees them in that order.
    await appTester(
      direct((c) => operations.simulateView.request(c, { invoice_id: invoice.id, channel: 'whatsapp' })),
      { authData: session.authData },
    );
    await session.receiver.waitFor(1);
    await appTester(
      direct((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id, amount: undefined })),
      { authData: session.authData },
    );
    await session.receiver.waitFor(2);
    await appTester(
      direct((c) =>
        operations.simulateDispute.request(c, {
          invoice_id: invoice.id,
          reason: 'amount_incorrect',
          note: 'Hosting was ₹2,000',
        }),
      ),
      { authData: session.authData },
    );
    const deliveries = await session.receiver.waitFor(3);

    const expected = [
      { trigger: viewed, record: { event_type: 'invoice.viewed', invoice_status: 'viewed', view_channel: 'whatsapp' } },
      {
        trigger: paid,
        record: {
          event_type: 'invoice.paid',
          invoice_status: 'paid',
          payment_method: 'upi',
          fully_paid: true,
          payment_amount_formatted: '₹14,900.00',
          amount_remaining: 0,
        },
      },
      {
        trigger: disputed,
        record: { event_type: 'invoice.disputed', invoice_status: 'disputed', dispute_reason: 'amount_incorrect' },
      },
    ];
    for (const [index, { trigger, record }] of expected.entries()) {
      const rawRequest = zapierHookRequest(deliveries[index].headers, deliveries[index].rawBody).rawRequest;
      const cleanedRequest = JSON.parse(rawRequest.content);
      for (const other of triggers) {
        const output = await appTester(other.operation.perform, {
          authData: session.authData,
          subscribeData: subscriptions.get(other.key),
          rawRequest,
          cleanedRequest,
        });
        if (other !== trigger) {
          expect({ trigger: other.key, output }).toEqual({ trigger: other.key, output: [] });
          continue;
        }
        expect(output).toEqual([
          expect.objectContaining({
            ...record,
            id: cleanedRequest.id,
            invoice_id: invoice.id,
            invoice_number: invoice.number,
          }),
        ]);
        // The editor's test shows the same record, read back from /v1/events.
        await expect(appTester(trigger.operation.performList, { authData: session.authData })).resolves.toContainEqual(
          output[0],
        );
      }
    }
  });

  it('unsubscribes, leaving no webhook behind, and a second unsubscribe is still fine', async () => {
    for (const trigger of triggers) {
      const bundle = { authData: session.authData, subscribeData: subscriptions.get(trigger.key) };
      await expect(appTester(trigger.operation.performUnsubscribe, bundle)).resolves.toEqual({ deleted: true });
      await expect(appTester(trigger.operation.performUnsubscribe, bundle)).resolves.toEqual({ deleted: false });
    }
    await expect(
      appTester(
        direct((c) => operations.listWebhooks.request(c, {})),
        { authData: session.authData },
      ),
    ).resolves.toMatchObject({ data: [] });
  });
});
