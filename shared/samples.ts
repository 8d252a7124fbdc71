/**
 * One realistic example of every object and event, valid against the schemas (tests prove it). Zapier
 * shows them as samples, n8n docs quote them, the sandbox's tests compare shapes against them.
 */
import { presentInvoice, presentNote, presentPayment, presentProduct, presentRefund } from './outputs';
import type { Refund } from './schemas/refunds';
import type { CreditNote, DebitNote } from './schemas/notes';
import type { Account, Client, Invoice, Payment, Product, WebhookSubscription } from './schemas/resources';
import type {
  CreditNoteCreatedEvent,
  DebitNoteCreatedEvent,
  InvoiceCreditedEvent,
  InvoiceDebitedEvent,
  ClientCreatedEvent,
  ClientUpdatedEvent,
  InvoiceCreatedEvent,
  InvoiceDeliveryFailedEvent,
  InvoiceDisputedEvent,
  InvoiceOverdueEvent,
  InvoicePaidEvent,
  InvoiceSentEvent,
  InvoiceViewedEvent,
  InvoiceVoidedEvent,
  InvoiceRefundedEvent,
  EInvoiceEvent,
  ProductCreatedEvent,
  ProductUpdatedEvent,
} from './schemas/webhookEvents';
import type { Delivery } from './schemas/delivery';

export const sampleAccount: Account = {
  id: 'acct_1PqR7sT2uV3wX4yZ',
  name: 'Sharma Design Studio',
  email: 'billing@sharmadesign.example',
  livemode: false,
  time_zone: 'Asia/Kolkata',
  upi_vpa: 'sharmadesign@okicici',
};

export const sampleClient: Client = {
  id: 'cli_NffrFeUfNV2Hib',
  object: 'client',
  email: 'ana@example.com',
  name: 'Ana Sharma',
  phone: '+919812345678',
  company: 'Ana Sharma Photography',
  tax_id: '27AAPFU0939F1ZV',
  gstin: '27AAPFU0939F1ZV',
  place_of_supply: '27',
  address: {
    line1: '12 MG Road',
    line2: 'Floor 3',
    city: 'Pune',
    state: 'Maharashtra',
    postal_code: '411001',
    country: 'IN',
  },
  created_at: '2026-05-02T09:14:03Z',
  updated_at: '2026-05-02T09:14:03Z',
};

export const sampleInvoice: Invoice = {
  id: 'inv_3MtwBwLkdIwHu7ix',
  object: 'invoice',
  number: 'INV-000123',
  status: 'open',
  client_id: sampleClient.id,
  client_email: sampleClient.email,
  currency: 'INR',
  items: [
    { description: 'Website design, May', amount: 1250000 },
    { description: 'Hosting, 12 months', amount: 240000 },
  ],
  amount_due: 1490000,
  amount_paid: 0,
  amount_remaining: 1490000,
  auto_send_whatsapp: true,
  whatsapp: { status: 'sent' },
  hosted_url: 'https://pay.invoicing.example/i/inv_3MtwBwLkdIwHu7ix',
  livemode: false,
  created_at: '2026-05-02T09:15:40Z',
  updated_at: '2026-05-02T09:15:41Z',
  due_date: '2026-05-17',
  payment_terms: 'net_15',
  overdue: false,
  days_overdue: 0,
  upi_link: 'upi://pay?pa=sharmadesign%40okicici&pn=Sharma%20Design%20Studio&am=14900.00&cu=INR&tn=INV-000123',
};

export const samplePresentedInvoice = presentInvoice(sampleInvoice);

/**
 * The same work billed as a tax invoice within Maharashtra (supplier and client both in state 27): each line
 * priced by quantity and unit price, 18 % GST split into CGST + SGST of 9 % each (worked by hand:
 * 12,500.00 × 9 % = 1,125.00; 2,400.00 × 9 % = 216.00).
 */
