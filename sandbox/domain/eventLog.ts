import type { EventType, Invoice } from '../../shared';
import { newId } from '../storage/ids';
import { type StoredEvent, isoNow } from '../storage/records';
import type { Context } from './context';
import { orNotFound } from './problems';
import { standing } from './invoiceStanding';

/**
 * Records an event and owes it to every matching subscription, in the caller's transaction, so a change
 * never exists without its event and deliveries (nothing lost across a crash). Any event, whatever its
 * `data` holds (a client event carries the client, not an invoice).
 */
export function recordEvent(ctx: Context, type: EventType, data: Record<string, unknown>): StoredEvent {
  const event: StoredEvent = { id: newId('evt'), object: 'event', type, created_at: isoNow(), livemode: false, data };
  ctx.data.events.insert(event);
  ctx.engine.enqueue(event.id, type, ctx.account.id);
  ctx.engine.kick();
  return event;
}

/**
 * An invoice event: the invoice as it is now, with its standing (due, overdue, UPI link) as every answer
 * has it, and what happened to it (`payment`, `view`, `dispute`, `delivery`).
 */
export function recordInvoiceEvent(
  ctx: Context,
  type: EventType,
  invoice: Invoice,
  detail: Record<string, unknown>,
): StoredEvent {
  return recordEvent(ctx, type, { invoice: standing(ctx, invoice), ...detail });
}

export const eventOr404 = (ctx: Context, id: string): StoredEvent => orNotFound(ctx.data.events.get(id), 'event', id);
