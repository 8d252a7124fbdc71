import type { Client, CreateInvoiceInput, Invoice } from '../../shared';
import { dueDateOf, sendAtCreation } from './invoiceDueAndSend';
import { newId } from '../storage/ids';
import { isoNow } from '../storage/records';
import { createClient } from './clients';
import type { Context } from './context';
import { recordInvoiceEvent } from './eventLog';
import { orNotFound } from './problems';
import { ISSUED_PARTIES, partiesNow } from './invoiceParties';
import { invoiceLines } from './tax';
import { fillFromProducts } from './productLines';
import { reportInvoice } from './einvoicing';

/** WhatsApp is simulated: a client phone means `sent`; without one the invoice still exists and says why not. */
function whatsappResult(requested: boolean, client: Client): Invoice['whatsapp'] {
  if (!requested) return { status: 'not_requested' };
  if (client.phone) return { status: 'sent' };
  return {
    status: 'failed',
    error_code: 'client_phone_missing',
    error_message:
      `Client ${client.email} has no phone number, so the invoice was not sent on WhatsApp. ` +
      'Add a phone (international format, e.g. +919812345678) to the client and send it again.',
  };
}

function nextNumber(ctx: Context): string {
  const counter = `invoice_counter:${ctx.account.id}`;
  const next = Number(ctx.data.store.meta(counter, () => '0')) + 1;
  ctx.data.store.setMeta(counter, String(next));
  return `INV-${String(next).padStart(6, '0')}`;
}

/** A new open invoice (and its client, for an e-mail not seen yet), with `invoice.created`. */
export function createInvoice(ctx: Context, given: CreateInvoiceInput): Invoice {
  // Lines naming a product are filled from it first, so what follows sees a line as if typed in full.
  const input = fillFromProducts(ctx, given);
  return ctx.data.store.transaction(() => {
    const client =
      ctx.data.clients.findOne({ email: input.client_email.toLowerCase() }) ??
      createClient(ctx, { email: input.client_email });
    const now = isoNow();
    const id = newId('inv');
    const { items, tax } = invoiceLines(ctx, input, client);
    const amountDue = tax ? tax.total : items.reduce((sum, item) => sum + item.amount, 0);
    // Every other field of the body the service keeps as given (an optional field added to the wire echoes back).
    const {
      client_email: _email,
      currency: _currency,
      items: _items,
      auto_send_whatsapp: _send,
      place_of_supply: _place,
      ...echoed
    } = input;
    const created: Invoice = {
      ...echoed,
      id,
      object: 'invoice',
      number: nextNumber(ctx),
      status: 'open',
      client_id: client.id,
      client_email: client.email,
      currency: input.currency,
      items,
      amount_due: amountDue,
      amount_paid: 0,
      amount_remaining: amountDue,
      auto_send_whatsapp: input.auto_send_whatsapp,
      whatsapp: whatsappResult(input.auto_send_whatsapp, client),
      hosted_url: ctx.publicUrl(`/i/${id}`),
      livemode: false,
      created_at: now,
      updated_at: now,
      ...(tax ? { tax } : {}),
      ...dueDateOf(ctx, input),
      // Who it is from and to as of now, for its documents: a later change of either reaches new invoices only.
      [ISSUED_PARTIES]: partiesNow(ctx.account, client, client.email),
    };
    ctx.data.invoices.insert(created);
    recordInvoiceEvent(ctx, 'invoice.created', created, {});
    return sendAtCreation(ctx, reportInvoice(ctx, created));
  });
}

export const invoiceOr404 = (ctx: Context, id: string): Invoice => orNotFound(ctx.data.invoices.get(id), 'invoice', id);