export const sampleTaxInvoice: Invoice = {
  ...sampleInvoice,
  items: [
    {
      description: 'Website design, May',
      amount: 1250000,
      quantity: 1,
      unit: 'project',
      unit_price: 1250000,
      hsn_sac: '998314',
      gst_rate: '18',
      // Filled from the catalogue (issue 42): the line keeps the product it came from beside what it was issued with.
      product_id: 'prod_4Kq9TmW2xYz',
      sku: 'WEB-DESIGN',
      cgst: 112500,
      sgst: 112500,
      utgst: 0,
      igst: 0,
      tax: 225000,
      total: 1475000,
    },
    {
      description: 'Hosting, 12 months',
      amount: 240000,
      quantity: 12,
      unit: 'month',
      unit_price: 20000,
      hsn_sac: '998315',
      gst_rate: '18',
      cgst: 21600,
      sgst: 21600,
      utgst: 0,
      igst: 0,
      tax: 43200,
      total: 283200,
    },
  ],
  amount_due: 1758200,
  amount_remaining: 1758200,
  tax: {
    supplier_gstin: '27ABCFS1234K1Z7',
    supplier_state: '27',
    client_gstin: sampleClient.gstin ?? null,
    place_of_supply: '27',
    place_of_supply_name: 'Maharashtra',
    supply_type: 'intra_state',
    taxable_value: 1490000,
    cgst: 134100,
    sgst: 134100,
    utgst: 0,
    igst: 0,
    total_tax: 268200,
    total: 1758200,
  },
};

/** A service in the catalogue (issue 42): website design, whose SAC is 998314 (IT design), at 18 %. */
export const sampleProduct: Product = {
  id: 'prod_4Kq9TmW2xYz',
  object: 'product',
  name: 'Website design',
  sku: 'WEB-DESIGN',
  product_type: 'service',
  hsn_sac: '998314',
  gst_rate: '18',
  unit: 'project',
  unit_price: 1250000,
  currency: 'INR',
  description: 'Website design, May',
  archived: false,
  created_at: '2026-05-01T08:00:00Z',
  updated_at: '2026-05-01T08:00:00Z',
};

export const samplePresentedProduct = presentProduct(sampleProduct);

/** What Create Invoice and Get Many answer in Zapier's sample: a tax invoice, so every GST field shows. */
export const samplePresentedTaxInvoice = presentInvoice(sampleTaxInvoice);

const { tax: issuedTax } = sampleTaxInvoice;
const issued = {
  supplier_gstin: issuedTax?.supplier_gstin ?? '',
  supplier_state: issuedTax?.supplier_state ?? '',
  client_gstin: issuedTax?.client_gstin ?? null,
  place_of_supply: issuedTax?.place_of_supply ?? '',
  place_of_supply_name: issuedTax?.place_of_supply_name ?? '',
  supply_type: issuedTax?.supply_type ?? '',
};

/**
 * 3 of the tax invoice's 12 months of hosting credited (worked by hand: 12 × 200.00 − 9 × 200.00 = 600.00
 * taxable; 600.00 × 9 % = 54.00 each of CGST and SGST; 708.00 in all).
 */
export const sampleCreditNote: CreditNote = {
  id: 'cn_1PqR7sHq8ZkYd3Tx',
  object: 'credit_note',
  number: 'CN-000001',
  status: 'issued',
  invoice_id: sampleTaxInvoice.id,
  invoice_number: sampleTaxInvoice.number,
  invoice_date: '2026-05-02',
  note_reason: 'deficiency_in_service',
  note: 'Hosting down in June: 3 months credited',
  currency: 'INR',
  lines: [
    {
      line: 2,
      description: 'Hosting, 12 months',
      hsn_sac: '998315',
      gst_rate: '18',
      quantity: 3,
      unit: 'month',
      unit_price: 20000,
      amount: 60000,
      cgst: 5400,
      sgst: 5400,
      utgst: 0,
      igst: 0,
      tax: 10800,
      total: 70800,
    },
  ],
  taxable_value: 60000,
  cgst: 5400,
  sgst: 5400,
  utgst: 0,
  igst: 0,
  total_tax: 10800,
  total: 70800,
  tax: issued,
  livemode: false,
  created_at: '2026-06-03T10:00:00Z',
};

