/**
 * Overdue follow-up (docs/api-contract.md, "Overdue events"): invoice.overdue once per invoice and due
 * date, on the first day after the due date in the account's time zone, never for a paid or void invoice.
 * The sweep runs when the clock moves, when a helper makes an invoice overdue, and every minute.
 */
import { type Invoice, addDays, daysOverdue } from '../../shared';
import { docField } from '../storage/documentFilters';
import { todayFor } from './clock';
import { type Context, type SandboxCore, contextFor } from './context';
import { recordInvoiceEvent } from './eventLog';
import { OVERDUE_NOTIFIED, standing } from './invoiceStanding';
import { Problem } from './problems';

type Marked = Invoice & { [OVERDUE_NOTIFIED]?: string };

/** Records invoice.overdue for every invoice that is overdue and has not had one for its due date; answers how many. */
export function sweepOverdue(ctx: Context): number {
  const today = todayFor(ctx);
  const candidates = ctx.data.invoices.findAll({
    [docField('due_date', '<')]: today,
    [docField('amount_remaining', '>')]: 0,
  }) as Marked[];
  let emitted = 0;
  for (const invoice of candidates) {
    const days = daysOverdue(invoice, today);
    if (days === 0 || invoice[OVERDUE_NOTIFIED] === invoice.due_date) continue;
    const marked: Marked = { ...invoice, [OVERDUE_NOTIFIED]: invoice.due_date! };
    ctx.data.invoices.replace(marked);
    recordInvoiceEvent(ctx, 'invoice.overdue', standing(ctx, marked), {
      overdue: { due_date: invoice.due_date, days_overdue: days },
    });
    emitted += 1;
  }
  return emitted;
}

/** The helper: the due date moved to `days` before today, then the sweep; answers the invoice.overdue event. */
export function makeOverdue(ctx: Context, invoice: Invoice, days: number) {
  if (daysOverdue({ ...invoice, due_date: '1970-01-01' }, todayFor(ctx)) === 0) {
    throw new Problem(
      409,
      'invoice_not_owed',
      `Invoice ${invoice.number} owes nothing (status ${invoice.status}), so it cannot be overdue.`,
    );
  }
  ctx.data.invoices.replace({ ...invoice, due_date: addDays(todayFor(ctx), -days), updated_at: invoice.updated_at });
  sweepOverdue(ctx);
  return ctx.data.events.findOne({ type: 'invoice.overdue', invoice_id: invoice.id });
}

const SWEEP_EVERY_MS = 60 * 1000;

/**
 * Midnight in India passes without anyone calling: every minute, each account's newly overdue invoices get
 * their event.
 */
export function startOverdueSweeps(core: SandboxCore, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    try {
      for (const account of core.data.accounts.all()) {
        const ctx = contextFor(core, account, '');
        ctx.data.store.transaction(() => sweepOverdue(ctx));
      }
    } catch (error) {
      onError(error);
    }
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
