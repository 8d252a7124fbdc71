/**
 * Cancel E-Invoice: cancels an invoice's IRN at the IRP with one of its four reasons (docs/api-contract.md, "The
 * IRP's rules"). The IRP cancels only within 24 hours of generation: later the service answers 409
 * einvoice_cancel_window_passed in the IRP's words (2270), which only the service can judge, since only it knows
 * when the IRN was generated. A reason outside the list or a remark over 100 characters is refused before any
 * request.
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { EINVOICE_CANCEL_REASON_VALUES, EINVOICE_REMARK_MAX } from '../gst';
import { INVOICE_LABELS, presentInvoice } from '../outputs';
import { sampleEventsByType } from '../samples';
import { idempotencyKeySchema, invoiceIdSchema, oneOf, optional, optionalText } from '../schemas/primitives';
import { invoiceSchema } from '../schemas/resources';
import { defineOperation, read } from './define';

/** The body, as the service (and the sandbox) checks it. */
export const cancelEInvoiceInputSchema = z
  .object({
    cancel_reason: oneOf(EINVOICE_CANCEL_REASON_VALUES),
    cancel_remark: optionalText(EINVOICE_REMARK_MAX),
  })
  .strict();

export const cancelEInvoice = defineOperation({
  method: 'POST',
  path: '/invoices/{invoice_id}/einvoice/cancel',
  status: 200,
  contract: 'the-irps-rules',
  response: invoiceSchema,
  input: cancelEInvoiceInputSchema.extend({
    invoice_id: invoiceIdSchema,
    idempotency_key: optional(idempotencyKeySchema),
  }),
  bodySchema: cancelEInvoiceInputSchema,
  result: (body) => presentInvoice(read(invoiceSchema, body)),
  fields: [FIELDS.invoice.id, FIELDS.einvoice.cancelReason, FIELDS.einvoice.cancelRemark],
  labels: INVOICE_LABELS,
  sample: presentInvoice(sampleEventsByType['invoice.einvoice_cancelled'].data.invoice),
  display: {
    resource: 'eInvoice',
    label: 'Cancel E-Invoice',
    description:
      "Cancels an invoice's IRN at the IRP with a reason, within 24 hours of its generation; later, a credit note " +
      'corrects the invoice instead.',
    action: "Cancel an invoice's e-invoice",
  },
});

export type CancelEInvoiceInput = z.output<typeof cancelEInvoiceInputSchema>;