/** ₹1,000.00 more on the design line (a price revised upward): 90.00 each of CGST and SGST, 1,180.00 in all. */
export const sampleDebitNote: DebitNote = {
  ...sampleCreditNote,
  id: 'dn_1PqR7sHq8ZkYd3Tx',
  object: 'debit_note',
  number: 'DN-000001',
  note_reason: 'correction',
  note: 'Extra page agreed on 2 June',
  lines: [
    {
      line: 1,
      description: 'Website design, May',
      hsn_sac: '998314',
      gst_rate: '18',
      unit: 'project',
      unit_price: 1250000,
      amount: 100000,
      cgst: 9000,
      sgst: 9000,
      utgst: 0,
      igst: 0,
      tax: 18000,
      total: 118000,
    },
  ],
  taxable_value: 100000,
  cgst: 9000,
  sgst: 9000,
  total_tax: 18000,
  total: 118000,
};

export const samplePresentedCreditNote = presentNote(sampleCreditNote);
export const samplePresentedDebitNote = presentNote(sampleDebitNote);

export const sampleWebhook: WebhookSubscription = {
  id: 'we_1NpLs2Hq8ZkYd3Tx',
  object: 'webhook_endpoint',
  url: 'https://hooks.zapier.com/hooks/standard/123456/abcdef/',
  events: ['invoice.paid'],
  status: 'enabled',
  description: 'Zapier: Invoice Paid (UPI)',
  created_at: '2026-05-02T09:20:00Z',
};

/** A UPI payment received by the service; a recorded bank transfer has `upi: null` and a `reference`. */
export const samplePayment: Payment = {
  id: 'pay_1NqW2cHq8ZkYd3Tx',
  object: 'payment',
  invoice_id: sampleInvoice.id,
  method: 'upi',
  amount: 1490000,
  currency: 'INR',
  upi: { vpa: 'ana.sharma@okaxis', utr: '412345678901' },
  reference: null,
  note: null,
  paid_at: '2026-05-02T11:30:45Z',
  created_at: '2026-05-02T11:30:45Z',
  livemode: false,
  amount_refunded: 0,
  refund_ids: [],
};

export const samplePresentedPayment = presentPayment(samplePayment);

/** ₹5,000.00 of the sample payment sent back over UPI (docs/api-contract.md, "Refunds"). */
export const sampleRefund: Refund = {
  id: 'rf_1NrA8kHq8ZkYd3Tx',
  object: 'refund',
  payment_id: samplePayment.id,
  invoice_id: samplePayment.invoice_id,
  amount: 500000,
  currency: 'INR',
  method: samplePayment.method,
  upi: { utr: '512345678902' },
  reference: null,
  note: 'Hosting cancelled',
  status: 'succeeded',
  refunded_at: '2026-05-06T10:00:00Z',
  created_at: '2026-05-06T10:00:05Z',
  livemode: false,
};

export const samplePresentedRefund = presentRefund(sampleRefund);

const created: InvoiceCreatedEvent = {
  id: 'evt_1NqU1aHq8ZkYd3TxNew',
  type: 'invoice.created',
  created_at: '2026-05-02T09:15:41Z',
  livemode: false,
  data: { invoice: sampleInvoice },
};

const clientCreated: ClientCreatedEvent = {
  id: 'evt_1NqT0zHq8ZkYd3TxCli',
  type: 'client.created',
  created_at: '2026-05-02T09:14:03Z',
  livemode: false,
  data: { client: sampleClient },
};

