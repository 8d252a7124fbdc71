/**
 * The polling trigger's second way to start: "N days after the due date". Each poll lists the invoices exactly
 * N days overdue today (shared/operations/overdueBy.ts) and hands on those this node has not handed on: the ids
 * of the last poll's list are kept (today's list; tomorrow's has other ids), so each invoice starts the workflow
 * once for its day, and a paid or void invoice never does.
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { DAYS_OVERDUE_FIELD, FIELDS, invoicesOverdueBy, type Connection, type Send } from '../../shared';
import { property } from '../editor/properties';

export const TRIGGER_ON = 'triggerOn';
export const OVERDUE_DAYS = 'overdueDays';

export const triggerOnProperty: INodeProperties = {
  displayName: 'Trigger On',
  name: TRIGGER_ON,
  type: 'options',
  noDataExpression: true,
  default: 'events',
  options: [
    {
      name: FIELDS.webhook.events.label,
      value: 'events',
      description: 'New invoice and client events, in the order they happened',
    },
    {
      name: 'Invoices Overdue by Days',
      value: OVERDUE_DAYS,
      description: 'Each unpaid invoice once, a chosen number of days after its due date',
    },
  ],
};

export const daysOverdueProperty = property(DAYS_OVERDUE_FIELD, {
  default: DAYS_OVERDUE_FIELD.example,
  displayOptions: { show: { [TRIGGER_ON]: [OVERDUE_DAYS] } },
});

/** The records not handed on by the last poll; `state.overdueSeen` becomes this poll's list. */
export async function pollOverdue(
  connection: Connection,
  send: Send,
  days: unknown,
  state: IDataObject,
  manual: boolean,
): Promise<INodeExecutionData[][] | null> {
  const records = await invoicesOverdueBy(connection, send, days);
  if (manual) return records.length ? [[{ json: records[0] }]] : null;
  const seen = new Set((state.overdueSeen as string[] | undefined) ?? []);
  state.overdueSeen = records.map((record) => String(record.id));
  const fresh = records.filter((record) => !seen.has(String(record.id)));
  return fresh.length ? [fresh.map((record) => ({ json: record }))] : null;
}
