import { z } from 'zod';
import { FIELDS } from '../fields';
import { INVOICE_LABELS, presentInvoice } from '../outputs';
import { samplePresentedTaxInvoice } from '../samples';
import { invoiceIdSchema } from '../schemas/primitives';
import { invoiceSchema } from '../schemas/resources';
import { defineOperation, read } from './define';

export const getInvoice = defineOperation({
  method: 'GET',
  path: '/invoices/{invoice_id}',
  status: 200,
  contract: 'the-invoice-as-returned',
  response: invoiceSchema,
  input: z.object({ invoice_id: invoiceIdSchema }).strict(),
  result: (body) => presentInvoice(read(invoiceSchema, body)),
  fields: [FIELDS.invoice.id],
  labels: INVOICE_LABELS,
  sample: samplePresentedTaxInvoice,
});