const clientUpdated: ClientUpdatedEvent = {
  id: 'evt_1NqY3eHq8ZkYd3TxUpd',
  type: 'client.updated',
  created_at: '2026-05-04T12:00:00Z',
  livemode: false,
  data: {
    client: { ...sampleClient, email: 'ana@sharmaphoto.example', updated_at: '2026-05-04T12:00:00Z' },
    previous_attributes: { email: sampleClient.email },
  },
};

const productCreated: ProductCreatedEvent = {
  id: 'evt_1NqS7xHq8ZkYd3TxPrd',
  type: 'product.created',
  created_at: sampleProduct.created_at,
  livemode: false,
  data: { product: sampleProduct },
};

/** The design's price raised from ₹12,500.00 to ₹15,000.00 (contract: "Product events"). */
const productUpdated: ProductUpdatedEvent = {
  id: 'evt_1NqY4fHq8ZkYd3TxPru',
  type: 'product.updated',
  created_at: '2026-05-04T12:30:00Z',
  livemode: false,
  data: {
    product: { ...sampleProduct, unit_price: 1500000, updated_at: '2026-05-04T12:30:00Z' },
    previous_attributes: { unit_price: sampleProduct.unit_price },
  },
};

const viewed: InvoiceViewedEvent = {
  id: 'evt_1NqV8bHq8ZkYd3TxView',
  type: 'invoice.viewed',
  created_at: '2026-05-02T10:02:11Z',
  livemode: false,
  data: {
    invoice: {
      ...sampleInvoice,
      status: 'viewed',
      viewed_at: '2026-05-02T10:02:11Z',
      updated_at: '2026-05-02T10:02:11Z',
    },
    view: { viewed_at: '2026-05-02T10:02:11Z', channel: 'whatsapp' },
  },
};

const paid: InvoicePaidEvent = {
  id: 'evt_1NqW2cHq8ZkYd3TxPaid',
  type: 'invoice.paid',
  created_at: '2026-05-02T11:30:45Z',
  livemode: false,
  data: {
    invoice: {
      ...sampleInvoice,
      status: 'paid',
      amount_paid: 1490000,
      amount_remaining: 0,
      viewed_at: '2026-05-02T10:02:11Z',
      paid_at: '2026-05-02T11:30:45Z',
      updated_at: '2026-05-02T11:30:45Z',
    },
    payment: samplePayment,
  },
};

const disputed: InvoiceDisputedEvent = {
  id: 'evt_1NqX9dHq8ZkYd3TxDisp',
  type: 'invoice.disputed',
  created_at: '2026-05-03T08:05:00Z',
  livemode: false,
  data: {
    invoice: {
      ...sampleInvoice,
      status: 'disputed',
      disputed_at: '2026-05-03T08:05:00Z',
      updated_at: '2026-05-03T08:05:00Z',
    },
    dispute: {
      id: 'dsp_1NqX9dHq8ZkYd3Tx',
      reason: 'amount_incorrect',
      note: 'Hosting was agreed at ₹2,000.',
      opened_at: '2026-05-03T08:05:00Z',
    },
  },
};

/** Issue 29: the invoice sent on WhatsApp, a delivery refused, the invoice past its due date, voided. */
export const sampleDelivery: Delivery = {
  id: 'dlv_1NqZ4fHq8ZkYd3Tx',
  object: 'delivery',
  invoice_id: sampleInvoice.id,
  channel: 'whatsapp',
  kind: 'invoice',
  to: sampleClient.phone ?? null,
  status: 'sent',
  created_at: '2026-05-02T09:15:41Z',
};

const sent: InvoiceSentEvent = {
  id: 'evt_1NqZ4fHq8ZkYd3TxSent',
  type: 'invoice.sent',
  created_at: '2026-05-02T09:15:42Z',
  livemode: false,
  data: { invoice: sampleInvoice, delivery: sampleDelivery },
};

