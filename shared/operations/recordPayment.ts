/**
 * Record Payment: money that arrived outside UPI (a bank transfer, cash), or a UPI payment the bank
 * reported, against an invoice. The editors give the UPI details as two flat fields; the body nests them.
 */
import { z } from 'zod';
import { amountUnitInput, inMinorUnits, positiveTypedAmountInput, readAmount } from '../amounts';
import { FIELDS, UPI } from '../fields';
import { PAYMENT_LABELS, presentPayment } from '../present';
import { samplePresentedPayment } from '../samples';
import { checkUpi, paymentFields, utrInput, vpaInput } from '../schemas/paymentInputs';
import { idempotencyKeySchema, invoiceIdSchema, optional } from '../schemas/primitives';
import { paymentSchema } from '../schemas/resources';
import { InputError, fieldLabel, validateInput } from '../validation';
import { defineOperation, fieldsOf, read, runOperation, type Connection, type Send } from './define';
import { getInvoice } from './getInvoice';

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
  status: 201,
  response: paymentSchema,
  input,
  bodySchema: recordPaymentInputSchema,
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

/**
 * What the editors take: the amount as typed, in the invoice's currency (shared/amounts.ts). The
 * currency is the invoice's, so the invoice is read first; a malformed amount is refused before that
 * read, and one the currency cannot hold (too many decimals) before anything is recorded. In minor
 * units the amount goes as the wire takes it.
 */
const typedInput = z.object({
  invoice_id: invoiceIdSchema,
  ...paymentFields,
  amount: positiveTypedAmountInput,
  amount_unit: amountUnitInput,
  utr: optional(utrInput),
  vpa: optional(vpaInput),
  idempotency_key: optional(idempotencyKeySchema),
}).strict().superRefine((given, ctx) => checkUpi(given.method, given.utr, given.vpa, ctx, { utr: ['utr'], vpa: ['vpa'] }));

async function run(connection: Connection, raw: unknown, send: Send) {
  // Minor units need no currency: the wire's own schema judges them, with no read first.
  if (inMinorUnits(raw)) {
    const { amount_unit: _unit, ...rest } = raw as Record<string, unknown>;
    return runOperation(recordPayment, connection, rest, send);
  }
  const { amount_unit: _unit, amount, ...given } = validateInput(typedInput, raw ?? {});
  const { currency } = await runOperation(getInvoice, connection, { invoice_id: given.invoice_id }, send);
  const reading = readAmount(amount, currency, { min: 1 });
  if (!reading.ok) throw new InputError([{ field: 'amount', message: `${fieldLabel('amount')} ${reading.message}` }]);
  return runOperation(recordPayment, connection, { ...given, amount: reading.minor }, send);
}

/** Record Payment as both editors offer it. */
export const recordTypedPayment = {
  input: typedInput,
  // Which invoice, how much, how it arrived, then the details and options.
  fields: fieldsOf(typedInput, [invoice.id, payment.amount, payment.method, payment.utr, payment.vpa, payment.reference,
    payment.paidAt, payment.note, payment.amountUnit, payment.idempotencyKey]),
  labels: PAYMENT_LABELS,
  sample: samplePresentedPayment,
  run,
};

export type RecordPaymentInput = z.output<typeof recordPaymentInputSchema>;
