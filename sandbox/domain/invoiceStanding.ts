/**
 * What an invoice answer carries that follows from today and the account (docs/api-contract.md, "Dates,
 * the time zone and the due date" and "The UPI pay link"): whether and how long it is overdue, and its
 * `upi://pay` link. Computed at every answer rather than stored, so it is never stale.
 */
import { type Account, type Invoice, daysOverdue, upiPayLink } from '../../shared';
import { todayFor } from './clock';
import type { Context } from './context';
import { ISSUED_PARTIES } from './invoiceParties';

/** The sandbox's payee VPA for accounts made before accounts had one. */
export const SANDBOX_VPA = 'sandbox@okicici';

/** The marker of the due date whose invoice.overdue was emitted (kept in the stored document, never shown). */
export const OVERDUE_NOTIFIED = 'overdue_notified_for';

export const payeeOf = (account: Account) => ({ name: account.name, upi_vpa: account.upi_vpa ?? SANDBOX_VPA });

export function withStanding(account: Account, today: string, invoice: Invoice): Invoice {
  const {
    [OVERDUE_NOTIFIED]: _notified,
    [ISSUED_PARTIES]: _parties,
    ...shown
  } = invoice as Invoice & { [OVERDUE_NOTIFIED]?: string; [ISSUED_PARTIES]?: unknown };
  const days = daysOverdue(shown, today);
  return {
    ...shown,
    due_date: shown.due_date ?? null,
    overdue: days > 0,
    days_overdue: days,
    upi_link: upiPayLink(payeeOf(account), shown),
  };
}

export const standing = (ctx: Pick<Context, 'data' | 'account'>, invoice: Invoice): Invoice =>
  withStanding(ctx.account, todayFor(ctx), invoice);
