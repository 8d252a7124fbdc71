/**
 * What the service returns. Lenient on purpose: unknown fields pass through and enum-like fields are
 * plain strings, so a newer service adding a status or a field does not break a Zap built today.
 */
import { z } from 'zod';

const timestamp = z.string().min(1);
const minorAmount = z.number().int();
/** Checked because every amount is formatted with it (Intl throws on anything but three letters). */
const currencyCode = z.string().regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code');

const addressSchema = z
  .object({
    line1: z.string(),
    line2: z.string().nullish(),
    city: z.string(),
    state: z.string().nullish(),
    postal_code: z.string(),
    country: z.string(),
  })
  .passthrough();

export const accountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    livemode: z.boolean(),
    /** The supplier's GSTIN and its state code (contract: "Place of supply and supply type"). */
    gstin: z.string().nullish(),
    state: z.string().nullish(),
    /** The supplier's postal address, printed on its invoices (CGST Rules rule 46(a)); null until set. */
    address: addressSchema.nullish(),
    /** The IANA zone the account's dates are read in (Asia/Kolkata for Indian accounts). */
    time_zone: z.string().optional(),
    /** The VPA UPI payments to the account go to (its invoices' upi_link). */
    upi_vpa: z.string().nullish(),
    /** Issue 41: whether the account reports its B2B documents to the IRP, and its turnover band; absent: no. */
    einvoicing: z.object({ enabled: z.boolean(), aato_band: z.string() }).passthrough().nullish(),
  })
  .passthrough();

/** A line's tax heads and total, on a tax invoice only (contract: "GST computation and rounding"). */
const lineTaxShape = {
  cgst: minorAmount,
  sgst: minorAmount,
  utgst: minorAmount,
  igst: minorAmount,
  tax: minorAmount,
  total: minorAmount,
};

const invoiceItemSchema = z
  .object({
    description: z.string(),
    amount: minorAmount,
    quantity: z.number().optional(),
    unit: z.string().nullish(),
    unit_price: minorAmount.optional(),
    hsn_sac: z.string().nullish(),
    gst_rate: z.string().optional(),
    /** Issue 42: the product a line was filled from, kept as it was when the invoice was issued. */
    product_id: z.string().nullish(),
    sku: z.string().nullish(),
    ...(Object.fromEntries(Object.entries(lineTaxShape).map(([key, schema]) => [key, schema.optional()])) as {
      [K in keyof typeof lineTaxShape]: z.ZodOptional<typeof minorAmount>;
    }),
  })
  .passthrough();

/** The invoice's GST particulars and totals, present on a tax invoice only. */
const invoiceTaxSchema = z
  .object({
    supplier_gstin: z.string(),
    supplier_state: z.string(),
    client_gstin: z.string().nullable(),
    place_of_supply: z.string(),
    place_of_supply_name: z.string(),
    supply_type: z.string(),
    taxable_value: minorAmount,
    cgst: minorAmount,
    sgst: minorAmount,
    utgst: minorAmount,
    igst: minorAmount,
    total_tax: minorAmount,
    total: minorAmount,
  })
  .passthrough();

/**
 * Issue 41: an e-invoiced document's IRP answer (contract: "Statuses and the answer's fields"); absent on documents
 * that get no e-invoice and on answers from before it. Shared by the invoice and its notes.
 */
export const einvoiceAnswerShape = {
  einvoice_status: z.string().nullish(),
  irn: z.string().nullish(),
  ack_no: z.string().nullish(),
  ack_date: z.string().nullish(),
  signed_qr: z.string().nullish(),
  signed_invoice: z.string().nullish(),
  einvoice_error_code: z.string().nullish(),
  einvoice_error_message: z.string().nullish(),
  einvoice_cancelled_at: z.string().nullish(),
  einvoice_cancel_reason: z.string().nullish(),
  einvoice_cancel_remark: z.string().nullish(),
};

/** A voided invoice: nothing is owed, it cannot be paid or sent (docs/api-contract.md, "Voiding"). */
export const VOID = 'void' as const;

export const INVOICE_STATUSES = ['open', 'viewed', 'partially_paid', 'paid', 'disputed', VOID] as const;

const whatsappResultSchema = z
  .object({
    status: z.string(),
    error_code: z.string().nullish(),
    error_message: z.string().nullish(),
  })
  .passthrough();

