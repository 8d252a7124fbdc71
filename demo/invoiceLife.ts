/**
 * The invoice after it is created, in the demo: a due date from payment terms, a send by e-mail (n8n), a send
 * on WhatsApp that fails for a planted reason (Zapier), the invoice overdue, the reminder with its UPI link
 * (n8n) to the invoice Zapier's Invoice Overdue by Days lists, the PDF from both platforms, and a void.
 */
import { operations, type Connection, type HttpRequest, type PresentedInvoice, type WebhookEvent } from '../shared';
import type { N8nSide } from './n8n';
import { check, type Steps } from './steps';
import type { ZapierSide } from './zapier';

type Call = <T>(build: (c: Connection) => HttpRequest) => Promise<T>;

/** Runs the steps; returns the events they made, oldest first (every trigger is on, so each must arrive). */
export async function afterCreation(
  steps: Steps,
  z: ZapierSide,
  n: N8nSide,
  call: Call,
  clientEmail: string,
): Promise<{ events: WebhookEvent[]; invoices: PresentedInvoice[] }> {
  const newest = async () =>
    (await call<{ data: WebhookEvent[] }>((c) => operations.listEvents.request(c, { limit: 1 }))).data[0]?.id;
  const before = await newest();
  const invoice = await steps.run(
    'Zapier: Create Invoice with Payment Terms "Net 7" (the due date counted in India, IST)',
    () =>
      z.createInvoice({
        client_email: clientEmail,
        currency: 'INR',
        payment_terms: 'net_7',
        items: [{ description: 'Retainer, June', amount: '18,000.00' }],
      }),
    (i) => `${i.number} ${i.amount_due_formatted}, due ${i.due_date}, UPI link ${i.upi_link ? 'included' : 'none'}`,
  );
  await steps.run(
    'n8n: Invoice → Send (by e-mail)',
    () => n.run({ resource: 'invoice', operation: 'send', invoice_id: locator(invoice), channel: 'email' }),
    ([delivery]) => `${delivery.status} to ${delivery.to}`,
  );
  await steps.run(
    'Zapier: Send Invoice on WhatsApp, the number planted to be "not on WhatsApp"',
    async () => {
      await call((c) =>
        operations.simulateDeliveryFailure.request(c, { channel: 'whatsapp', failure_code: 'not_on_whatsapp' }),
      );
      const delivery = await z.create('send_invoice', { invoice_id: invoice.id, channel: 'whatsapp' });
      check(delivery.status === 'failed', `the planted failure did not fail the send (${delivery.status})`);
      return delivery;
    },
    (delivery) => `${delivery.status}: ${delivery.failure_code}, "${delivery.failure_message}"`,
  );
  await steps.run(
    'Sandbox: the invoice 3 days past its due date (the test helper)',
    () => call((c) => operations.simulateOverdue.request(c, { invoice_id: invoice.id, days: 3 })),
    () => 'invoice.overdue',
  );
  const listed = await steps.run(
    'Zapier: Invoice Overdue by Days (3) lists it, with its UPI pay link',
    async () => {
      const records = await z.poll('invoice_overdue_days', { days_overdue: '3' });
      const record = records.find((entry) => entry.invoice_id === invoice.id);
      check(record?.upi_link, `Invoice Overdue by Days did not list ${invoice.number} with a UPI link`);
      return record!;
    },
    (record) => `${record.invoice_number}, ${record.days_overdue} days overdue, ${record.amount_remaining_formatted}`,
  );
  await steps.run(
    'n8n: Invoice → Send (a payment reminder by e-mail, carrying the UPI link)',
    () =>
      n.run({
        resource: 'invoice',
        operation: 'send',
        invoice_id: locator(invoice),
        channel: 'email',
        kind: 'reminder',
      }),
    ([delivery]) => `${delivery.kind} ${delivery.status} for ${listed.invoice_number}`,
  );
  await steps.run(
    'Both: Download Invoice PDF (n8n: binary data; Zapier: a file a later step attaches)',
    async () => {
      const [n8nPdf] = await n.downloadPdf(invoice.id);
      const zapierPdf = await z.create('download_invoice_pdf', { invoice_id: invoice.id });
      check(n8nPdf.bytes.subarray(0, 5).toString() === '%PDF-', 'n8n did not get a PDF');
      check(zapierPdf.file_name === n8nPdf.fileName, `Zapier named the file ${zapierPdf.file_name}`);
      return n8nPdf;
    },
    (pdf) => `${pdf.fileName}, ${pdf.bytes.length} bytes of application/pdf`,
  );
  let mistaken: PresentedInvoice | undefined;
  const voided = await steps.run(
    'Zapier: Void Invoice (a second, mistaken invoice)',
    async () => {
      mistaken = await z.createInvoice({
        client_email: clientEmail,
        currency: 'INR',
        items: [{ description: 'Retainer, June (twice by mistake)', amount: '18,000.00' }],
      });
      return (await z.create('void_invoice', { invoice_id: mistaken.id })) as PresentedInvoice;
    },
    (v) => `${v.number} ${v.status}, ${v.amount_remaining_formatted} owed`,
  );
  check(voided.status === 'void', `${voided.number} is ${voided.status}`);
  const { data } = await call<{ data: WebhookEvent[] }>((c) =>
    operations.listEvents.request(c, { limit: 100, ...(before ? { ending_before: before } : {}) }),
  );
  return { events: [...data].reverse(), invoices: [invoice, mistaken!] };
}

/** The invoice as n8n's resource locator holds a picked one. */
const locator = (invoice: { id: string }) => ({ __rl: true, mode: 'id', value: invoice.id });
