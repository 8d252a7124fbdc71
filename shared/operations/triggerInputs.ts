/**
 * What each trigger needs before it may ask the service anything (docs/api-contract.md, "Trigger fields").
 * Every required trigger field is read by one rule, `requiredInput`: left blank (missing, null, "", spaces,
 * or no choice at all) it is refused naming the field and what it takes, before any request, on Zapier and
 * on n8n alike. Without it a blank Days Overdue listed every invoice and then failed naming no field.
 */
import { z } from 'zod';
import { EVENT_TYPES } from '../schemas/webhookEvents';
import { requiredInput } from '../schemas/primitives';
import { validateGiven } from '../validation';
import { eventTypeInput } from './listEvents';
import { DAYS_OVERDUE_ACCEPTED, daysOverdueInput } from './listInvoices';

const EVENTS_ACCEPTED = `one or more event types (${EVENT_TYPES.join(', ')})`;

/** Each trigger's input, by the fields its editors show as required. */
export const TRIGGER_INPUTS = {
  /** Zapier's Invoice Overdue by Days; n8n's Polling Trigger on Invoices Overdue by Days. */
  overdueDays: z.object({ days_overdue: requiredInput(daysOverdueInput, DAYS_OVERDUE_ACCEPTED) }),
  /** n8n's Trigger and its Polling Trigger on events (Zapier's REST hooks take no field: one event each). */
  events: z.object({
    events: requiredInput(z.array(eventTypeInput).min(1, `is required: ${EVENTS_ACCEPTED}`), EVENTS_ACCEPTED),
  }),
};

export type TriggerName = keyof typeof TRIGGER_INPUTS;

/** The trigger's values, checked; an InputError naming each blank or wrong field otherwise. */
export function triggerInput<T extends TriggerName>(trigger: T, raw: unknown): z.output<(typeof TRIGGER_INPUTS)[T]> {
  return validateGiven(TRIGGER_INPUTS[trigger], raw ?? {});
}
