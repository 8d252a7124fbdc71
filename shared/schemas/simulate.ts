/**
 * Inputs of the sandbox's test-helper endpoints (view, pay, dispute an invoice). Apart from the
 * connectors' inputs so that neither connector's bundle carries them.
 */
import { z } from 'zod';
import { amountInput, blankToUndefined, optionalText, textInput } from './primitives';

export const viewChannelInput = z.enum(['whatsapp', 'email', 'link'], {
  errorMap: () => ({ message: 'must be one of whatsapp, email, link' }),
});

export const simulateViewInputSchema = z.object({
  channel: z.preprocess(blankToUndefined, viewChannelInput.optional()).transform((value) => value ?? 'link'),
}).strict();

/** Amount defaults to what remains, so "pay" with no body settles the invoice in full. */
export const simulatePaymentInputSchema = z.object({
  amount: z.preprocess(blankToUndefined, amountInput.optional()),
}).strict();

export const simulateDisputeInputSchema = z.object({
  reason: textInput(100),
  note: optionalText(1000),
}).strict();

export type SimulateViewInput = z.output<typeof simulateViewInputSchema>;
export type SimulatePaymentInput = z.output<typeof simulatePaymentInputSchema>;
export type SimulateDisputeInput = z.output<typeof simulateDisputeInputSchema>;
