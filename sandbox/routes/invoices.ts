import {
  type Client, type Invoice, createInvoiceInputSchema, listInvoicesQuerySchema, operations, validateInput,
} from '../../shared';
import type { Context } from '../context';
import { isoNow } from '../data';
import { newId } from '../ids';
import { orNotFound } from '../problems';
import type { Router } from '../router';
import { createClient } from './clients';
import { recordEvent } from './events';
import { listPage, searchWhere } from './lists';

/** WhatsApp is simulated: a client phone means `sent`; without one the invoice still exists and says why not. */
function whatsappResult(requested: boolean, client: Client): Invoice['whatsapp'] {
  if (!requested) return { status: 'not_requested' };
  if (client.phone) return { status: 'sent' };
  return {
    status: 'failed',
    error_code: 'client_phone_missing',
    error_message: `Client ${client.email} has no phone number, so the invoice was not sent on WhatsApp. ` +
      'Add a phone (international format, e.g. +919812345678) to the client and send it again.',
  };
}

function nextNumber(ctx: Context): string {
  const counter = `invoice_counter:${ctx.account.id}`;
  const next = Number(ctx.data.store.meta(counter, () => '0')) + 1;
  ctx.data.store.setMeta(counter, String(next));
  return `INV-${String(next).padStart(6, '0')}`;
}

export const invoiceOr404 = (ctx: Context, id: string): Invoice => orNotFound(ctx.data.invoices.get(id), 'invoice', id);

export function invoiceRoutes(router: Router): void {
  const { createInvoice, getInvoice, listInvoices } = operations;
  router
    .on(createInvoice.method, createInvoice.route, (req, ctx) => {
      const input = validateInput(createInvoiceInputSchema, req.body);
      const invoice = ctx.data.store.transaction(() => {
        const client = ctx.data.clients.findOne({ email: input.client_email.toLowerCase() })
          ?? createClient(ctx, { email: input.client_email });
        const now = isoNow();
        const id = newId('inv');
        const amountDue = input.items.reduce((sum, item) => sum + item.amount, 0);
        const created: Invoice = {
          id, object: 'invoice', number: nextNumber(ctx), status: 'open', client_id: client.id,
          client_email: client.email, currency: input.currency,
          items: input.items.map((item) => ({ description: item.description, amount: item.amount })),
          amount_due: amountDue, amount_paid: 0, amount_remaining: amountDue,
          auto_send_whatsapp: input.auto_send_whatsapp, whatsapp: whatsappResult(input.auto_send_whatsapp, client),
          hosted_url: ctx.publicUrl(`/i/${id}`), livemode: false, created_at: now, updated_at: now,
        };
        ctx.data.invoices.insert(created);
        recordEvent(ctx, 'invoice.created', { invoice: created });
        return created;
      });
      return { status: 201, body: invoice };
    })
    .on(getInvoice.method, getInvoice.route, (req, ctx) => ({ status: 200, body: invoiceOr404(ctx, req.params.invoice_id) }))
    .on(listInvoices.method, listInvoices.route, (req, ctx) => {
      const query = validateInput(listInvoicesQuerySchema, req.query);
      const where = { status: query.status, client_email: query.client_email?.toLowerCase(), number: query.number,
        "json_extract(doc, '$.amount_remaining') >": query.owed ? 0 : undefined,
        ...searchWhere(['number', 'client_email'], query.search) };
      return { status: 200, body: listPage(ctx.data.invoices, query, where, (i) => i) };
    });
}
