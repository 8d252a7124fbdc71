import { z } from 'zod';
import { FIELDS } from '../fields';
import { INVOICE_LABELS, presentInvoice } from '../outputs';
import { samplePresentedTaxInvoice } from '../samples';
import { booleanInputOrFalse, emailInput, listQuery, oneOf, optional, optionalText } from '../schemas/primitives';
import { INVOICE_STATUSES, invoiceSchema, listPageSchema } from '../schemas/resources';
import { fastChecks } from '../schemas/fastChecks';
import { checkedPage } from './checkedPage';
import { defineOperation } from './define';
import { gstinInput } from '../gst/inputs';
import { calendarDateInput } from '../dueDates';

/** Days after the due date, as the overdue filter and the "N days overdue" triggers take them. */
export const DAYS_OVERDUE_ACCEPTED = 'a whole number of days from 1 to 365';
const DAYS_OVERDUE_RULE = `must be ${DAYS_OVERDUE_ACCEPTED}`;
export const daysOverdueInput = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ invalid_type_error: DAYS_OVERDUE_RULE })
    .int(DAYS_OVERDUE_RULE)
    .min(1, DAYS_OVERDUE_RULE)
    .max(365, DAYS_OVERDUE_RULE),
);

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
    overdue: optional(booleanInputOrFalse),
    due_before: optional(calendarDateInput),
    due_after: optional(calendarDateInput),
    days_overdue: optional(daysOverdueInput),
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
  fields: [
    list.limit,
    invoice.status,
    invoice.clientEmail,
    invoice.number,
    invoice.clientGstin,
    invoice.overdue,
    invoice.dueBefore,
    invoice.dueAfter,
    invoice.daysOverdue,
  ],
  labels: INVOICE_LABELS,
  sample: { object: 'list' as const, data: [samplePresentedTaxInvoice], has_more: false },
});

export type ListInvoicesQuery = z.output<typeof listInvoicesQuerySchema>;
