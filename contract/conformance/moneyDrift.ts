/**
 * The drifts of the money, date, refusal and document rows (money.ts, refusals.ts): each one thing a deployment
 * could get wrong while everything else stays as the contract says, so its row alone is named.
 */
import { addDays } from '../../shared';
import type { Assumption } from './context';
import type { Drift } from './driftTypes';

type Thing = Record<string, any>;

/** Every invoice an answer carries, at any depth (a list's items, an event's payload). */
function eachInvoice(body: unknown, change: (invoice: Thing) => void): void {
  if (Array.isArray(body)) body.forEach((item) => eachInvoice(item, change));
  else if (body && typeof body === 'object') {
    const object = body as Thing;
    if (object.object === 'invoice') change(object);
    else Object.values(object).forEach((inner) => eachInvoice(inner, change));
  }
}

const invoices = (change: (invoice: Thing) => void): Drift => ({
  answer: (_seen, answer) => {
    if (answer.status < 300) eachInvoice(answer.body, change);
  },
});
const firstTaxLine = (invoice: Thing) =>
  invoice.tax && Array.isArray(invoice.items)
    ? (invoice.items as Thing[]).find((line) => line?.gst_rate !== undefined && Number(line.tax) > 0)
    : undefined;

/**
 * A refusal answered as a success: the invoice's state as the deployment last showed it decides whether the
 * refusal is the one this drift is about (a void of a part-paid invoice, not of a paid one).
 */
function refusalAccepted(
  path: RegExp,
  code: string,
  about: (invoice: Thing | undefined) => boolean,
  success: (invoice: Thing, seen: Thing) => { status: number; body: Thing },
): Drift {
  const known = new Map<string, Thing>();
  return {
    answer: (seen, answer) => {
      const match = seen.method === 'POST' ? path.exec(seen.path) : null;
      const invoice = match ? known.get(match[1]) : undefined;
      if (match && invoice && (answer.body as Thing | undefined)?.code === code && about(invoice)) {
        const made = success(invoice, seen as unknown as Thing);
        Object.assign(answer, {
          status: made.status,
          headers: { 'content-type': 'application/json' },
          body: made.body,
        });
        return;
      }
      if (answer.status < 300) eachInvoice(answer.body, (seenInvoice) => known.set(seenInvoice.id, seenInvoice));
      // A payment's answer is not the invoice: what it paid is known from the payment itself.
      const payment = answer.body as Thing | undefined;
      const paid = payment?.object === 'payment' ? known.get(payment.invoice_id) : undefined;
      if (paid) {
        const amountPaid = Number(paid.amount_paid) + Number(payment!.amount);
        known.set(paid.id, {
          ...paid,
          amount_paid: amountPaid,
          amount_remaining: Number(paid.amount_due) - amountPaid,
        });
      }
    },
  };
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const VOID_PATH = /^\/v1\/invoices\/([^/]+)\/void$/;
const voided = (invoice: Thing) => ({
  status: 200,
  body: { ...invoice, status: 'void', amount_remaining: 0, voided_at: now(), upi_link: null },
});

/** The drift of one of these rows, or undefined when the row is of another kind. */
export function moneyDrift(row: Assumption): Drift | undefined {
  switch (row.id) {
    case 'tax.line-total':
      // One paisa more CGST on a line, its tax and the invoice's figures left as they were.
      return invoices((invoice) => {
        const line = firstTaxLine(invoice);
        if (line) line.cgst += 1;
      });
    case 'tax.line-heads':
      // A paisa moved from one head to CGST: the line's tax still adds up, its split does not.
      return invoices((invoice) => {
        const line = firstTaxLine(invoice);
        const from = line && (['sgst', 'utgst', 'igst'] as const).find((head) => line[head] > 0);
        if (line && from) {
          line[from] -= 1;
          line.cgst += 1;
        }
      });
    case 'tax.totals':
      return invoices((invoice) => {
        if (invoice.tax && typeof invoice.tax.taxable_value === 'number') invoice.tax.taxable_value += 1;
      });
    case 'tax.amount-due':
      return invoices((invoice) => {
        if (invoice.tax && typeof invoice.amount_due === 'number') invoice.amount_due += 1;
      });
    case 'createInvoice.due-date.given':
      // Every due date one day late, wherever an invoice is answered.
      return invoices((invoice) => {
        if (typeof invoice.due_date === 'string') invoice.due_date = addDays(invoice.due_date, 1);
      });
    case 'createInvoice.due-date.terms':
      // Terms counted from the day after the issue date; a given due date is answered as given.
      return invoices((invoice) => {
        if (typeof invoice.due_date === 'string' && invoice.payment_terms)
          invoice.due_date = addDays(invoice.due_date, 1);
      });
    case 'voidInvoice.refused.paid':
      return refusalAccepted(VOID_PATH, 'invoice_has_payments', (invoice) => invoice?.amount_remaining === 0, voided);
    case 'voidInvoice.refused.part-paid':
      return refusalAccepted(
        VOID_PATH,
        'invoice_has_payments',
        (invoice) => Number(invoice?.amount_remaining) > 0,
        voided,
      );
    case 'sendInvoice.refused.reminder-paid':
      return refusalAccepted(
        /^\/v1\/invoices\/([^/]+)\/send$/,
        'invoice_paid',
        () => true,
        (invoice, seen) => ({
          status: 202,
          body: {
            id: 'dlv_drift0000000000000',
            object: 'delivery',
            invoice_id: invoice.id,
            channel: seen.body?.channel,
            kind: seen.body?.kind,
            to: invoice.client_email,
            status: 'queued',
            created_at: now(),
          },
        }),
      );
    case 'recordPayment.refused.over':
      return refusalAccepted(
        /^\/v1\/invoices\/([^/]+)\/payments$/,
        'validation_failed',
        (invoice) => Number(invoice?.amount_remaining) > 0,
        (invoice, seen) => ({
          status: 201,
          body: {
            id: 'pay_drift0000000000000',
            object: 'payment',
            invoice_id: invoice.id,
            method: seen.body?.method,
            amount: seen.body?.amount,
            currency: invoice.currency,
            upi: null,
            paid_at: now(),
            created_at: now(),
            livemode: false,
          },
        }),
      );
    case 'pdf.content-type':
      return pdfAnswer((answer) => {
        answer.headers['content-type'] = 'application/octet-stream';
      });
    case 'pdf.body':
      // The document sent as base64 text, as some APIs do.
      return pdfAnswer((answer) => {
        answer.body = Buffer.from(String(answer.body)).toString('base64');
      });
    case 'pdf.file-name':
      return pdfAnswer((answer) => {
        answer.headers['content-disposition'] = 'attachment; filename="invoice.pdf"';
      });
    default:
      return undefined;
  }
}

function pdfAnswer(change: (answer: { headers: Record<string, string>; body: unknown }) => void): Drift {
  return {
    answer: (seen, answer) => {
      if (seen.method === 'GET' && /^\/v1\/invoices\/[^/]+\/pdf$/.test(seen.path) && answer.status === 200)
        change(answer);
    },
  };
}
