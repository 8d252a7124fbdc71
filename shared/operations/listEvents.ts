/** Recent events, newest first: editor samples, and recovery after an outage. */
import { z } from 'zod';
import { sampleEvents } from '../samples';
import { listQuery, oneOf, optional, optionalCursor } from '../schemas/primitives';
import { onTheWire } from '../schemas/wire';
import { given } from '../schemas/wireKeywords';
import { EVENT_TYPES, eventSchema, type EventType } from '../schemas/webhookEvents';
import { listPageSchema } from '../schemas/resources';
import { flattenEvent, type FlatEventRecord } from '../webhooks/receive';
import { defineOperation, read, runOperation, type Connection, type Send } from './define';

export const eventTypeInput = oneOf(EVENT_TYPES);

/**
 * The query, as the service (and the sandbox) checks it. `ending_before` pages towards newer events:
 * how a receiver catches up on what it missed (catchUp.ts).
 */
export const listEventsQuerySchema = onTheWire(
  z
    .object({ ...listQuery, ending_before: optionalCursor(), type: optional(eventTypeInput) })
    .strict()
    .refine((query) => query.starting_after === undefined || query.ending_before === undefined, {
      path: ['ending_before'],
      message: 'cannot be combined with Starting After (page one way at a time)',
    }),
  { not: given('starting_after', 'ending_before') },
);

const anyPage = listPageSchema(z.unknown());

export const listEvents = defineOperation({
  method: 'GET',
  path: '/events',
  status: 200,
  contract: 'catching-up-on-events',
  response: listPageSchema(eventSchema),
  input: listEventsQuerySchema,
  result: (body) => {
    // Events of types this connector does not know yet are skipped, not fatal.
    const page = read(anyPage, body);
    const events = page.data.flatMap((entry) => {
      const parsed = eventSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
    // Every id, read or not, so a catch-up cursor passes events of types this connector does not know.
    const ids = page.data.flatMap((entry) => {
      const id = (entry as { id?: unknown } | null)?.id;
      return typeof id === 'string' ? [id] : [];
    });
    return { object: 'list' as const, data: events, has_more: page.has_more, ids };
  },
  sample: { object: 'list' as const, data: [sampleEvents.paid], has_more: false, ids: [sampleEvents.paid.id] },
});

/** Recent real events of one type as flat records (editor samples, recovery after an outage). */
export async function recentEventRecords(
  connection: Connection,
  type: EventType,
  send: Send,
  limit = 3,
): Promise<FlatEventRecord[]> {
  const page = await runOperation(listEvents, connection, { type, limit }, send);
  return page.data.filter((event) => event.type === type).map(flattenEvent);
}

export type ListEventsQuery = z.output<typeof listEventsQuerySchema>;
