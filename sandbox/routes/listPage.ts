import { z } from 'zod';
import { fieldLabel, listQuery } from '../../shared';
import type { AccountCollection } from '../storage/store';
import { Problem } from '../domain/problems';

/**
 * `limit` and `starting_after` alone, for lists the contract gives no filter (webhooks, the delivery log):
 * built from the paging keys, not from another list's query, so a filter added to one list stays its own.
 */
export const pageQuerySchema = z.object(listQuery).strict();

export interface ListQuery {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

export const DEFAULT_LIMIT = 10;

/** One page in the contract's list shape, newest first, with the cursor checked against this list. */
export function listPage<T extends { id: string }, Out>(
  collection: AccountCollection<T>,
  query: ListQuery,
  where: Record<string, string | number | undefined>,
  present: (item: T) => Out,
) {
  const page = collection.list(where, query.limit ?? DEFAULT_LIMIT, query.starting_after, query.ending_before);
  if (!page && query.ending_before !== undefined) {
    // Contract: the only way a receiver's own cursor stops resolving is that the event is no longer kept.
    throw new Problem(
      404,
      'not_found',
      `Ending Before names no event kept by the service: ${query.ending_before}. ` +
        'Events older than that are no longer available; ' +
        'a receiver that lost its place starts again from the newest event.',
      [{ param: 'ending_before', message: 'Ending Before must be the ID of an event that is still kept' }],
    );
  }
  if (!page) {
    const label = fieldLabel('starting_after');
    throw new Problem(422, 'validation_failed', `${label} names no item of this list: ${query.starting_after}.`, [
      { param: 'starting_after', message: `${label} must be the ID of an item in this list` },
    ]);
  }
  return { object: 'list' as const, data: page.data.map(present), has_more: page.hasMore };
}
