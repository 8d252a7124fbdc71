/**
 * Void Invoice: cancels an invoice nothing has been paid on; it then owes nothing, leaves the payment
 * pickers and cannot be paid or sent (docs/api-contract.md, "Voiding"). A paid or partly paid invoice is
 * refused by the service with 409 invoice_has_payments, and a tax invoice sent and issued more than 24 hours
 * ago with 409 invoice_issued naming Create Credit Note ("Voiding a tax invoice"): the connectors show both
 * as they are, since only the service knows whether and when it was sent.
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { INVOICE_LABELS, presentInvoice } from '../outputs';
import { samplePresentedVoidedInvoice } from '../samples';
import { idempotencyKeySchema, invoiceIdSchema, optional } from '../schemas/primitives';
import { invoiceSchema } from '../schemas/resources';
import { defineOperation, read } from './define';

export const voidInvoice = defineOperation({
  method: 'POST',
  path: '/invoices/{invoice_id}/void',
  status: 200,
  contract: 'voiding',
  response: invoiceSchema,
  input: z.object({ invoice_id: invoiceIdSchema, idempotency_key: optional(idempotencyKeySchema) }).strict(),
  bodySchema: z.object({}).strict(),
  result: (body) => presentInvoice(read(invoiceSchema, body)),
  fields: [FIELDS.invoice.id],
  labels: INVOICE_LABELS,
  sample: samplePresentedVoidedInvoice,
  display: {
    resource: 'invoice',
    label: 'Void Invoice',
    description:
      'Cancels an invoice nothing has been paid on (a tax invoice only before it is sent or within 24 hours): ' +
      'it then owes nothing and cannot be paid or sent.',
    action: 'Void an invoice',
  },
});