const deliveryFailed: InvoiceDeliveryFailedEvent = {
  id: 'evt_1NqZ5gHq8ZkYd3TxFail',
  type: 'invoice.delivery_failed',
  created_at: '2026-05-02T09:15:42Z',
  livemode: false,
  data: {
    invoice: sampleInvoice,
    delivery: {
      ...sampleDelivery,
      id: 'dlv_1NqZ5gHq8ZkYd3Tx',
      status: 'failed',
      failure_code: 'not_on_whatsapp',
      failure_message: "The client's number has no WhatsApp account. Send the invoice by e-mail instead.",
    },
  },
};

const overdue: InvoiceOverdueEvent = {
  id: 'evt_1NqZ6hHq8ZkYd3TxOver',
  type: 'invoice.overdue',
  created_at: '2026-05-17T18:30:00Z',
  livemode: false,
  data: {
    invoice: { ...sampleInvoice, overdue: true, days_overdue: 1, updated_at: '2026-05-17T18:30:00Z' },
    overdue: { due_date: '2026-05-17', days_overdue: 1 },
  },
};

/** What voiding changes on an invoice (contract: "Voiding"). */
const VOIDED = {
  status: 'void',
  amount_remaining: 0,
  upi_link: null,
  voided_at: '2026-05-05T08:00:00Z',
  updated_at: '2026-05-05T08:00:00Z',
} as const;

/** Void Invoice's answer: the tax invoice voided, so its sample shows every field Create Invoice's does. */
export const samplePresentedVoidedInvoice = presentInvoice({ ...sampleTaxInvoice, ...VOIDED });

const voided: InvoiceVoidedEvent = {
  id: 'evt_1NqZ7iHq8ZkYd3TxVoid',
  type: 'invoice.voided',
  created_at: '2026-05-05T08:00:00Z',
  livemode: false,
  data: { invoice: { ...sampleInvoice, ...VOIDED } },
};

/** Issue 41: what the IRP's answer adds to a B2B tax invoice (an illustrative IRN and a shortened JWS). */
const EINVOICED = {
  einvoice_status: 'generated',
  irn: '5d1b4e8f9c2a7e3b6f0d4c8a1e5b9f2d7c3a6e0b4f8d1c5a9e2b6f3d7c0a4e8b',
  ack_no: '112010000000123',
  ack_date: '2026-05-02T14:45:41+05:30',
  signed_qr: 'eyJhbGciOiJSUzI1NiIsImtpZCI6IjlmMmQ3YzNhNmUwYjRmOGQiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie30ifQ.c2ln',
} as const;
const einvoiceEvent = <T extends EInvoiceEvent['type']>(type: T, id: string, invoice: Invoice) => ({
  id,
  type,
  created_at: '2026-05-02T09:15:41Z',
  livemode: false,
  data: { invoice },
});
const einvoiceGenerated = einvoiceEvent('invoice.einvoice_generated', 'evt_1NqU1aHq8ZkYd3TxIrnG', {
  ...sampleTaxInvoice,
  ...EINVOICED,
});
const einvoiceFailed = einvoiceEvent('invoice.einvoice_failed', 'evt_1NqU1aHq8ZkYd3TxIrnF', {
  ...sampleTaxInvoice,
  einvoice_status: 'failed',
  einvoice_error_code: '3029',
  einvoice_error_message:
    "The client's GSTIN is not active: the IRP accepts B2B documents only for active registrations; " +
    'confirm the GSTIN with the client.',
});
const einvoiceCancelled = einvoiceEvent('invoice.einvoice_cancelled', 'evt_1NqU1aHq8ZkYd3TxIrnC', {
  ...sampleTaxInvoice,
  ...EINVOICED,
  einvoice_status: 'cancelled',
  einvoice_cancelled_at: '2026-05-02T18:00:00+05:30',
  einvoice_cancel_reason: 'data_entry_mistake',
});

