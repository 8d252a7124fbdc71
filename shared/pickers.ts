/**
 * What both editors' pickers show: one page of clients or invoices as choices that read the way a
 * person says them ("Ana Sharma · ana@example.com", "INV-000123 · ana@example.com · ₹1,500.00 due ·
 * open"), the cursor to the next page, and how an ID is recognised by itself or inside a link. The
 * Zapier dropdowns and the n8n resource locators are thin translations of these.
 */
import type { FieldSpec } from './fields';
import { ID_PREFIX } from './service';
import { formatMinor } from './money';
import { gstRate } from './gst/rates';
import { runOperation, type Connection, type Operation, type Send } from './operations/define';
import { listClients } from './operations/listClients';
import { listInvoices } from './operations/listInvoices';
import { listPayments } from './operations/listPayments';
import { listProducts } from './operations/listProducts';
import type { PresentedInvoice } from './outputs';
import type { Client, Payment, Product } from './schemas/resources';
import { listRefunds } from './operations/listRefunds';
import type { Refund } from './schemas/refunds';
import { listCreditNotes } from './operations/listCreditNotes';
import { listDebitNotes } from './operations/listDebitNotes';
import type { Note } from './schemas/notes';
import { InputError } from './validation';

export interface Choice {
  /** The ID the operation is given. */
  value: string;
  label: string;
  /** Where a person can open it (the invoice's page), when there is one. */
  url?: string;
}

export interface ChoicePage {
  choices: Choice[];
  /** The cursor for the next page (`starting_after`), absent on the last page. */
  next?: string;
}

/** The help both editors show beside a picker: what to pick, and what else may go there. */
export const PICKER_HELP = {
  client:
    `Pick the client from the list (search by name, e-mail or company), ` +
    `or give a client ID (${ID_PREFIX.client}…).`,
  clientEmail: 'Pick an existing client, or type or map any e-mail address: a client with a new address is created.',
  invoice:
    `Pick the invoice from the list (search by number or client e-mail), ` +
    `or give an invoice ID (${ID_PREFIX.invoice}…).`,
  owedInvoice:
    'Pick the invoice the money is for: only invoices with something left to pay are listed. ' +
    `Or give an invoice ID (${ID_PREFIX.invoice}…).`,
  payment: `Pick the payment from the list, or give a payment ID (${ID_PREFIX.payment}…).`,
  product:
    'Pick the product from your catalogue (search by name, SKU or description; archived ones are not listed), ' +
    `or give a product ID (${ID_PREFIX.product}…).`,
  productLine:
    'Optional: fill this line from a product of your catalogue (archived ones are not listed), or give its ID ' +
    `(${ID_PREFIX.product}…) or a Product SKU instead. The service fills the description, HSN/SAC, GST rate, unit ` +
    'and unit price from it; what the line gives itself (a unit price, a quantity) wins.',
  productSku:
    "Map the SKU your shop's order carries, or type it (case does not matter): the line is filled from that product.",
  refund: `Pick the refund from the list, or give a refund ID (${ID_PREFIX.refund}…).`,
  credit_note: `Pick the credit note from the list, or give a credit note ID (${ID_PREFIX.credit_note}…).`,
  debit_note: `Pick the debit note from the list, or give a debit note ID (${ID_PREFIX.debit_note}…).`,
} as const;

/** The kinds of resource a user picks from a list. */
export type PickedKind = 'invoice' | 'client' | 'payment' | 'product' | 'refund' | 'credit_note' | 'debit_note';
const PICKED: readonly string[] = [
  'invoice',
  'client',
  'payment',
  'product',
  'refund',
  'credit_note',
  'debit_note',
] satisfies PickedKind[];

/** The resource an ID field names (`invoice_id` → invoice): both editors show such a field as that kind's picker. */
export function pickedKind(spec: FieldSpec): PickedKind | undefined {
  if (spec.type !== 'id') return undefined;
  const kind = spec.key.replace(/_id$/, '');
  return PICKED.includes(kind) ? (kind as PickedKind) : undefined;
}

/** Choices per page: the service's largest page, so a long list needs the fewest requests. */
export const PICKER_PAGE_SIZE = 100;

const SEPARATOR = ' · ';
const words = (value: string) => value.replace(/_/g, ' ');

