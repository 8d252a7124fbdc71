/**
 * Payment inputs: recording one against an invoice, and the filters that find payments again. The
 * bodies and queries as the service (and the sandbox) checks them; the connectors validate with the same.
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from './resources';
import { amountInput, blankToUndefined, idInput, limitInput, optionalText } from './primitives';

export const paymentIdSchema = idInput('pay_');

/** How long ahead of the service's clock a `paid_at` may be (clocks differ; money never arrives tomorrow). */
export const PAID_AT_FUTURE_SLACK_MS = 5 * 60 * 1000;

export const paymentMethodInput = z.enum(PAYMENT_METHODS, {
  errorMap: () => ({ message: `must be one of ${PAYMENT_METHODS.join(', ')}` }),
});

/** UPI transaction references (UTR/RRN) are 12 digits; people paste them with spaces from bank apps. */
export const utrInput = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\s+/g, '') : typeof value === 'number' ? String(value) : value),
  z.string({ invalid_type_error: 'must be text' })
    .regex(/^\d{12}$/, 'must be the 12-digit UPI transaction reference (UTR), such as 412345678901'),
);

export const vpaInput = z.string({ invalid_type_error: 'must be text' }).trim()
  .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/, 'must be a UPI ID such as ana.sharma@okaxis');

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/i;

/**
 * A moment as ISO 8601: a date (midnight UTC) or a date and time with its zone, never a zone-less time
 * (which would be read in whatever zone a server happens to run). Returned as the contract writes
 * timestamps: UTC, whole seconds.
 */
export const timestampInput = z.string({ invalid_type_error: 'must be a date and time' }).trim()
  .refine((text) => ISO_8601.test(text) && !Number.isNaN(Date.parse(text)),
    'must be an ISO 8601 date such as 2026-11-20, or a date and time with its time zone such as 2026-11-20T10:30:00+05:30')
  .transform((text) => new Date(text).toISOString().replace(/\.\d{3}Z$/, 'Z'));

const optional = <S extends z.ZodTypeAny>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

const paymentAmountInput = amountInput.refine((amount) => amount >= 1, 'must be at least 1');

/**
 * The method decides what a payment carries: UPI needs its UTR; other methods have no UPI details.
 * One rule for both shapes (the service's nested `upi`, the editors' flat `utr` / `vpa` fields).
 */
function checkUpi(method: string, utr: unknown, vpa: unknown, ctx: z.RefinementCtx, where: { utr: string[]; vpa: string[] }): void {
  if (method === 'upi' && utr === undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: where.utr, message: 'is required when the payment method is upi' });
  }
  if (method !== 'upi') {
    if (utr !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: where.utr, message: `is for UPI payments only (this one is ${method}); put a bank reference in Reference instead` });
    if (vpa !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: where.vpa, message: `is for UPI payments only (this one is ${method})` });
  }
}

const paymentFields = {
  method: paymentMethodInput,
  amount: paymentAmountInput,
  reference: optionalText(100),
  paid_at: optional(timestampInput.refine((iso) => Date.parse(iso) <= Date.now() + PAID_AT_FUTURE_SLACK_MS,
    'cannot be in the future (money is recorded once it has arrived)')),
  note: optionalText(500),
};

/** `POST /v1/invoices/{id}/payments`, as the service checks the body. */
export const recordPaymentInputSchema = z.object({
  ...paymentFields,
  upi: z.object({ utr: utrInput, vpa: optional(vpaInput) }).strict().optional(),
}).strict().superRefine((input, ctx) =>
  checkUpi(input.method, input.upi?.utr, input.upi?.vpa, ctx, { utr: ['upi', 'utr'], vpa: ['upi', 'vpa'] }));

/** The same payment as the editors give it: flat fields, UPI details side by side with the rest. */
export const recordPaymentFlatInputSchema = z.object({
  ...paymentFields,
  utr: optional(utrInput),
  vpa: optional(vpaInput),
}).superRefine((input, ctx) => checkUpi(input.method, input.utr, input.vpa, ctx, { utr: ['utr'], vpa: ['vpa'] }));

/** The body the service expects for a flat input. */
export function recordPaymentBody(input: z.output<typeof recordPaymentFlatInputSchema>) {
  const { utr, vpa, ...rest } = input;
  return {
    ...Object.fromEntries(Object.entries(rest).filter(([key, value]) => value !== undefined && key in paymentFields)),
    ...(utr !== undefined ? { upi: { utr, ...(vpa !== undefined ? { vpa } : {}) } } : {}),
  };
}

/** `GET /v1/payments`: every filter optional, combined with AND; a paid-at range is half-open. */
export const listPaymentsQuerySchema = z.object({
  limit: optional(limitInput),
  starting_after: optional(z.string()),
  invoice_id: optional(idInput('inv_')),
  utr: optional(utrInput),
  reference: optionalText(100),
  method: optional(paymentMethodInput),
  paid_from: optional(timestampInput),
  paid_before: optional(timestampInput),
}).strict().superRefine((query, ctx) => {
  if (query.paid_from && query.paid_before && query.paid_before <= query.paid_from) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['paid_before'], message: 'must be later than Paid From' });
  }
});

/** Find Payment: by a UPI reference or a free reference, whichever the bank statement line shows. */
export const findPaymentInputSchema = z.object({
  utr: optional(utrInput),
  reference: optionalText(100),
}).strict().refine((input) => input.utr !== undefined || input.reference !== undefined, {
  path: ['utr'], message: 'is required (12 digits), or a Reference instead',
});

export type RecordPaymentInput = z.output<typeof recordPaymentInputSchema>;
export type RecordPaymentFlatInput = z.output<typeof recordPaymentFlatInputSchema>;
export type ListPaymentsQuery = z.output<typeof listPaymentsQuerySchema>;
