/**
 * Catching up on events: everything newer than the last event a receiver handled, oldest first, each
 * exactly once (contract: `GET /v1/events?ending_before=<last handled>`). The polling trigger's paging
 * (the webhook trigger replays through the service's recover instead: its activation cannot start executions).
 *
 * The receiver keeps one cursor, the id of the newest event it has handled, and stores it together with
 * what it hands on: a page is handed on whole, and the cursor moves past every event on it, including
 * events of types the receiver did not select and types this connector does not know yet.
 */
import { ApiError } from '../errors';
import { type Connection, type Send, runOperation } from './define';
import { listEvents } from './listEvents';
import type { WebhookEvent } from '../schemas/webhookEvents';

/** One page of `GET /v1/events`, as the listEvents operation reads it. */
export interface EventsPage {
  /** The events this connector can read, newest first. */
  data: WebhookEvent[];
  /** The id of every event on the page, newest first, read or not: the cursor must pass them all. */
  ids: readonly string[];
  has_more: boolean;
}

export type FetchEvents = (query: {
  ending_before?: string;
  starting_after?: string;
  limit: number;
}) => Promise<EventsPage>;

/**
 * Where a receiver stands. `START` means "before the first event the account ever had": a receiver
 * that started on an account with no events yet must still see the first one.
 */
export const START = '';
export type Cursor = string;

export interface CatchUp {
  /** Oldest first, only the selected types. */
  events: WebhookEvent[];
  /** Store this with the events handed on. */
  cursor: Cursor;
  /** True when `max` cut the catch-up short: the next call continues where this one stopped. */
  more: boolean;
}

export const CATCH_UP_PAGE = 100;

/** Where a receiver starts that has never run: after the newest event now (history is not replayed). */
export async function startingCursor(fetch: FetchEvents): Promise<Cursor> {
  const page = await fetch({ limit: 1 });
  return page.ids[0] ?? START;
}

/** Every event of the account, oldest first (only ever for an account that had none at the last look). */
async function fromTheStart(
  fetch: FetchEvents,
  max: number,
): Promise<{ events: WebhookEvent[]; ids: string[]; more: boolean }> {
  const events: WebhookEvent[] = [];
  const ids: string[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const page = await fetch({ limit: CATCH_UP_PAGE, ...(startingAfter ? { starting_after: startingAfter } : {}) });
    events.push(...page.data);
    ids.push(...page.ids);
    if (!page.has_more || !page.ids.length) break;
    startingAfter = page.ids[page.ids.length - 1];
  }
  events.reverse();
  ids.reverse();
  if (ids.length <= max) return { events, ids, more: false };
  const kept = new Set(ids.slice(0, max));
  return { events: events.filter((event) => kept.has(event.id)), ids: ids.slice(0, max), more: true };
}

/**
 * The events newer than `cursor`, oldest first, at most `max` of them (counting every event passed,
 * selected or not), keeping only `types`.
 */
export async function catchUp(
  fetch: FetchEvents,
  cursor: Cursor,
  types: readonly string[],
  max = 1000,
): Promise<CatchUp> {
  const selected = (event: WebhookEvent) => types.includes(event.type);
  if (cursor === START) {
    const all = await fromTheStart(fetch, max);
    return { events: all.events.filter(selected), cursor: all.ids[all.ids.length - 1] ?? START, more: all.more };
  }
  const events: WebhookEvent[] = [];
  let passed = 0;
  for (;;) {
    const page = await fetchAfter(fetch, cursor, Math.min(CATCH_UP_PAGE, max - passed));
    events.push(...[...page.data].reverse().filter(selected));
    passed += page.ids.length;
    if (page.ids.length) cursor = page.ids[0];
    const more = page.has_more && page.ids.length > 0;
    if (!more || passed >= max) return { events, cursor, more };
  }
}

/** The service no longer keeps the event a receiver stopped at: what happened since cannot all be replayed. */
export class CursorExpired extends Error {
  override readonly name = 'CursorExpired';
  constructor(
    readonly cursor: Cursor,
    readonly restartFrom: Cursor,
  ) {
    super(
      `Events after ${cursor} are no longer available from the service (it keeps them 30 days), ` +
        `so some may have been ` +
        'missed; catching up starts again from the newest event.',
    );
  }
}

async function fetchAfter(fetch: FetchEvents, cursor: Cursor, limit: number): Promise<EventsPage> {
  try {
    return await fetch({ ending_before: cursor, limit });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new CursorExpired(cursor, await startingCursor(fetch));
    throw error;
  }
}

/** `GET /v1/events` through the shared operation, for a platform's connection and HTTP client. */
export function eventsFrom(connection: Connection, send: Send): FetchEvents {
  return (query) => runOperation(listEvents, connection, query, send);
}