/** `value`: what the choice stands for, the client's ID or (where an operation takes one) its e-mail. */
export function clientChoice(client: Client, value: 'id' | 'email' = 'id'): Choice {
  const who = client.name || client.company;
  return { value: client[value], label: who ? `${who}${SEPARATOR}${client.email}` : client.email };
}

/** "INV-000123 · Ana Sharma · ₹1,500.00 due · open"; the client's e-mail where the invoice carries no name. */
export function invoiceChoice(invoice: PresentedInvoice): Choice {
  const who =
    typeof invoice.client_name === 'string' && invoice.client_name ? invoice.client_name : invoice.client_email;
  const money =
    invoice.amount_remaining > 0
      ? `${formatMinor(invoice.amount_remaining, invoice.currency)} due`
      : formatMinor(invoice.amount_due, invoice.currency);
  return {
    value: invoice.id,
    label: [invoice.number, who, money, words(invoice.status)].join(SEPARATOR),
    url: invoice.hosted_url,
  };
}

const dayOf = (moment: string) =>
  new Date(moment).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "₹5,000.00 · bank transfer · 20 Nov 2026 · <the invoice ID>", and "₹600.00 refunded" once some went back. */
export function paymentChoice(payment: Payment): Choice {
  const reference = payment.reference ?? payment.upi?.utr;
  const refunded = payment.amount_refunded
    ? [`${formatMinor(payment.amount_refunded, payment.currency)} refunded`]
    : [];
  const parts = [
    formatMinor(payment.amount, payment.currency),
    words(payment.method),
    dayOf(payment.paid_at),
    reference ?? payment.invoice_id,
    ...refunded,
  ];
  return { value: payment.id, label: parts.join(SEPARATOR) };
}

/** "Cotton T-shirt, red, M · TSHIRT-RED-M · ₹899.00 · 5 %": what a line from it is, before an order's changes. */
export function productChoice(product: Product): Choice {
  const rate = product.gst_rate ? [gstRateLabel(product.gst_rate)] : [];
  const parts = [product.name, product.sku, formatMinor(product.unit_price, product.currency), ...rate];
  return { value: product.id, label: parts.join(SEPARATOR) };
}

const gstRateLabel = (value: string) => gstRate(value)?.label ?? value;

/** "₹600.00 refunded · upi · 22 Nov 2026 · <its UTR, reference or payment ID>" */
export function refundChoice(refund: Refund): Choice {
  const reference = refund.reference ?? refund.upi?.utr ?? refund.payment_id;
  const parts = [`${formatMinor(refund.amount, refund.currency)} refunded`, words(refund.method)];
  return { value: refund.id, label: [...parts, dayOf(refund.refunded_at), reference].join(SEPARATOR) };
}

/** "CN-000001 · INV-000123 · ₹2,185.19 · sales return" */
export function noteChoice(note: Note): Choice {
  const parts = [note.number, note.invoice_number, formatMinor(note.total, note.currency), words(note.note_reason)];
  return { value: note.id, label: parts.join(SEPARATOR) };
}

export interface PickerQuery {
  /** Words a person typed into the picker's search box. */
  search?: string;
  /** The `next` of the page before. */
  after?: string;
}

function page<T extends { id: string }>(data: T[], hasMore: boolean, choice: (item: T) => Choice): ChoicePage {
  const last = data[data.length - 1];
  return { choices: data.map(choice), next: hasMore && last ? last.id : undefined };
}

const base = (query: PickerQuery) => ({ limit: PICKER_PAGE_SIZE, starting_after: query.after, search: query.search });

export async function clientChoices(
  connection: Connection,
  send: Send,
  query: PickerQuery & { value?: 'id' | 'email' } = {},
): Promise<ChoicePage> {
  const answer = await runOperation(listClients, connection, base(query), send);
  return page(answer.data, answer.has_more, (client) => clientChoice(client, query.value));
}

/** `owed`: only invoices that still have money to be paid (what Record Payment can be recorded against). */
export async function invoiceChoices(
  connection: Connection,
  send: Send,
  query: PickerQuery & { owed?: boolean } = {},
): Promise<ChoicePage> {
  const answer = await runOperation(
    listInvoices,
    connection,
    { ...base(query), owed: query.owed ? true : undefined },
    send,
  );
  return page(answer.data, answer.has_more, invoiceChoice);
}

