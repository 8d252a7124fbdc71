import { z } from 'zod';
import { FIELDS } from '../fields';
import { INVOICE_LABELS, presentInvoice } from '../present';
import { samplePresentedInvoice } from '../samples';
import { emailInput, listQuery, oneOf, optional, optionalText } from '../schemas/primitives';
import { INVOICE_STATUSES, invoiceSchema, listPageSchema } from '../schemas/resources';
import { defineOperation, read } from './define';

export const invoiceStatusInput = oneOf(INVOICE_STATUSES);

/** The query, as the service (and the sandbox) checks it. */
export const listInvoicesQuerySchema = z.object({
  ...listQuery,
  status: optional(invoiceStatusInput),
  client_email: optional(emailInput),
  number: optionalText(50),
}).strict();

const invoicePage = listPageSchema(invoiceSchema);
const { invoice, list } = FIELDS;

export const listInvoices = defineOperation({
  method: 'GET',
  path: '/invoices',
  input: listInvoicesQuerySchema,
  result: (body) => {
    const page = read(invoicePage, body);
    return { object: 'list' as const, data: page.data.map(presentInvoice), has_more: page.has_more };
  },
  fields: [list.limit, invoice.status, invoice.clientEmail, invoice.number],
  labels: INVOICE_LABELS,
  sample: { object: 'list' as const, data: [samplePresentedInvoice], has_more: false },
});

export type ListInvoicesQuery = z.output<typeof listInvoicesQuerySchema>;
