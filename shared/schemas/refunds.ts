/**
 * A refund: money that went back to the client against one payment (docs/api-contract.md, "Refunds"). Its
 * inputs are a payment's (method, UPI reference, reference, note) with their own moment, `refunded_at`.
 */
import { z } from 'zod';
import { ID_PREFIX } from '../service';
import { PAID_AT_FUTURE_SLACK_MS, paymentFields, paymentMethodInput, timestampInput } from './paymentInputs';
import { idInput, optional } from './primitives';
import { onTheWire, wireOf } from './wire';

export const refundIdSchema = idInput(ID_PREFIX.refund);

/** Recorded refunds are money already returned: the service moves none, so none is pending or failed. */
export const REFUND_STATUSES = ['succeeded'] as const;

export const refundFields = {
  method: paymentMethodInput,
  amount: paymentFields.amount,
  reference: paymentFields.reference,
  refunded_at: optional(
    onTheWire(
      timestampInput.refine(
        (iso) => Date.parse(iso) <= Date.now() + PAID_AT_FUTURE_SLACK_MS,
        'cannot be in the future (a refund is recorded once the money has gone back)',
      ),
      { ...wireOf(timestampInput), 'x-rule': 'not-in-future' },
    ),
  ),
  note: paymentFields.note,
};

export const refundSchema = z
  .object({
    id: z.string(),
    object: z.literal('refund'),
    payment_id: z.string(),
    invoice_id: z.string(),
    amount: z.number().int(),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code'),
    method: z.string(),
    upi: z.object({ utr: z.string() }).passthrough().nullable(),
    reference: z.string().nullish(),
    note: z.string().nullish(),
    // A plain string, so a service that adds `pending` still reads.
    status: z.string(),
    refunded_at: z.string().min(1),
    created_at: z.string().min(1),
    livemode: z.boolean(),
  })
  .passthrough();

export type Refund = z.infer<typeof refundSchema>;
