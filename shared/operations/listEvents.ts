/** Recent events, newest first: editor samples, and recovery after an outage. */
import { z } from 'zod';
import { sampleEvents } from '../samples';
import { listQuery, oneOf, optional } from '../schemas/primitives';
import { EVENT_TYPES, eventSchema, type EventType } from '../schemas/events';
import { listPageSchema } from '../schemas/resources';
import { flattenEvent, type FlatEventRecord } from '../webhooks/events';
import { defineOperation, read, runOperation, type Connection, type Send } from './define';

export const eventTypeInput = oneOf(EVENT_TYPES);

/** The query, as the service (and the sandbox) checks it. */
export const listEventsQuerySchema = z.object({ ...listQuery, type: optional(eventTypeInput) }).strict();

const anyPage = listPageSchema(z.unknown());

export const listEvents = defineOperation({
  method: 'GET',
  path: '/events',
  input: listEventsQuerySchema,
  result: (body) => {
    // Events of types this connector does not know yet are skipped, not fatal.
    const page = read(anyPage, body);
    const events = page.data.flatMap((entry) => {
      const parsed = eventSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
    return { object: 'list' as const, data: events, has_more: page.has_more };
  },
  sample: { object: 'list' as const, data: [sampleEvents.paid], has_more: false },
});

/** Recent real events of one type as flat records (editor samples, recovery after an outage). */
export async function recentEventRecords(connection: Connection, type: EventType, send: Send, limit = 3): Promise<FlatEventRecord[]> {
  const page = await runOperation(listEvents, connection, { type, limit }, send);
  return page.data.filter((event) => event.type === type).map(flattenEvent);
}

export type ListEventsQuery = z.output<typeof listEventsQuerySchema>;
