/**
 * Filters on fields of the stored document that have no indexed column of their own (fine at a sandbox's
 * sizes): each returns a `where` entry for Collection.list, so the SQL stays in storage/.
 */
import type { Where } from './store';

/**
 * A `where` key on a field of the stored document that has no column of its own
 * (`docField('amount_remaining', '>')`).
 */
export const docField = (field: string, comparison = '='): string => `json_extract(doc, '$.${field}') ${comparison}`;

/**
 * The contract's `search` (docs/api-contract.md, "Pickers") as a `where` entry: the words, ignoring case,
 * anywhere in one of the named fields of the stored document.
 */
export function containsWords(fields: readonly string[], search: string | undefined): Where {
  if (search === undefined) return {};
  const text = fields.map((field) => `coalesce(json_extract(doc, '$.${field}'), '')`).join(" || ' ' || ");
  return { [`lower(${text}) LIKE`]: `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
}
