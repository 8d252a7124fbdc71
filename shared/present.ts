/**
 * What a user sees of an object: the service's fields plus a formatted twin of every amount, and the
 * labels of its fields, keyed by the field's path in the flat output Zapier shows (`items[]amount`,
 * `whatsapp__status`, `address__city`).
 */
import { FIELDS } from './fields';
import { formatMinor } from './money';
import type { Invoice } from './schemas/resources';

const RECORD_LABELS = {
  id: 'ID',
  object: 'Object Type',
  livemode: 'Live Mode',
  created_at: 'Created At',
  updated_at: 'Updated At',
};

/** Amount fields and their formatted twins, shared by invoices and the events about them. */
export const AMOUNT_LABELS = {
  amount_due: 'Amount Due (Minor Units)',
  amount_due_formatted: 'Amount Due',
  amount_paid: 'Amount Paid (Minor Units)',
  amount_paid_formatted: 'Amount Paid',
  amount_remaining: 'Amount Remaining (Minor Units)',
  amount_remaining_formatted: 'Amount Remaining',
};

export const INVOICE_LABELS: Readonly<Record<string, string>> = {
  ...RECORD_LABELS,
  number: 'Invoice Number',
  status: 'Status',
  client_id: 'Client ID',
  client_email: 'Client Email',
  currency: 'Currency',
  'items[]description': 'Line Item Description',
  'items[]amount': 'Line Item Amount (Minor Units)',
  'items[]amount_formatted': 'Line Item Amount',
  ...AMOUNT_LABELS,
  auto_send_whatsapp: 'Send on WhatsApp',
  whatsapp__status: 'WhatsApp Status',
  whatsapp__error_code: 'WhatsApp Error Code',
  whatsapp__error_message: 'WhatsApp Error',
  hosted_url: 'Invoice Link',
};

const { id: _id, email: _email, name: _name, phone: _phone, company: _company, taxId: _taxId, ...ADDRESS } = FIELDS.client;

export const CLIENT_LABELS: Readonly<Record<string, string>> = {
  ...RECORD_LABELS,
  email: 'Email',
  name: 'Name',
  phone: 'Phone',
  company: 'Company',
  tax_id: 'Tax ID',
  ...Object.fromEntries(Object.values(ADDRESS).map((spec) => [`address__${spec.key}`, spec.label])),
};

export type PresentedInvoice = Invoice & {
  items: Array<Invoice['items'][number] & { amount_formatted: string }>;
  amount_due_formatted: string;
  amount_paid_formatted: string;
  amount_remaining_formatted: string;
};

export function presentInvoice(invoice: Invoice): PresentedInvoice {
  const format = (amount: number) => formatMinor(amount, invoice.currency);
  return {
    ...invoice,
    items: invoice.items.map((item) => ({ ...item, amount_formatted: format(item.amount) })),
    amount_due_formatted: format(invoice.amount_due),
    amount_paid_formatted: format(invoice.amount_paid),
    amount_remaining_formatted: format(invoice.amount_remaining),
  };
}
