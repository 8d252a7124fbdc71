import {
  type Connection, EVENT_TYPES, type EventType, type HttpRequest, type Invoice, expectOk, requests,
} from '../shared';
import { fetchSend } from './send';

/** How each event is made to happen on a fresh invoice (like `stripe trigger`); a new event type adds one line. */
const OCCASIONS: Record<EventType, (connection: Connection, invoice: Invoice) => HttpRequest> = {
  'invoice.viewed': (c, invoice) => requests.simulateView(c, invoice.id, { channel: 'link' }),
  'invoice.paid': (c, invoice) => requests.simulatePayment(c, invoice.id, {}),
  'invoice.disputed': (c, invoice) => requests.simulateDispute(c, invoice.id, { reason: 'amount_incorrect' }),
};

export const TRIGGERABLE: readonly string[] = EVENT_TYPES;

export function isTriggerable(name: string): name is EventType {
  return (EVENT_TYPES as readonly string[]).includes(name);
}

/** Creates an invoice and makes `event` happen on it; resolves with both. */
export async function trigger(connection: Connection, event: EventType): Promise<{ invoice: Invoice; event: { id: string; type: string } }> {
  const invoice = expectOk(await fetchSend(requests.createInvoice(connection, {
    client_email: 'trigger@example.com', currency: 'INR', auto_send_whatsapp: false,
    items: [{ description: `Made by npm start -- trigger ${event}`, amount: 150000 }],
  }))) as Invoice;
  const emitted = expectOk(await fetchSend(OCCASIONS[event](connection, invoice))) as { id: string; type: string };
  return { invoice, event: emitted };
}
