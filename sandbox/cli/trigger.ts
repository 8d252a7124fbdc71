import {
  type Connection,
  EVENT_TYPES,
  type EventType,
  type HttpRequest,
  type Invoice,
  expectOk,
  operations,
} from '../../shared';
import { fetchSend } from '../http/fetchSend';

interface Emitted {
  id: string;
  type: string;
}

const send = async (request: HttpRequest) => expectOk(await fetchSend(request));

/** The event a request just caused, for requests that answer with the resource rather than the event. */
const latest = async (connection: Connection, type: EventType) =>
  ((await send(operations.listEvents.request(connection, { type, limit: 1 }))) as { data: Emitted[] }).data[0];

/** A SKU of its own each time, so a second trigger never meets the first one's product (SKUs are unique). */
const newProduct = () => ({
  name: 'Made by npm start -- trigger',
  sku: `TRIGGER-${Date.now()}`,
  product_type: 'goods' as const,
  unit_price: 89900,
  currency: 'INR',
});

/** How each event is made to happen around a fresh invoice (like `stripe trigger`); a new event type adds one line. */
/** A B2B tax invoice on an account that e-invoices (contract: "Which documents get an e-invoice"). */
async function einvoicedInvoice(connection: Connection, failWith?: '3029'): Promise<Invoice> {
  const base = operations.getAccount.request(connection, {});
  const settings = { einvoicing: { enabled: true, aato_band: 'up_to_10_crore' } };
  await send({
    ...base,
    method: 'PATCH',
    url: base.url.replace(/\/account$/, '/test_helpers/account'),
    body: settings,
  });
  const email = `einvoice.${Date.now()}@example.com`;
  const address = { line1: '4 Residency Road', city: 'Bengaluru', postal_code: '560025', country: 'IN' };
  await send(operations.createClient.request(connection, { email, gstin: '29AAGCB7383J1Z4', address } as never));
  if (failWith) await send(operations.simulateEInvoiceFailure.request(connection, { error_code: failWith }));
  const items = [{ description: 'Made by npm start -- trigger', amount: 150000, hsn_sac: '998314', gst_rate: '18' }];
  return (await send(
    operations.createInvoice.request(connection, { client_email: email, currency: 'INR', items } as never),
  )) as Invoice;
}

const TEST_HELPERS: Record<EventType, (connection: Connection, invoice: Invoice) => Promise<Emitted>> = {
  'invoice.created': (c) => latest(c, 'invoice.created'),
  'invoice.viewed': async (c, invoice) =>
    (await send(operations.simulateView.request(c, { invoice_id: invoice.id, channel: 'link' }))) as Emitted,
  'invoice.paid': async (c, invoice) =>
    (await send(operations.simulatePayment.request(c, { invoice_id: invoice.id }))) as Emitted,
  'invoice.disputed': async (c, invoice) =>
    (await send(
      operations.simulateDispute.request(c, { invoice_id: invoice.id, reason: 'amount_incorrect' }),
    )) as Emitted,
  'client.created': async (c) => {
    await send(operations.createClient.request(c, { email: `trigger.${Date.now()}@example.com` }));
    return await latest(c, 'client.created');
  },
  'invoice.sent': async (c, invoice) => {
    await send(operations.sendInvoice.request(c, { invoice_id: invoice.id, channel: 'email', kind: 'invoice' }));
    return await latest(c, 'invoice.sent');
  },
  'invoice.delivery_failed': async (c, invoice) => {
    await send(operations.simulateDeliveryFailure.request(c, { channel: 'whatsapp', failure_code: 'not_on_whatsapp' }));
    await send(operations.sendInvoice.request(c, { invoice_id: invoice.id, channel: 'whatsapp', kind: 'invoice' }));
    return await latest(c, 'invoice.delivery_failed');
  },
  'invoice.overdue': async (c, invoice) =>
    (await send(operations.simulateOverdue.request(c, { invoice_id: invoice.id }))) as Emitted,
  'invoice.voided': async (c, invoice) => {
    await send(operations.voidInvoice.request(c, { invoice_id: invoice.id }));
    return await latest(c, 'invoice.voided');
  },
  'invoice.refunded': async (c, invoice) => {
    const paid = (await send(operations.simulatePayment.request(c, { invoice_id: invoice.id }))) as {
      data: { payment: { id: string } };
    };
    const refund = { payment_id: paid.data.payment.id, amount: 50000, method: 'cash' as const };
    await send(operations.recordRefund.request(c, refund));
    return await latest(c, 'invoice.refunded');
  },
  'credit_note.created': async (c, invoice) => {
    await send(operations.createCreditNote.request(c, { invoice_id: invoice.id, note_reason: 'sales_return' }));
    return await latest(c, 'credit_note.created');
  },
  'invoice.credited': async (c, invoice) => {
    await send(operations.createCreditNote.request(c, { invoice_id: invoice.id, note_reason: 'sales_return' }));
    return await latest(c, 'invoice.credited');
  },
  'debit_note.created': async (c, invoice) => {
    const body = { invoice_id: invoice.id, note_reason: 'correction' as const, taxable_amount: 10000 };
    await send(operations.createDebitNote.request(c, body));
    return await latest(c, 'debit_note.created');
  },
  'invoice.debited': async (c, invoice) => {
    const body = { invoice_id: invoice.id, note_reason: 'correction' as const, taxable_amount: 10000 };
    await send(operations.createDebitNote.request(c, body));
    return await latest(c, 'invoice.debited');
  },
  'invoice.einvoice_generated': async (c) => {
    await einvoicedInvoice(c);
    return await latest(c, 'invoice.einvoice_generated');
  },
  'invoice.einvoice_failed': async (c) => {
    await einvoicedInvoice(c, '3029');
    return await latest(c, 'invoice.einvoice_failed');
  },
  'invoice.einvoice_cancelled': async (c) => {
    const invoice = await einvoicedInvoice(c);
    await send(operations.cancelEInvoice.request(c, { invoice_id: invoice.id, cancel_reason: 'data_entry_mistake' }));
    return await latest(c, 'invoice.einvoice_cancelled');
  },
  'client.updated': async (c, invoice) => {
    await send(
      operations.updateClient.request(c, {
        client_id: invoice.client_id,
        name: `Renamed at ${new Date().toISOString()}`,
      }),
    );
    return await latest(c, 'client.updated');
  },
  'product.created': async (c) => {
    await send(operations.createProduct.request(c, newProduct()));
    return await latest(c, 'product.created');
  },
  'product.updated': async (c) => {
    const made = (await send(operations.createProduct.request(c, newProduct()))) as Emitted;
    await send(operations.updateProduct.request(c, { product_id: made.id, unit_price: 99900 }));
    return await latest(c, 'product.updated');
  },
};

export function isTriggerable(name: string): name is EventType {
  return (EVENT_TYPES as readonly string[]).includes(name);
}

/** Creates an invoice and makes `event` happen on it (or its client); resolves with both. */
export async function trigger(connection: Connection, event: EventType): Promise<{ invoice: Invoice; event: Emitted }> {
  const invoice = (await send(
    operations.createInvoice.request(connection, {
      client_email: 'trigger@example.com',
      currency: 'INR',
      auto_send_whatsapp: false,
      items: [{ description: `Made by npm start -- trigger ${event}`, amount: 150000 }],
    }),
  )) as Invoice;
  return { invoice, event: await TEST_HELPERS[event](connection, invoice) };
}