export const invoiceSchema = z
  .object({
    id: z.string(),
    object: z.literal('invoice'),
    number: z.string(),
    status: z.string(),
    client_id: z.string(),
    client_email: z.string(),
    currency: currencyCode,
    items: z.array(invoiceItemSchema),
    amount_due: minorAmount,
    amount_paid: minorAmount,
    amount_remaining: minorAmount,
    auto_send_whatsapp: z.boolean(),
    whatsapp: whatsappResultSchema,
    hosted_url: z.string(),
    livemode: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
    viewed_at: timestamp.nullish(),
    paid_at: timestamp.nullish(),
    disputed_at: timestamp.nullish(),
    tax: invoiceTaxSchema.optional(),
    /** Issue 29: the due date (YYYY-MM-DD, account time zone) and what follows from it; absent from older answers. */
    due_date: z.string().nullish(),
    payment_terms: z.string().nullish(),
    overdue: z.boolean().optional(),
    days_overdue: z.number().int().optional(),
    upi_link: z.string().nullish(),
    voided_at: timestamp.nullish(),
    /** Issue 40: what went back of its payments (already taken out of amount_paid); absent on older answers. */
    amount_refunded: minorAmount.nullish(),
    /** Issue 40: what credit and debit notes did to it; absent until its first note (read as 0). */
    amount_credited: minorAmount.optional(),
    amount_debited: minorAmount.optional(),
    amount_refundable: minorAmount.optional(),
    ...einvoiceAnswerShape,
  })
  .passthrough();

export const clientSchema = z
  .object({
    id: z.string(),
    object: z.literal('client'),
    email: z.string(),
    name: z.string().nullish(),
    phone: z.string().nullish(),
    company: z.string().nullish(),
    tax_id: z.string().nullish(),
    gstin: z.string().nullish(),
    place_of_supply: z.string().nullish(),
    address: addressSchema.nullish(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .passthrough();

/** A product of the account's catalogue (contract: "The product resource", issue 42). */
export const productSchema = z
  .object({
    id: z.string(),
    object: z.literal('product'),
    name: z.string(),
    sku: z.string(),
    product_type: z.string(),
    hsn_sac: z.string().nullish(),
    gst_rate: z.string().nullish(),
    unit: z.string().nullish(),
    unit_price: minorAmount,
    currency: currencyCode,
    description: z.string().nullish(),
    archived: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .passthrough();

/**
 * A payment against an invoice: received over UPI by the service, or recorded through the API (a bank
 * transfer, cash). `upi` is null for anything but UPI; `reference` is the free reference (a NEFT/IMPS
 * UTR, a receipt number). `method` stays a plain string so a method the service adds later still reads.
 */
export const paymentSchema = z
  .object({
    id: z.string(),
    object: z.literal('payment'),
    invoice_id: z.string(),
    method: z.string(),
    amount: minorAmount,
    currency: currencyCode,
    upi: z.object({ vpa: z.string().nullish(), utr: z.string() }).passthrough().nullable(),
    reference: z.string().nullish(),
    note: z.string().nullish(),
    paid_at: timestamp,
    created_at: timestamp,
    livemode: z.boolean(),
    /** Issue 40: the sum of its refunds and their ids, oldest first; absent (0, none) on older answers. */
    amount_refunded: minorAmount.nullish(),
    refund_ids: z.array(z.string()).nullish(),
  })
  .passthrough();

export function listPageSchema<T extends z.ZodTypeAny>(item: T) {
  return z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      has_more: z.boolean(),
    })
    .passthrough();
}

export const webhookSubscriptionSchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook_endpoint').optional(),
    url: z.string(),
    events: z.array(z.string()),
    status: z.string(),
    description: z.string().nullish(),
    /** Returned only when the subscription is created. */
    secret: z.string().optional(),
    created_at: timestamp,
  })
  .passthrough();

/** RFC 9457 problem details, as the contract defines them. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string(),
    errors: z.array(z.object({ param: z.string(), message: z.string() }).passthrough()).optional(),
    request_id: z.string(),
  })
  .passthrough();

export type Account = z.infer<typeof accountSchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type Client = z.infer<typeof clientSchema>;
export type Payment = z.infer<typeof paymentSchema>;
export type Product = z.infer<typeof productSchema>;
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;
export type Problem = z.infer<typeof problemSchema>;
export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
}
