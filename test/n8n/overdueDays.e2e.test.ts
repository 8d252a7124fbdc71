/**
 * The Polling Trigger's "Invoices Overdue by Days", polled through n8n-core's PollContext against the sandbox:
 * each invoice exactly N days overdue starts the workflow once for that day; a paid one never; the next day's
 * invoices start it again, today's do not.
 */
import { PollHost } from './harness';
import { operations, setUp, type Setup } from './support';

let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

const host = () =>
  new PollHost(s.pkg, {
    node: 'invoicingApiPollingTrigger',
    parameters: { triggerOn: 'overdueDays', days_overdue: 7 },
    credentials: s.credentials,
  });

async function overdueInvoice(name: string, days: number): Promise<string> {
  const created = await s.api((c) =>
    operations.createInvoice.request(c, {
      client_email: `${name}@example.com`,
      currency: 'INR',
      items: [{ description: 'Work', amount: 150000 }],
      auto_send_whatsapp: false,
    }),
  );
  const id = (created.body as { id: string }).id;
  expect((await s.api((c) => operations.simulateOverdue.request(c, { invoice_id: id, days }))).status).toBe(200);
  return id;
}

test('each invoice 7 days overdue starts the workflow once; paid ones and other days never', async () => {
  const week = await overdueInvoice('week', 7);
  const paid = await overdueInvoice('paid', 7);
  await overdueInvoice('three', 3);
  await s.api((c) => operations.simulatePayment.request(c, { invoice_id: paid }));
  const poller = host();
  const items = (await poller.poll())!;
  expect(items.map((item) => [item.json.invoice_id, item.json.days_overdue, item.json.event_type])).toEqual([
    [week, 7, 'invoice.overdue'],
  ]);
  expect(items[0].json.id).toBe(`${week}:7:${items[0].json.due_date}`);
  expect(await poller.poll()).toBeNull();

  // A day later the week-old invoice is 8 days overdue; the one 6 days overdue then reaches 7.
  const next = await overdueInvoice('six', 6);
  expect(await poller.poll()).toBeNull();
  expect((await s.api((c) => operations.advanceClock.request(c, { days: 1 }))).status).toBe(200);
  const tomorrow = (await poller.poll())!;
  expect(tomorrow.map((item) => item.json.invoice_id)).toEqual([next]);
  expect(await poller.poll()).toBeNull();
});

test('a Days Overdue of 0 is refused before any request, naming the field and what it takes', async () => {
  const poller = new PollHost(s.pkg, {
    node: 'invoicingApiPollingTrigger',
    parameters: { triggerOn: 'overdueDays', days_overdue: 0 },
    credentials: s.credentials,
  });
  await expect(poller.poll()).rejects.toThrow(/Days Overdue must be a whole number of days from 1 to 365/);
});
