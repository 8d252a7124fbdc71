/**
 * "N days after the due date" (docs/api-contract.md, "Overdue events and "N days after the due date""): the
 * invoices exactly N days overdue today (`GET /v1/invoices?days_overdue=N`), each as the record an
 * invoice.overdue event gives, so a Zap or workflow maps the same fields either way. Its id is
 * `overdueDedupeId`: a poll that sees an invoice again the same day starts nothing, the next chosen day
 * (another N) or a new due date starts it again, a paid or void invoice never appears.
 */
import { FIELDS } from '../fields';
import { addDays, overdueDedupeId } from '../dueDates';
import { presentInvoice, type PresentedInvoice } from '../outputs';
import { sampleInvoice } from '../samples';
import type { InvoiceOverdueEvent } from '../schemas/webhookEvents';
import { flattenEvent, type FlatEventRecord } from '../webhooks/receive';
import type { Connection, Send } from './define';
import { listAll } from './listAll';
import { listInvoices } from './listInvoices';
import { triggerInput } from './triggerInputs';

/** The field a user sets: how many days after the due date; required, as the trigger has no meaning without it. */
export const DAYS_OVERDUE_FIELD = { ...FIELDS.invoice.daysOverdue, required: true };

/** An invoice N days overdue as the record of its invoice.overdue event, the moment it became N days overdue. */
export function overdueRecord(invoice: PresentedInvoice, days: number): FlatEventRecord {
  const dueDate = String(invoice.due_date);
  const id = overdueDedupeId(invoice.id, days, dueDate);
  const event: InvoiceOverdueEvent = {
    id,
    type: 'invoice.overdue',
    created_at: `${addDays(dueDate, days)}T00:00:00+05:30`,
    livemode: invoice.livemode,
    data: { invoice, overdue: { due_date: dueDate, days_overdue: days } },
  };
  return flattenEvent(event);
}

/** Every invoice exactly `days` overdue today, checked before any request (blank refused as missing). */
export async function invoicesOverdueBy(connection: Connection, send: Send, days: unknown): Promise<FlatEventRecord[]> {
  const { days_overdue: checked } = triggerInput('overdueDays', { days_overdue: days });
  const query = listInvoices.validate({ days_overdue: checked });
  const invoices = await listAll(listInvoices, connection, query, send);
  return invoices.map((invoice) => overdueRecord(invoice, checked));
}

/** What the editors show before a real invoice is 7 days overdue. */
export const sampleOverdueRecord = overdueRecord(
  presentInvoice({ ...sampleInvoice, due_date: '2026-05-10', overdue: true, days_overdue: 7 }),
  7,
);