export async function paymentChoices(connection: Connection, send: Send, query: PickerQuery = {}): Promise<ChoicePage> {
  const answer = await runOperation(
    listPayments,
    connection,
    { limit: PICKER_PAGE_SIZE, starting_after: query.after },
    send,
  );
  return page(answer.data, answer.has_more, paymentChoice);
}

/** Active products only: an archived one is refused on a new line, so it is not offered (contract). */
export async function productChoices(connection: Connection, send: Send, query: PickerQuery = {}): Promise<ChoicePage> {
  const answer = await runOperation(listProducts, connection, base(query), send);
  return page(answer.data, answer.has_more, productChoice);
}

export async function refundChoices(connection: Connection, send: Send, query: PickerQuery = {}): Promise<ChoicePage> {
  const answer = await runOperation(
    listRefunds,
    connection,
    { limit: PICKER_PAGE_SIZE, starting_after: query.after },
    send,
  );
  return page(answer.data, answer.has_more, refundChoice);
}

/** Credit or debit notes, newest first. */
export function noteChoices(kind: 'credit' | 'debit') {
  const list = (kind === 'credit' ? listCreditNotes : listDebitNotes) as Operation;
  return async (connection: Connection, send: Send, query: PickerQuery = {}): Promise<ChoicePage> => {
    const answer = await runOperation(list, connection, { limit: PICKER_PAGE_SIZE, starting_after: query.after }, send);
    const { data, has_more } = answer as { data: Note[]; has_more: boolean };
    return page(data, has_more, noteChoice);
  };
}

/**
 * IDs as typed, and the links that hold one: the invoice's hosted page (`…/i/<invoice ID>`) and the
 * dashboard's invoice and client pages (`…/dashboard#/invoices/<invoice ID>`, `…#/clients/<client ID>`). Regular
 * expressions as strings, because n8n's resource locator takes them that way.
 */
const ID_TAIL = '[A-Za-z0-9_]+';
export const ID_PATTERNS = {
  invoice: {
    id: `^${ID_PREFIX.invoice}${ID_TAIL}$`,
    url: `^https?://[^/]+/(?:.*/)?(?:i/|dashboard#/invoices/)(${ID_PREFIX.invoice}${ID_TAIL})`,
  },
  client: {
    id: `^${ID_PREFIX.client}${ID_TAIL}$`,
    url: `^https?://[^/]+/(?:.*/)?dashboard#/clients/(${ID_PREFIX.client}${ID_TAIL})`,
  },
  payment: { id: `^${ID_PREFIX.payment}${ID_TAIL}$` },
  product: { id: `^${ID_PREFIX.product}${ID_TAIL}$` },
  refund: { id: `^${ID_PREFIX.refund}${ID_TAIL}$` },
  credit_note: { id: `^${ID_PREFIX.credit_note}${ID_TAIL}$` },
  debit_note: { id: `^${ID_PREFIX.debit_note}${ID_TAIL}$` },
} as const;

/** The links each picker's "By URL" takes, as its placeholder and refusals name them. */
export const LINK_FORMS = {
  invoice:
    `the invoice's page (https://…/i/${ID_PREFIX.invoice}…) ` +
    `or its dashboard page (https://…/dashboard#/invoices/${ID_PREFIX.invoice}…)`,
  client: `the client's dashboard page (https://…/dashboard#/clients/${ID_PREFIX.client}…)`,
} as const;

/** The ID inside a pasted link; an InputError naming the field and the links it takes when there is none. */
export function idFromUrl(kind: 'invoice' | 'client', url: unknown, field: FieldSpec): string {
  const id = typeof url === 'string' ? new RegExp(ID_PATTERNS[kind].url).exec(url.trim())?.[1] : undefined;
  if (id) return id;
  throw new InputError([
    {
      field: field.key,
      message:
        `${field.label}: ${String(url)} is not a link to ${kind === 'invoice' ? 'an invoice' : 'a client'}; ` +
        `paste ${LINK_FORMS[kind]}, or pick it from the list`,
    },
  ]);
}