const refunded: InvoiceRefundedEvent = {
  id: 'evt_1NrA8kHq8ZkYd3TxRefd',
  type: 'invoice.refunded',
  created_at: '2026-05-06T10:00:05Z',
  livemode: false,
  data: {
    invoice: {
      ...sampleInvoice,
      status: 'partially_paid',
      amount_paid: 990000,
      amount_remaining: 500000,
      amount_refunded: 500000,
      updated_at: '2026-05-06T10:00:05Z',
    },
    payment: { ...samplePayment, amount_refunded: 500000, refund_ids: [sampleRefund.id] },
    refund: sampleRefund,
  },
};

/** The tax invoice after the sample credit note: ₹708.00 less owed. */
const credited = {
  ...sampleTaxInvoice,
  amount_credited: sampleCreditNote.total,
  amount_debited: 0,
  amount_refundable: 0,
  amount_remaining: sampleTaxInvoice.amount_remaining - sampleCreditNote.total,
  updated_at: sampleCreditNote.created_at,
};
/** The tax invoice after the sample debit note: ₹1,180.00 more owed. */
const debited = {
  ...sampleTaxInvoice,
  amount_credited: 0,
  amount_debited: sampleDebitNote.total,
  amount_refundable: 0,
  amount_remaining: sampleTaxInvoice.amount_remaining + sampleDebitNote.total,
  updated_at: sampleDebitNote.created_at,
};
const noteEvent = { created_at: sampleCreditNote.created_at, livemode: false };
const creditNoteCreated: CreditNoteCreatedEvent = {
  ...noteEvent,
  id: 'evt_1PqR7sHq8ZkYd3TxCnNew',
  type: 'credit_note.created',
  data: { credit_note: sampleCreditNote, invoice: credited },
};
const invoiceCredited: InvoiceCreditedEvent = {
  ...noteEvent,
  id: 'evt_1PqR7sHq8ZkYd3TxCred',
  type: 'invoice.credited',
  data: { invoice: credited, credit_note: sampleCreditNote },
};
const debitNoteCreated: DebitNoteCreatedEvent = {
  ...noteEvent,
  id: 'evt_1PqR7sHq8ZkYd3TxDnNew',
  type: 'debit_note.created',
  data: { debit_note: sampleDebitNote, invoice: debited },
};
const invoiceDebited: InvoiceDebitedEvent = {
  ...noteEvent,
  id: 'evt_1PqR7sHq8ZkYd3TxDebt',
  type: 'invoice.debited',
  data: { invoice: debited, debit_note: sampleDebitNote },
};

export const sampleEvents = {
  created,
  viewed,
  paid,
  disputed,
  clientCreated,
  clientUpdated,
  sent,
  deliveryFailed,
  overdue,
  voided,
  refunded,
  creditNoteCreated,
  invoiceCredited,
  debitNoteCreated,
  invoiceDebited,
  einvoiceGenerated,
  einvoiceFailed,
  einvoiceCancelled,
  productCreated,
  productUpdated,
};

/** Samples keyed by event type, for code that holds a type rather than a name. */
export const sampleEventsByType = {
  'invoice.created': created,
  'invoice.viewed': viewed,
  'invoice.paid': paid,
  'invoice.disputed': disputed,
  'client.created': clientCreated,
  'client.updated': clientUpdated,
  'invoice.sent': sent,
  'invoice.delivery_failed': deliveryFailed,
  'invoice.overdue': overdue,
  'invoice.voided': voided,
  'invoice.refunded': refunded,
  'credit_note.created': creditNoteCreated,
  'invoice.credited': invoiceCredited,
  'debit_note.created': debitNoteCreated,
  'invoice.debited': invoiceDebited,
  'invoice.einvoice_generated': einvoiceGenerated,
  'invoice.einvoice_failed': einvoiceFailed,
  'invoice.einvoice_cancelled': einvoiceCancelled,
  'product.created': productCreated,
  'product.updated': productUpdated,
} as const;
