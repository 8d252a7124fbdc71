import { z } from 'zod';
import { FIELDS } from '../fields';
import { INVOICE_LABELS, presentInvoice } from '../present';
import { samplePresentedTaxInvoice } from '../samples';
import { booleanInputOrFalse, emailInput, listQuery, oneOf, optional, optionalText } from '../schemas/primitives';
import { INVOICE_STATUSES, invoiceSchema, listPageSchema } from '../schemas/resources';
import { fastChecks } from '../schemas/fastChecks';
import { checkedPage } from './checkedPage';
import { defineOperation } from './define';
import { gstinInput } from '../gst/inputs';

export const invoiceStatusInput = oneOf(INVOICE_STATUSES);

/** The query, as the service (and the sandbox) checks it. */
export const listInvoicesQuerySchema = z
  .object({
    ...listQuery,
    status: optional(invoiceStatusInput),
    client_email: optional(emailInput),
    number: optionalText(50),
    search: optionalText(100),
    owed: optional(booleanInputOrFalse),
    client_gstin: optional(gstinInput),
  })
  .strict();

const { invoice, list } = FIELDS;

export const listInvoices = defineOperation({
  method: 'GET',
  path: '/invoices',
  status: 200,
  contract: 'lists-and-paging',
  response: listPageSchema(invoiceSchema),
  input: listInvoicesQuerySchema,
  result: checkedPage(invoiceSchema, presentInvoice, fastChecks.invoicePage),
  fields: [list.limit, invoice.status, invoice.clientEmail, invoice.number, invoice.clientGstin],
  labels: INVOICE_LABELS,
  sample: { object: 'list' as const, data: [samplePresentedTaxInvoice], has_more: false },
});

export type ListInvoicesQuery = z.output<typeof listInvoicesQuerySchema>;
