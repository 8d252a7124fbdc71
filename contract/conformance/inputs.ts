/**
 * The values the run sends, by input key (never by operation), and what each list filter means, by filter
 * key. An operation whose keys are all here gets its request, filter, paging and idempotency rows with no
 * line of its own; a key that is not here leaves its row "not checkable", which the coverage figure shows.
 */
import { EVENT_TYPES, UPI, addDays, isCalendarDate, todayIn } from '../../shared';

export type Thing = Record<string, any>;

export interface ValueContext {
  tag: string;
  /** A new number on every call: e-mails, descriptions and references that no earlier request used. */
  next(): number;
  /** The object the request is about (a fresh one for a request that changes it). */
  target?: Thing;
  receiverUrl: string;
  /** The clock, fixed for the document's examples. */
  now?: number;
  /** The oldest event about what this run made, in the service's order. */
  firstEvent?: string;
  /** A client this run made with a GSTIN: later invoices bill it, so the client GSTIN filter has both sides. */
  gstClient?: Thing;
  /** Bill the client with a GSTIN whatever the turn (a target that must be a B2B invoice). */
  billGstClient?: boolean;
}

/** A refund's request: its target is the payment it goes back against (docs/api-contract.md, "Refunds"). */
const refunds = (ctx: ValueContext) => ctx.target?.object === 'payment';
const email = (ctx: ValueContext) => `conformance+${ctx.tag}-${ctx.next()}@example.com`;
const HOUR = 3_600_000;

/** Keys a request needs a value for; returning undefined leaves an optional key out. */
export const VALUES: Record<string, (ctx: ValueContext) => unknown> = {
  // Every other invoice bills the client with a GSTIN (once the run has one), so each invoice filter has both sides.
  client_email: (ctx) =>
    ctx.gstClient && (ctx.billGstClient || ctx.next() % 2 === 0) ? ctx.gstClient.email : email(ctx),
  email,
  // A registered client in Karnataka (29): its invoices from the Maharashtra sandbox account are inter-state.
  gstin: () => '29AAPFU0939F1ZR',
  currency: () => 'INR',
  // A tax invoice's line, so every answer carries the GST figures the connectors show.
  items: (ctx) => [
    { description: `Conformance ${ctx.tag} ${ctx.next()}`, amount: 150000, hsn_sac: '998314', gst_rate: '18' },
  ],
  auto_send_whatsapp: () => false,
  name: (ctx) => `Conformance ${ctx.tag}`,
  address: () => ({ line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postal_code: '560001', country: 'IN' }),
  company: (ctx) => `Conformance ${ctx.tag} ${ctx.next()} Ltd`,
  // A payment settles what remains, so the run has paid invoices besides open ones (the owed and status filters).
  method: (ctx) => (refunds(ctx) ? UPI : 'bank_transfer'),
  // A refund goes back by UPI with a UTR of its own (unique across runs), so the refunds' UTR filter has both sides.
  utr: (ctx) => (refunds(ctx) ? `${Date.now()}`.slice(-9) + String(ctx.next() % 1000).padStart(3, '0') : undefined),
  // A refund's target is a payment: a tenth of what is left of it, so every refund row finds money to return.
  amount: ({ target }) =>
    target?.object === 'payment'
      ? Math.max(1, Math.floor((target.amount - (target.amount_refunded ?? 0)) / 10))
      : target?.amount_remaining,
  reference: (ctx) => `CONF-${ctx.tag}-${ctx.next()}`,
  // An hour ago: earlier than the payments the test helpers make now, so the period filters have both sides.
  paid_at: (ctx) => new Date((ctx.now ?? Date.now()) - HOUR).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  url: (ctx) => `${ctx.receiverUrl}/subscription-${ctx.next()}`,
  events: () => [...EVENT_TYPES],
  description: (ctx) => `conformance ${ctx.tag}`,
  // E-mail is a channel of a view, a send and a planted failure alike; every client has an e-mail address.
  channel: () => 'email',
  // The invoice or a reminder in turn, so a reused Idempotency-Key comes with another body.
  kind: (ctx) => (ctx.next() % 2 ? 'invoice' : 'reminder'),
  // The next e-mail send fails once (planted before Send Invoice's rows), so both delivery events happen.
  failure_code: () => 'email_bounced',
  // Net 15 on every other invoice, so the due-date filters have both sides (terms or a date, never both).
  payment_terms: (ctx) => (ctx.next() % 2 ? 'net_15' : undefined),
  reason: () => 'amount_incorrect',
  // Issue 41: the IRP's reasons for cancelling an IRN, and a failure it may be made to give next.
  cancel_reason: () => 'data_entry_mistake',
  cancel_remark: (ctx) => `Conformance ${ctx.tag} ${ctx.next()}`,
  error_code: () => '2146',
  // A credit or debit note: a lump sum of the invoice's whole taxable value (its one rate), so a credit takes all.
  note_reason: () => 'others',
  taxable_amount: (ctx) => ctx.target?.tax?.taxable_value ?? ctx.target?.amount_remaining,
  // New each time, so a reused Idempotency-Key comes with another body (a note's, a payment's, a dispute's).
  note: (ctx) => `Conformance ${ctx.tag} ${ctx.next()}`,
  after: (ctx) => ctx.firstEvent,
  // Issue 42: a product whose SKU no earlier request took, a service at 18 %, priced in paise as the wire takes it.
  sku: (ctx) => `CONF-${ctx.tag}-${ctx.next()}`.replace(/[^A-Za-z0-9-]/g, '-'),
  product_type: () => 'service',
  hsn_sac: () => '998314',
  gst_rate: () => '18',
  unit: () => 'hrs',
  unit_price: () => 125000,
  // Update Product archives the product it changes, so the archived filter has both sides.
  archived: () => true,
  // Issue 41: this month's GSTR-1 (India's month), which holds the tax invoices and notes this run made.
  period: (ctx) => todayIn(new Date(ctx.now ?? Date.now())).slice(0, 7),
};

