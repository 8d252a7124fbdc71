/**
 * Record Payment: money that arrived outside UPI (a bank transfer, cash), or a UPI payment the bank
 * reported, against an invoice. The editors give the UPI details as two flat fields; the body nests them.
 * The amount is typed in the invoice's currency, so the invoice is read first; a malformed amount is
 * refused before that read, and one the currency cannot hold (too many decimals) before anything is
 * recorded. In minor units the amount goes as the wire takes it, with no read.
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { PAYMENT_LABELS, presentPayment } from '../outputs';
import { samplePresentedPayment } from '../samples';
import { checkUpi, paymentFields, utrInput, vpaInput } from '../schemas/paymentInputs';
import { UPI } from '../schemas/paymentMethods';
import { idempotencyKeySchema, invoiceIdSchema, optional } from '../schemas/primitives';
import { builtAround } from '../schemas/builtAround';
import { paymentSchema } from '../schemas/resources';
import { onTheWire } from '../schemas/wire';
import { given } from '../schemas/wireKeywords';
import { defineOperation, read } from './define';
import { getInvoice } from './getInvoice';

/** The body, as the service (and the sandbox) checks it. */
export const recordPaymentInputSchema = z
  .object({
    ...paymentFields,
    upi: z
      .object({ utr: utrInput, vpa: optional(vpaInput) })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((input, ctx) =>
    checkUpi(input.method, input.upi?.utr, input.upi?.vpa, ctx, { utr: [UPI, 'utr'], vpa: [UPI, 'vpa'] }),
  );
// checkUpi on the wire: a UPI payment carries `upi` (whose `utr` is required), any other method none.
onTheWire(recordPaymentInputSchema, {
  if: { properties: { method: { const: UPI } } },
  then: given(UPI),
  else: { not: given(UPI) },
});

const input = builtAround(
  z
    .object({
      invoice_id: invoiceIdSchema,
      ...paymentFields,
      utr: optional(utrInput),
      vpa: optional(vpaInput),
      idempotency_key: optional(idempotencyKeySchema),
    })
    .strict(),
  (payment) =>
    payment.superRefine((given, ctx) =>
      checkUpi(given.method, given.utr, given.vpa, ctx, { utr: ['utr'], vpa: ['vpa'] }),
    ),
);

const { payment, invoice } = FIELDS;

export const recordPayment = defineOperation({
  method: 'POST',
  path: '/invoices/{invoice_id}/payments',
  status: 201,
  contract: 'recording-a-payment',
  response: paymentSchema,
  input,
  bodySchema: recordPaymentInputSchema,
  nested: { upi: ['utr', 'vpa'] },
  amounts: { at: ['amount'], currency: { from: getInvoice, key: 'invoice_id' }, min: 1 },
  result: (body) => presentPayment(read(paymentSchema, body)),
  // Which invoice, how much, how it arrived, then the details and options.
  fields: [
    invoice.id,
    payment.amount,
    payment.method,
    payment.utr,
    payment.vpa,
    payment.reference,
    payment.paidAt,
    payment.note,
    payment.amountUnit,
    payment.idempotencyKey,
  ],
  labels: PAYMENT_LABELS,
  sample: samplePresentedPayment,
});

export type RecordPaymentInput = z.output<typeof recordPaymentInputSchema>;
