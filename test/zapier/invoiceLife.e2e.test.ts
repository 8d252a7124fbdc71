/**
 * Issue 29 through the Zapier app against the sandbox process: Send Invoice (once per retry key), Void
 * Invoice (a paid one refused in the contract's words), Download Invoice PDF (a dehydrated file whose
 * hydrator fetches a real PDF), and the four new REST-hook triggers each fed one signed delivery.
 */
import { createAppTester } from 'zapier-platform-core';
import { operations } from '../../shared';
import App from '../../zapier/src';
import { zapierHookRequest } from './hook-request';
import { direct, sandboxSession } from './sandboxSession';
import { captureZapierLogs } from './logs';

// The trigger's reasons for dropping deliveries (z.console.log): kept for the test, not printed.
captureZapierLogs();

const appTester = createAppTester(App);
const session = sandboxSession();
const { send_invoice: sendInvoice, void_invoice: voidInvoice, download_invoice_pdf: downloadPdf } = App.creates;

const newInvoice = (email: string) =>
  appTester(App.creates.create_invoice.operation.perform, {
    authData: session.authData,
    inputData: { client_email: email, currency: 'INR', items: [{ description: 'Retainer', amount: '1,500.00' }] },
  });

test('Send Invoice with the same Prevent Duplicates Key twice sends once; the delivery says where it went', async () => {
  const invoice = await newInvoice(`zap.send.${Date.now()}@example.com`);
  const inputData = { invoice_id: invoice.id, channel: 'email', kind: 'invoice', idempotency_key: `zap-${invoice.id}` };
  const first = await appTester(sendInvoice.operation.perform, { authData: session.authData, inputData });
  expect(first).toMatchObject({ object: 'delivery', channel: 'email', to: invoice.client_email, status: 'sent' });
  const second = await appTester(sendInvoice.operation.perform, { authData: session.authData, inputData });
  expect(second).toEqual(first);
  const events = await appTester(
    direct((c) => operations.listEvents.request(c, { type: 'invoice.sent', limit: 100 })),
    { authData: session.authData },
  );
  expect(events.data.filter((event: any) => event.data.invoice.id === invoice.id)).toHaveLength(1);
});

test("Void Invoice voids an open invoice and refuses a paid one with the contract's words", async () => {
  const open = await newInvoice(`zap.void.${Date.now()}@example.com`);
  await expect(
    appTester(voidInvoice.operation.perform, { authData: session.authData, inputData: { invoice_id: open.id } }),
  ).resolves.toMatchObject({ status: 'void', amount_remaining: 0 });
  const paid = await newInvoice(`zap.void.${Date.now()}@example.com`);
  await appTester(
    direct((c) => operations.simulatePayment.request(c, { invoice_id: paid.id })),
    { authData: session.authData },
  );
  await expect(
    appTester(voidInvoice.operation.perform, { authData: session.authData, inputData: { invoice_id: paid.id } }),
  ).rejects.toThrow(`${paid.number} cannot be voided: ₹1,500.00 of ₹1,500.00 has been paid.`);
});

test('Download Invoice PDF answers a dehydrated file named by the invoice number', async () => {
  const invoice = await newInvoice(`zap.pdf.${Date.now()}@example.com`);
  const answer = await appTester(downloadPdf.operation.perform, {
    authData: session.authData,
    inputData: { invoice_id: invoice.id },
  });
  expect(answer).toMatchObject({ id: invoice.id, number: invoice.number, file_name: `${invoice.number}.pdf` });
  expect(answer.file).toMatch(/^hydrate\|\|\|.*hydrateInvoicePdf.*\|\|\|hydrate$/);
});