/** Keys that page a list rather than filter it: each gets a paging row. */
export const PAGING = ['starting_after', 'ending_before'] as const;
/** Keys a list takes that neither filter nor page. */
export const NOT_FILTERS = new Set(['limit', ...PAGING]);

export interface Filter {
  /** The value to filter by so that `object` matches. */
  value(object: Thing): unknown;
  matches(object: Thing, value: unknown): boolean;
  /** Rows about the field this filter is read from: when one differs, the filter row is not checkable. */
  standsOn?: string[];
}

/** A due date of another type is its field row's difference: no filter value is made from it. */
const dated = (object: Thing) => typeof object.due_date === 'string' && isCalendarDate(object.due_date);
/** A due date wrong by a day is the due-date rows' difference, not "due_after=… did not list inv_…". */
const DUE_DATE_ROWS = ['createInvoice.due-date.given', 'createInvoice.due-date.terms'];

const text = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toLowerCase();
const moment = (value: unknown) => Date.parse(String(value));

/** Filters whose meaning is not "the field of that name equals the value" (docs/api-contract.md says each). */
export const FILTERS: Record<string, Filter> = {
  search: {
    // A product is searched by its SKU (issue 42), unique in the run.
    value: (object) => object.client_email ?? object.email ?? object.sku,
    matches: (object, value) =>
      Object.values(object).some((field) => typeof field === 'string' && text(field).includes(text(value))),
  },
  client_gstin: {
    value: (object) => object.tax?.client_gstin ?? undefined,
    matches: (object, value) => object.tax?.client_gstin === value,
  },
  due_before: {
    value: (object) => (dated(object) ? addDays(object.due_date, 1) : undefined),
    matches: (object, value) => Boolean(object.due_date) && object.due_date < String(value),
    standsOn: DUE_DATE_ROWS,
  },
  due_after: {
    value: (object) => (dated(object) ? addDays(object.due_date, -1) : undefined),
    matches: (object, value) => Boolean(object.due_date) && object.due_date > String(value),
    standsOn: DUE_DATE_ROWS,
  },
  // Exactly N days after the due date, on an invoice that still owes (make_overdue gives one).
  days_overdue: {
    value: (object) => (object.days_overdue >= 1 ? object.days_overdue : undefined),
    matches: (object, value) => object.days_overdue === Number(value) && Number(object.amount_remaining) > 0,
  },
  // Issue 42: archived=true lists only archived products, archived=false (or none) only active ones.
  archived: {
    value: (object) => String(object.archived === true),
    matches: (object, value) => (object.archived === true) === (String(value) === 'true'),
  },
  owed: { value: () => 'true', matches: (object) => Number(object.amount_remaining) > 0 },
  utr: { value: (object) => object.upi?.utr, matches: (object, value) => object.upi?.utr === value },
  paid_from: { value: (object) => object.paid_at, matches: (object, value) => moment(object.paid_at) >= moment(value) },
  paid_before: {
    value: (object) =>
      object.paid_at && new Date(moment(object.paid_at) + 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    matches: (object, value) => moment(object.paid_at) < moment(value),
  },
};

/** A filter on a field of the listed object: equal, ignoring case and surrounding spaces. */
export const fieldFilter = (key: string): Filter => ({
  value: (object) => object[key],
  matches: (object, value) => text(object[key]) === text(value),
});

/**
 * The target an operation can act on, where not every object of its kind is one (issue 41): an IRN is cancelled
 * only once generated; Validate E-Invoice is checked on an invoice the IRP would refuse, so its problems are seen.
 */
export const USABLE_TARGETS: Record<string, (made: Thing) => boolean> = {
  cancelEInvoice: (invoice) => invoice.einvoice_status === 'generated',
  validateEInvoice: (invoice) => !invoice.einvoice_status,
};
