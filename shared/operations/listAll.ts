/** Every page of a list operation, for n8n's Return All: cursor paging until `max` items or the last page. */
import type { z } from 'zod';
import type { ListPage } from '../schemas/resources';
import { runOperation, type Connection, type Operation, type Send } from './define';

export async function listAll<T extends { id: string }>(
  operation: Operation<z.ZodTypeAny, ListPage<T>>,
  connection: Connection,
  query: object,
  send: Send,
  max = Infinity,
): Promise<T[]> {
  const items: T[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const limit = Math.min(100, Math.max(1, max - items.length));
    const page = await runOperation(operation, connection, { ...query, limit, starting_after: startingAfter }, send);
    items.push(...page.data.slice(0, max - items.length));
    const last = page.data[page.data.length - 1];
    if (!page.has_more || !last || items.length >= max) return items;
    startingAfter = last.id;
  }
}
