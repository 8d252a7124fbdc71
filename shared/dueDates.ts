/**
 * Due dates and overdue, decided once (docs/api-contract.md, "Dates, the time zone and the due date"):
 * a due date is an ISO 8601 calendar date read in the account's time zone, Indian Standard Time
 * (Asia/Kolkata, UTC+05:30, no daylight saving) for our users; an invoice is overdue on each day after
 * its due date while something is still owed and it is not void. Dates are compared as calendar days,
 * never as instants, so a due date means the same whole day in India whatever the server's zone.
 */
import { z } from 'zod';
import { calendarProblem } from './schemas/calendar';
import { VOID } from './schemas/resources';
import { onTheWire } from './schemas/wire';

/** The IANA zone of Indian Standard Time (IANA tz database). */
export const IST = 'Asia/Kolkata';

/** Payment terms and the days they add to the issue date. */
export const PAYMENT_TERMS = { due_on_receipt: 0, net_7: 7, net_15: 15, net_30: 30, net_45: 45, net_60: 60 } as const;
export type PaymentTerms = keyof typeof PAYMENT_TERMS;
export const PAYMENT_TERMS_KEYS = Object.keys(PAYMENT_TERMS) as [PaymentTerms, ...PaymentTerms[]];

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC midnight of a calendar date, or undefined when it is no real date (2026-02-30). */
function dayNumber(date: string): number | undefined {
  const match = ISO_DATE.exec(date);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number);
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day
    ? time / DAY_MS
    : undefined;
}

export const isCalendarDate = (value: string): boolean => dayNumber(value) !== undefined;

/** The calendar date on a wall clock in `timeZone` at `instant` ('2026-11-21' at 2026-11-20T19:00Z in IST). */
export function todayIn(instant: Date, timeZone: string = IST): string {
  return calendarDateFormat(timeZone).format(instant);
}

/** One formatter per zone: making one costs far more than using it, and Create Invoice asks once per item. */
const calendarDateFormats = new Map<string, Intl.DateTimeFormat>();

function calendarDateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = calendarDateFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    calendarDateFormats.set(timeZone, format);
  }
  return format;
}

export function addDays(date: string, days: number): string {
  const start = dayNumber(date);
  if (start === undefined) throw new RangeError(`not a calendar date: ${date}`);
  return new Date((start + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === undefined || b === undefined) throw new RangeError(`not a calendar date: ${a === undefined ? from : to}`);
  return b - a;
}

export const dueDateFor = (terms: PaymentTerms, issueDate: string): string => addDays(issueDate, PAYMENT_TERMS[terms]);

export interface Owing {
  due_date?: string | null;
  amount_remaining: number;
  status: string;
}

/** Days past the due date on `today`; 0 on or before it, without a due date, once nothing is owed, or when void. */
export function daysOverdue(invoice: Owing, today: string): number {
  if (!invoice.due_date || invoice.amount_remaining <= 0 || invoice.status === VOID) return 0;
  return Math.max(0, daysBetween(invoice.due_date, today));
}

/**
 * The deduplication id of "this invoice, N days overdue": the due date is part of it, so an invoice whose
 * due date moved starts the Zap or workflow again for its new day, and never twice for one.
 */
export const overdueDedupeId = (invoiceId: string, days: number, dueDate: string): string =>
  `${invoiceId}:${days}:${dueDate}`;

/**
 * A calendar date as typed: YYYY-MM-DD, a real day. One written so that does not exist says why (February
 * 2026 has 28 days): it is written as asked, so "must be written YYYY-MM-DD" would mislead.
 */
export const calendarDateInput = onTheWire(
  z
    .string({ required_error: 'is required', invalid_type_error: 'must be a date written YYYY-MM-DD' })
    .trim()
    .superRefine((text, ctx) => {
      if (isCalendarDate(text)) return;
      const problem = ISO_DATE.test(text) ? calendarProblem(text) : undefined;
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: problem ?? 'must be a date written YYYY-MM-DD, such as 2026-11-30',
      });
    }),
  { type: 'string', format: 'date' },
);

/**
 * A due date already past, refused before any request: not before today in India (IST, by this machine's
 * clock). The service judges it again by the account's own clock (the sandbox's can be moved forward).
 */
export function dueDateNotPast(given: { due_date?: string }, ctx: z.RefinementCtx): void {
  if (!given.due_date || !isCalendarDate(given.due_date)) return;
  const today = todayIn(new Date());
  if (daysBetween(today, given.due_date) >= 0) return;
  const message = `must be today (${today}, India time) or later, not ${given.due_date}`;
  ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['due_date'], message });
}
