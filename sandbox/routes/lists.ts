import { listClientsQuerySchema } from '../../shared';
import type { AccountCollection } from '../store';
import { Problem } from '../problems';

/** `limit` and `starting_after` alone, for lists the contract gives no filter (webhooks, the delivery log). */
export const pageQuerySchema = listClientsQuerySchema.omit({ email: true });

export interface ListQuery {
  limit?: number;
  starting_after?: string;
}

export const DEFAULT_LIMIT = 10;

/** One page in the contract's list shape, newest first, with the cursor checked against this list. */
export function listPage<T extends { id: string }, Out>(collection: AccountCollection<T>, query: ListQuery,
  where: Record<string, string | number | undefined>, present: (item: T) => Out) {
  const page = collection.list(where, query.limit ?? DEFAULT_LIMIT, query.starting_after);
  if (!page) {
    throw new Problem(422, 'validation_failed', `Starting After names no item of this list: ${query.starting_after}.`,
      [{ param: 'starting_after', message: 'Starting After must be the ID of an item in this list' }]);
  }
  return { object: 'list' as const, data: page.data.map(present), has_more: page.hasMore };
}
