import { type EventType, type Invoice, listEventsQuerySchema, operations, validateInput } from '../../shared';
import type { Context } from '../domain/context';
import { type StoredEvent, isoNow } from '../storage/collections';
import { newId } from '../storage/ids';
import { orNotFound } from '../domain/problems';
import type { Router } from './router';
import { listPage } from './listPage';

/**
 * Records an event and owes it to every matching subscription, in the caller's transaction, so an
 * invoice change never exists without its event and deliveries (nothing lost across a crash).
 */
export function emitEvent(ctx: Context, type: EventType, invoice: Invoice, detail: Record<string, unknown>): StoredEvent {
  return recordEvent(ctx, type, { invoice, ...detail });
}

/** Any event, whatever its `data` holds (a client event carries the client, not an invoice). */
export function recordEvent(ctx: Context, type: EventType, data: Record<string, unknown>): StoredEvent {
  const event: StoredEvent = { id: newId('evt'), object: 'event', type, created_at: isoNow(), livemode: false, data };
  ctx.data.events.insert(event);
  ctx.engine.enqueue(event.id, type, ctx.account.id);
  ctx.engine.kick();
  return event;
}

export const eventOr404 = (ctx: Context, id: string): StoredEvent => orNotFound(ctx.data.events.get(id), 'event', id);

export function eventRoutes(router: Router): void {
  router
    .on(operations.listEvents.method, operations.listEvents.route, (req, ctx) => {
      const query = validateInput(listEventsQuerySchema, req.query);
      return { status: 200, body: listPage(ctx.data.events, query, { type: query.type }, (e) => e) };
    })
    .on('GET', '/v1/events/:id', (req, ctx) => ({ status: 200, body: eventOr404(ctx, req.params.id) }));
}
