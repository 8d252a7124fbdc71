/** Refunds, newest recorded first, filtered by payment, invoice, the refund's UPI reference or its reference. */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { REFUND_LABELS, presentRefund } from '../outputs';
import { samplePresentedRefund } from '../samples';
import { paymentIdSchema, utrInput } from '../schemas/paymentInputs';
import { invoiceIdSchema, listQuery, optional, optionalText } from '../schemas/primitives';
import { refundSchema } from '../schemas/refunds';
import { listPageSchema } from '../schemas/resources';
import { defineOperation, presentedPage } from './define';

/** The query, as the service (and the sandbox) checks it: filters combine with AND. */
export const listRefundsQuerySchema = z
  .object({
    ...listQuery,
    payment_id: optional(paymentIdSchema),
    invoice_id: optional(invoiceIdSchema),
    utr: optional(utrInput),
    reference: optionalText(100),
  })
  .strict();

const { refund, payment, invoice, list } = FIELDS;

export const listRefunds = defineOperation({
  method: 'GET',
  path: '/refunds',
  status: 200,
  contract: 'finding-refunds',
  response: listPageSchema(refundSchema),
  input: listRefundsQuerySchema,
  result: presentedPage(refundSchema, presentRefund),
  fields: [list.limit, payment.id, invoice.id, refund.utr, refund.reference],
  labels: REFUND_LABELS,
  sample: { object: 'list' as const, data: [samplePresentedRefund], has_more: false },
});

export type ListRefundsQuery = z.output<typeof listRefundsQuerySchema>;
