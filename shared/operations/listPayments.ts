/** Payments, newest recorded first, filtered by invoice, UPI reference, reference, method and a paid-at period. */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { PAYMENT_LABELS, presentPayment } from '../outputs';
import { samplePresentedPayment } from '../samples';
import { paymentMethodInput, timestampInput, utrInput } from '../schemas/paymentInputs';
import { invoiceIdSchema, listQuery, optional, optionalText } from '../schemas/primitives';
import { listPageSchema, paymentSchema } from '../schemas/resources';
import { fastChecks } from '../schemas/fastChecks';
import { onTheWire } from '../schemas/wire';
import { checkedPage } from './checkedPage';
import { defineOperation } from './define';

/** The query, as the service (and the sandbox) checks it: filters combine with AND; the period is half-open. */
export const listPaymentsQuerySchema = z
  .object({
    ...listQuery,
    invoice_id: optional(invoiceIdSchema),
    utr: optional(utrInput),
    reference: optionalText(100),
    method: optional(paymentMethodInput),
    paid_from: optional(timestampInput),
    // Later than paid_from: JSON Schema compares no two values, so `x-rule` names it.
    paid_before: onTheWire(optional(timestampInput), { 'x-rule': 'later-than-paid-from' }),
  })
  .strict()
  .superRefine((query, ctx) => {
    // Both are normalised to UTC whole seconds, so text order is time order.
    if (query.paid_from && query.paid_before && query.paid_before <= query.paid_from) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['paid_before'], message: 'must be later than Paid From' });
    }
  });

const { payment, invoice, list } = FIELDS;

export const listPayments = defineOperation({
  method: 'GET',
  path: '/payments',
  status: 200,
  contract: 'finding-payments',
  response: listPageSchema(paymentSchema),
  input: listPaymentsQuerySchema,
  result: checkedPage(paymentSchema, presentPayment, fastChecks.paymentPage),
  fields: [
    list.limit,
    invoice.id,
    payment.utr,
    payment.reference,
    payment.method,
    payment.paidFrom,
    payment.paidBefore,
  ],
  labels: PAYMENT_LABELS,
  sample: { object: 'list' as const, data: [samplePresentedPayment], has_more: false },
});

export type ListPaymentsQuery = z.output<typeof listPaymentsQuerySchema>;
