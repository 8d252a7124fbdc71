/**
 * What every payment input is made of: the UPI reference, the payer's UPI ID, a moment in time, the
 * method, and the one rule tying UPI details to the method. The operations (recordPayment, listPayments,
 * findPayment) build their inputs from these.
 */
import { z } from 'zod';
import { ID_PREFIX } from '../service';
import { calendarProblem } from './calendar';
import { amountInput, idInput, oneOf, optional, optionalText } from './primitives';
import { PAYMENT_METHODS, UPI } from './paymentMethods';
import { onTheWire, wireOf } from './wire';

export const paymentIdSchema = idInput(ID_PREFIX.payment);

/** How far ahead of the service's clock a `paid_at` may be (clocks differ; money never arrives tomorrow). */
export const PAID_AT_FUTURE_SLACK_MS = 5 * 60 * 1000;

export const paymentMethodInput = oneOf(PAYMENT_METHODS);

/** UPI transaction references (UTR/RRN) are 12 digits; people paste them with spaces from bank apps. */
export const utrInput = z.preprocess(
  (value) =>
    typeof value === 'string' ? value.replace(/\s+/g, '') : typeof value === 'number' ? String(value) : value,
  z
    .string({ invalid_type_error: 'must be text' })
    .regex(/^\d{12}$/, 'must be the 12-digit UPI transaction reference (UTR), such as 412345678901'),
);

export const vpaInput = z
  .string({ invalid_type_error: 'must be text' })
  .trim()
  .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/, 'must be a UPI ID such as ana.sharma@okaxis');

const ISO_8601 = /^\d{4}-\d{2}-\d{2}([Tt]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2}))?$/;
/**
 * The wire's form of a moment (contract: "What the wire reads"): RFC 3339 with seconds and a zone, as the
 * editors' values are sent; `format: date-time` adds the calendar (2026-02-30), the pattern what the core
 * refuses beyond it (a zone past ±14 hours, a leap second, a space for the T).
 */
const WIRE_MOMENT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:[0-5]\\d(\\.\\d+)?(Z|[+-](0\\d|1[0-4]):[0-5]\\d)$';

/**
 * A moment as ISO 8601: a date (midnight UTC) or a date and time with its zone, never a zone-less time
 * (which would be read in whatever zone a server happens to run). Returned as the contract writes
 * timestamps: UTC, whole seconds.
 */
export const timestampInput = onTheWire(
  z
    .string({ invalid_type_error: 'must be a date and time' })
    .trim()
    .superRefine((text, ctx) => {
      // Day 32 or day 00 is no date to Date.parse either; the calendar says why before the form is blamed.
      const problem = ISO_8601.test(text) ? calendarProblem(text) : undefined;
      const wrongForm = !problem && (!ISO_8601.test(text) || Number.isNaN(Date.parse(text)));
      if (wrongForm || problem) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message:
            `${problem ? `${problem}: enter` : 'must be'} an ISO 8601 date such as ` +
            '2026-11-20, or a date and time with its time zone such as 2026-11-20T10:30:00+05:30',
        });
      }
    })
    .transform((text) => new Date(text).toISOString().replace(/\.\d{3}Z$/, 'Z')),
  { type: 'string', format: 'date-time', pattern: WIRE_MOMENT },
);

const MIN_PAYMENT = 1;

/** The fields a payment has whatever shape its UPI details come in. */
export const paymentFields = {
  method: paymentMethodInput,
  amount: onTheWire(
    amountInput.refine((amount) => amount >= MIN_PAYMENT, `must be at least ${MIN_PAYMENT}`),
    { minimum: MIN_PAYMENT },
  ),
  reference: optionalText(100),
  paid_at: optional(
    onTheWire(
      timestampInput.refine(
        (iso) => Date.parse(iso) <= Date.now() + PAID_AT_FUTURE_SLACK_MS,
        'cannot be in the future (money is recorded once it has arrived)',
      ),
      { ...wireOf(timestampInput), 'x-rule': 'not-in-future' },
    ),
  ),
  note: optionalText(500),
};

/**
 * The method decides what a payment carries: UPI needs its UTR; other methods have no UPI details.
 * One rule for both shapes (the service's nested `upi`, the editors' flat `utr` / `vpa` fields).
 */
export function checkUpi(
  method: string,
  utr: unknown,
  vpa: unknown,
  ctx: z.RefinementCtx,
  where: { utr: string[]; vpa: string[] },
): void {
  if (method === UPI && utr === undefined) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: where.utr,
      message: `is required when the payment method is ${UPI}`,
    });
  }
  if (method !== UPI) {
    if (utr !== undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: where.utr,
        message: `is for UPI payments only (this one is ${method}); put a bank reference in Reference instead`,
      });
    }
    if (vpa !== undefined)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: where.vpa,
        message: `is for UPI payments only (this one is ${method})`,
      });
  }
}
