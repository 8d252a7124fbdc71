/**
 * The sandbox's test helpers for what happens after an invoice is created (docs/api-contract.md, "The
 * sandbox's clock and helpers"): the account's clock read and moved forward, an invoice moved past its due
 * date, the next send on a channel made to fail with a chosen reason.
 */
import { z } from 'zod';
import { sampleEvents } from '../samples';
import { DELIVERY_CHANNELS, DELIVERY_FAILURE_CODES } from '../schemas/delivery';
import { invoiceIdSchema, oneOf, optional } from '../schemas/primitives';
import { invoiceOverdueEventSchema } from '../schemas/webhookEvents';
import { defineOperation, read } from './define';

const wholeNumber = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ invalid_type_error: `must be a whole number from 0 to ${max}` })
      .int(`must be a whole number from 0 to ${max}`)
      .min(0, `must be a whole number from 0 to ${max}`)
      .max(max, `must be a whole number from 0 to ${max}`),
  );

export const clockSchema = z
  .object({
    object: z.literal('clock'),
    now: z.string(),
    today: z.string(),
    time_zone: z.string(),
  })
  .passthrough();

const sampleClock = {
  object: 'clock' as const,
  now: '2026-05-18T04:30:00.000Z',
  today: '2026-05-18',
  time_zone: 'Asia/Kolkata',
};

export const advanceClockInputSchema = z
  .object({ days: optional(wholeNumber(3650)), hours: optional(wholeNumber(24 * 3650)) })
  .strict();
export const simulateOverdueInputSchema = z
  .object({ days: optional(wholeNumber(3650).refine((days) => days >= 1, 'must be at least 1')) })
  .strict();
export const simulateDeliveryFailureInputSchema = z
  .object({
    channel: oneOf(DELIVERY_CHANNELS),
    failure_code: oneOf(DELIVERY_FAILURE_CODES),
  })
  .strict();

export const getClock = defineOperation({
  method: 'GET',
  path: '/test_helpers/clock',
  status: 200,
  contract: 'the-sandboxs-clock-and-helpers',
  response: clockSchema,
  input: z.object({}).strict(),
  result: (body) => read(clockSchema, body),
  sample: sampleClock,
});

export const advanceClock = defineOperation({
  method: 'POST',
  path: '/test_helpers/clock/advance',
  status: 200,
  contract: 'the-sandboxs-clock-and-helpers',
  response: clockSchema,
  input: advanceClockInputSchema,
  result: (body) => read(clockSchema, body),
  sample: sampleClock,
});

/** Moves the due date to `days` (default 1) before the account's today and emits invoice.overdue. */
export const simulateOverdue = defineOperation({
  method: 'POST',
  path: '/test_helpers/invoices/{invoice_id}/make_overdue',
  status: 200,
  contract: 'the-sandboxs-clock-and-helpers',
  response: invoiceOverdueEventSchema,
  input: simulateOverdueInputSchema.extend({ invoice_id: invoiceIdSchema }),
  result: (body) => read(invoiceOverdueEventSchema, body),
  sample: sampleEvents.overdue,
});

const plantedSchema = z
  .object({ object: z.literal('planted_failure'), channel: z.string(), failure_code: z.string() })
  .passthrough();

/** The account's next send on `channel` fails with `failure_code` (a planted failure). */
export const simulateDeliveryFailure = defineOperation({
  method: 'POST',
  path: '/test_helpers/deliveries/fail_next',
  status: 200,
  contract: 'the-sandboxs-clock-and-helpers',
  response: plantedSchema,
  input: simulateDeliveryFailureInputSchema,
  result: (body) => read(plantedSchema, body),
  sample: { object: 'planted_failure' as const, channel: 'whatsapp', failure_code: 'not_on_whatsapp' },
});

export type AdvanceClockInput = z.output<typeof advanceClockInputSchema>;
export type SimulateOverdueInput = z.output<typeof simulateOverdueInputSchema>;
export type SimulateDeliveryFailureInput = z.output<typeof simulateDeliveryFailureInputSchema>;
