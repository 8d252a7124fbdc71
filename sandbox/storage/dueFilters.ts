/**
 * The due-date filters of GET /v1/invoices (docs/api-contract.md, "Dates, the time zone and the due date")
 * as `where` entries, so the SQL stays in storage/. Dates are ISO calendar dates, so comparing the text
 * compares the days. An invoice that owes nothing (paid, void) counts as due on no day for `overdue`.
 */
import { addDays } from '../../shared';
import { docField } from './documentFilters';
import type { Where } from './store';

/** The due date of an invoice that still owes, or '9999' (never) for one that does not or has none. */
const owedDueDate =
  "CASE WHEN json_extract(doc, '$.amount_remaining') > 0 " +
  "THEN coalesce(json_extract(doc, '$.due_date'), '9999') ELSE '9999' END";

export interface DueQuery {
  overdue?: boolean;
  due_before?: string;
  due_after?: string;
  days_overdue?: number;
}

export function dueWhere(query: DueQuery, today: string): Where {
  const where: Where = {};
  if (query.overdue === true) where[`${owedDueDate} <`] = today;
  if (query.overdue === false) where[`${owedDueDate} >=`] = today;
  if (query.due_before) where[docField('due_date', '<')] = query.due_before;
  if (query.due_after) where[docField('due_date', '>')] = query.due_after;
  if (query.days_overdue !== undefined) where[`${owedDueDate} =`] = addDays(today, -query.days_overdue);
  return where;
}
