/**
 * The sandbox's test helpers, which make the service emit the spec's three events: an invoice viewed,
 * paid (UPI, in full or in part), disputed. Each answers with the event it emitted.
 */
import { z } from 'zod';
import { sampleEvents } from '../samples';
import { amountInput, invoiceIdSchema, oneOf, optional, optionalText, textInput } from '../schemas/primitives';
import { defineOperation, read } from './define';
import { invoiceDisputedEventSchema, invoicePaidEventSchema, invoiceViewedEventSchema } from '../schemas/webhookEvents';

/** The bodies, as the sandbox checks them. */
export const simulateViewInputSchema = z
  .object({
    channel: optional(oneOf(['whatsapp', 'email', 'link'])).transform((value) => value ?? 'link'),
  })
  .strict();

/** Amount defaults to what remains, so "pay" with no body settles the invoice in full. */
export const simulatePaymentInputSchema = z.object({ amount: optional(amountInput) }).strict();

export const simulateDisputeInputSchema = z
  .object({
    reason: textInput(100),
    note: optionalText(1000),
  })
  .strict();

/** POST /test_helpers/invoices/{invoice_id}/<helper>: the body's fields plus the invoice, answered with the event. */
function testHelper<S extends z.AnyZodObject, E extends z.ZodTypeAny>(
  name: string,
  body: S,
  event: E,
  sample: z.output<E>,
) {
  return defineOperation({
    method: 'POST',
    path: `/test_helpers/invoices/{invoice_id}/${name}`,
    status: 200,
    contract: '10-the-sandbox',
    response: event,
    input: body.extend({ invoice_id: invoiceIdSchema }),
    result: (answer): z.output<E> => read(event, answer),
    sample,
  });
}

export const simulateView = testHelper('view', simulateViewInputSchema, invoiceViewedEventSchema, sampleEvents.viewed);
export const simulatePayment = testHelper('pay', simulatePaymentInputSchema, invoicePaidEventSchema, sampleEvents.paid);
export const simulateDispute = testHelper(
  'dispute',
  simulateDisputeInputSchema,
  invoiceDisputedEventSchema,
  sampleEvents.disputed,
);

export type SimulateViewInput = z.output<typeof simulateViewInputSchema>;
export type SimulatePaymentInput = z.output<typeof simulatePaymentInputSchema>;
export type SimulateDisputeInput = z.output<typeof simulateDisputeInputSchema>;
