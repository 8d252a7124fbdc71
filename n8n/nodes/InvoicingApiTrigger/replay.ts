/**
 * "Replay missed events": the trigger keeps a cursor, the newest event it has handled, and on
 * activation and when n8n starts again asks the service to re-send to its subscription everything
 * after it (contract: "Replaying missed events"). The re-sent deliveries carry their original ids, so
 * deliveries.ts drops whatever was handled already: each event starts one execution.
 *
 * The cursor is written in `execute` (where n8n saves static data, see deliveries.ts) and never moves
 * to an older second, since deliveries may run concurrently and finish out of order. Nothing older than
 * the cursor is lost by that: a delivery that failed is still retried on the service's schedule while
 * the subscription lives.
 */
import type { IDataObject, IExecuteFunctions, IHookFunctions, INodeProperties } from 'n8n-workflow';

import { nodeState } from '../../triggers/nodeState';

import { operations, recoverAfter, runOperation, type Connection, type Send } from '../../../shared';

interface Cursor {
  id: string;
  created_at: string;
}

export const replayProperty: INodeProperties = {
  displayName: 'Replay Missed Events',
  name: 'replayMissed',
  type: 'boolean',
  default: false,
  description:
    'Whether events this workflow missed while it was off or n8n was down start it when it is active again, ' +
    'oldest first, each once. Counts from the first activation with this on: nothing before it is replayed. ' +
    'The service keeps events 30 days.',
};

function cursorOf(data: IDataObject): Cursor | undefined {
  const cursor = data.replayCursor as Partial<Cursor> | undefined;
  return typeof cursor?.id === 'string' && typeof cursor.created_at === 'string'
    ? { id: cursor.id, created_at: cursor.created_at }
    : undefined;
}

/**
 * `created_at` has whole seconds and ids are random, so within one second the event handled last is
 * taken as the newest: in a replay that is exact (one at a time, in order), and a cursor a little behind
 * only re-sends events the repeat check drops.
 */
const notOlder = (a: Cursor, b: Cursor) => a.created_at >= b.created_at;

/** In the execution a delivery started: moves the cursor to the newest of these events, never back. */
export function advanceCursor(context: IExecuteFunctions, events: Cursor[]): void {
  const data = nodeState(context);
  if (typeof data.webhookId !== 'string') return;
  let cursor = cursorOf(data);
  for (const event of events) if (!cursor || notOlder(event, cursor)) cursor = event;
  if (cursor) data.replayCursor = cursor;
}

/**
 * On activation or restart, with the option on: the events after the cursor re-sent to `webhookId`.
 * Without a cursor yet (or one the service no longer keeps), the newest event now becomes it, so the
 * next outage is covered.
 */
export async function replayMissed(
  context: IHookFunctions,
  connection: Connection,
  send: Send,
  webhookId: string,
): Promise<void> {
  if (!(context.getNodeParameter('replayMissed', false) as boolean)) return;
  const data = nodeState(context);
  const cursor = cursorOf(data);
  if (cursor && (await recoverAfter(connection, webhookId, cursor.id, send))) return;
  if (cursor)
    context.logger.warn(
      `Events after ${cursor.id} are no longer kept by the service (30 days), ` +
        `so some missed events cannot be replayed.`,
    );
  const [newest] = (await runOperation(operations.listEvents, connection, { limit: 1 }, send)).data;
  if (newest) data.replayCursor = { id: newest.id, created_at: newest.created_at };
  else delete data.replayCursor;
}