test('Invoice Sent, Invoice Delivery Failed, Invoice Overdue and Invoice Voided each start one Zap for their event', async () => {
  const keys = ['invoice_sent', 'invoice_delivery_failed', 'invoice_overdue', 'invoice_voided'] as const;
  const subscriptions = new Map<string, any>();
  for (const key of keys) {
    subscriptions.set(
      key,
      await appTester(App.triggers[key].operation.performSubscribe, {
        authData: session.authData,
        targetUrl: session.receiver.url,
      }),
    );
  }
  const invoice = await newInvoice(`zap.events.${Date.now()}@example.com`);
  await appTester(sendInvoice.operation.perform, {
    authData: session.authData,
    inputData: { invoice_id: invoice.id, channel: 'email' },
  });
  await appTester(
    direct((c) => operations.simulateDeliveryFailure.request(c, { channel: 'whatsapp', failure_code: 'no_credits' })),
    { authData: session.authData },
  );
  await appTester(sendInvoice.operation.perform, {
    authData: session.authData,
    inputData: { invoice_id: invoice.id, channel: 'whatsapp' },
  });
  await appTester(
    direct((c) => operations.simulateOverdue.request(c, { invoice_id: invoice.id, days: 2 })),
    { authData: session.authData },
  );
  await appTester(voidInvoice.operation.perform, { authData: session.authData, inputData: { invoice_id: invoice.id } });
  const deliveries = await session.receiver.waitFor(4);
  const started: Record<string, unknown[]> = Object.fromEntries(keys.map((key) => [key, []]));
  for (const delivery of deliveries) {
    const rawRequest = zapierHookRequest(delivery.headers as never, delivery.rawBody).rawRequest;
    for (const key of keys) {
      const out = await appTester(App.triggers[key].operation.perform, {
        authData: session.authData,
        subscribeData: subscriptions.get(key),
        rawRequest,
        cleanedRequest: JSON.parse(rawRequest.content),
      });
      started[key].push(...out);
    }
  }
  expect(started.invoice_sent).toEqual([
    expect.objectContaining({ event_type: 'invoice.sent', invoice_id: invoice.id, delivery_channel: 'email' }),
  ]);
  expect(started.invoice_delivery_failed).toEqual([
    expect.objectContaining({
      failure_code: 'no_credits',
      failure_message: 'The account has no WhatsApp messaging credits left. Top up in the dashboard and send again.',
    }),
  ]);
  expect(started.invoice_overdue).toEqual([
    expect.objectContaining({ days_overdue: 2, upi_link: expect.stringMatching(/^upi:\/\/pay\?pa=/) }),
  ]);
  expect(started.invoice_voided).toEqual([
    expect.objectContaining({ invoice_status: 'void', voided_at: expect.any(String) }),
  ]);
});

test('Invoice Overdue by Days lists each invoice exactly that many days overdue once per day; paid ones never', async () => {
  const [week, paid, other] = await Promise.all(
    ['week', 'paid', 'other'].map((name) => newInvoice(`zap.days.${name}.${Date.now()}@example.com`)),
  );
  for (const [invoice, days] of [
    [week, 7],
    [paid, 7],
    [other, 3],
  ] as const)
    await appTester(
      direct((c) => operations.simulateOverdue.request(c, { invoice_id: invoice.id, days })),
      {
        authData: session.authData,
      },
    );
  await appTester(
    direct((c) => operations.simulatePayment.request(c, { invoice_id: paid.id })),
    {
      authData: session.authData,
    },
  );
  const { invoice_overdue_days: trigger } = App.triggers;
  const records = await appTester(trigger.operation.perform, {
    authData: session.authData,
    inputData: { days_overdue: '7' },
  });
  const mine = records.filter((record: any) => [week.id, paid.id, other.id].includes(record.invoice_id));
  expect(mine).toEqual([
    expect.objectContaining({
      id: `${week.id}:7:${mine[0]?.due_date}`,
      invoice_id: week.id,
      event_type: 'invoice.overdue',
      days_overdue: 7,
      amount_remaining_formatted: '₹1,500.00',
    }),
  ]);
  expect(mine[0].upi_link).toMatch(/^upi:\/\/pay\?/);
  await expect(
    appTester(trigger.operation.perform, { authData: session.authData, inputData: { days_overdue: '0' } }),
  ).rejects.toThrow(/Days Overdue must be a whole number of days from 1 to 365/);
});
