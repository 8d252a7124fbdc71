/**
 * Record Refund: money that went back to the client against one payment (docs/api-contract.md, "Refunds").
 * The amount is typed in the payment's currency, so the payment is read first, as Record Payment reads its
 * invoice, and that read refuses more than remains refundable of it before the refund is written, on Amount, in
 * the service's words (contract: "Checked against what it corrects").
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { REFUND_LABELS, presentRefund } from '../outputs';
import { samplePresentedRefund } from '../samples';
import { checkUpi, paymentIdSchema, utrInput } from '../schemas/paymentInputs';
import { UPI } from '../schemas/paymentMethods';
import { idempotencyKeySchema, optional } from '../schemas/primitives';
import { builtAround } from '../schemas/builtAround';
import { refundFields, refundSchema } from '../schemas/refunds';
import { onTheWire } from '../schemas/wire';
import { given } from '../schemas/wireKeywords';
import { formatMinor } from '../money';
import type { Payment } from '../schemas/resources';
import { fieldLabel, type InputIssue } from '../validation';
import { defineOperation, read } from './define';
import { getPayment } from './getPayment';

/** The body, as the service (and the sandbox) checks it. */
export const recordRefundInputSchema = z
  .object({
    ...refundFields,
    upi: z.object({ utr: utrInput }).strict().optional(),
  })
  .strict()
  .superRefine((input, ctx) =>
    checkUpi(input.method, input.upi?.utr, undefined, ctx, { utr: [UPI, 'utr'], vpa: [UPI, 'vpa'] }),
  );
// checkUpi on the wire: a UPI refund carries `upi` (whose `utr` is required), any other method none.
onTheWire(recordRefundInputSchema, {
  if: { properties: { method: { const: UPI } } },
  then: given(UPI),
  else: { not: given(UPI) },
});

const input = builtAround(
  z
    .object({
      payment_id: paymentIdSchema,
      ...refundFields,
      utr: optional(utrInput),
      idempotency_key: optional(idempotencyKeySchema),
    })
    .strict(),
  (refund) =>
    refund.superRefine((given, ctx) => checkUpi(given.method, given.utr, undefined, ctx, { utr: ['utr'], vpa: [] })),
);

const { refund, payment } = FIELDS;

/** More than the payment has left (its amount less its refunds) is refused before the request, as the service would. */
function checkRefundAgainst(paid: Payment, input: Record<string, unknown>): InputIssue[] {
  const left = paid.amount - (paid.amount_refunded ?? 0);
  const amount = input.amount;
  if (typeof amount !== 'number' || amount <= left) return [];
  const money = (value: number) => formatMinor(value, paid.currency);
  const message = left
    ? `${fieldLabel('amount')} must be at most what remains refundable of ${paid.id}, ${left} (${money(left)})`
    : `${fieldLabel('payment_id')} is ${paid.id}, which has been refunded in full (${money(paid.amount)}): ` +
      'nothing remains to refund';
  return [{ field: left ? 'amount' : 'payment_id', message }];
}

export const recordRefund = defineOperation({
  method: 'POST',
  path: '/payments/{payment_id}/refunds',
  status: 201,
  contract: 'refunds',
  response: refundSchema,
  input,
  bodySchema: recordRefundInputSchema,
  nested: { upi: ['utr'] },
  amounts: { at: ['amount'], currency: { from: getPayment, key: 'payment_id', check: checkRefundAgainst }, min: 1 },
  result: (body) => presentRefund(read(refundSchema, body)),
  // Which payment, how much, how it went back, then the details and options.
  fields: [
    payment.id,
    refund.amount,
    refund.method,
    refund.utr,
    refund.reference,
    refund.refundedAt,
    refund.note,
    refund.amountUnit,
    refund.idempotencyKey,
  ],
  labels: REFUND_LABELS,
  sample: samplePresentedRefund,
  display: {
    resource: 'refund',
    label: 'Record Refund',
    description:
      'Records money sent back to the client against a payment (UPI with its UTR, a bank transfer, cash), ' +
      'up to what is left of the payment.',
    action: 'Record a refund',
  },
});

export type RecordRefundInput = z.output<typeof recordRefundInputSchema>;
