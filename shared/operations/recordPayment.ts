/**
 * Record Payment: money that arrived outside UPI (a bank transfer, cash), or a UPI payment the bank
 * reported, against an invoice. The editors give the UPI details as two flat fields; the body nests them.
 */
import { z } from 'zod';
import { FIELDS, UPI } from '../fields';
import { PAYMENT_LABELS, presentPayment } from '../present';
import { samplePresentedPayment } from '../samples';
import { checkUpi, paymentFields, utrInput, vpaInput } from '../schemas/paymentInputs';
import { idempotencyKeySchema, invoiceIdSchema, optional } from '../schemas/primitives';
import { paymentSchema } from '../schemas/resources';
import { defineOperation, read } from './define';

/** The body, as the service (and the sandbox) checks it. */
export const recordPaymentInputSchema = z.object({
  ...paymentFields,
  upi: z.object({ utr: utrInput, vpa: optional(vpaInput) }).strict().optional(),
}).strict().superRefine((input, ctx) =>
  checkUpi(input.method, input.upi?.utr, input.upi?.vpa, ctx, { utr: [UPI, 'utr'], vpa: [UPI, 'vpa'] }));

const input = z.object({
  invoice_id: invoiceIdSchema,
  ...paymentFields,
  utr: optional(utrInput),
  vpa: optional(vpaInput),
  idempotency_key: optional(idempotencyKeySchema),
}).strict().superRefine((given, ctx) => checkUpi(given.method, given.utr, given.vpa, ctx, { utr: ['utr'], vpa: ['vpa'] }));

const { payment, invoice } = FIELDS;

export const recordPayment = defineOperation({
  method: 'POST',
  path: '/invoices/{invoice_id}/payments',
  input,
  // Field by field, so nothing but the contract's body reaches the service.
  body: (given) => ({
    method: given.method,
    amount: given.amount,
    reference: given.reference,
    upi: given.utr === undefined ? undefined : { utr: given.utr, vpa: given.vpa },
    paid_at: given.paid_at,
    note: given.note,
  }),
  result: (body) => presentPayment(read(paymentSchema, body)),
  fields: [invoice.id, payment.method, payment.amount, payment.reference, payment.utr, payment.vpa, payment.paidAt, payment.note,
    payment.idempotencyKey],
  labels: PAYMENT_LABELS,
  sample: samplePresentedPayment,
});

export type RecordPaymentInput = z.output<typeof recordPaymentInputSchema>;
