/**
 * Whether an ISO 8601 date or date-time names a moment that exists. `Date.parse` rolls an impossible day
 * over into the next month (2026-02-30 becomes 2026-03-02), so the fields are checked here first, by the
 * Gregorian calendar ISO 8601 uses (a leap year divisible by 4, but not by 100 unless also by 400).
 */
const PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2})))?$/i;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Undefined for a real moment (or text of another form, which the caller refuses in its own words). */
export function calendarProblem(text: string): string | undefined {
  const match = PARTS.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (month! < 1 || month! > 12) return `has no month ${month} (months are 01 to 12)`;
  const days = daysInMonth(year!, month!);
  if (day! < 1 || day! > days)
    return `does not exist: ${MONTHS[month! - 1]} ${year} has ${days} days (you entered day ${match[3]})`;
  if (hour! > 23 || minute! > 59 || second! > 59)
    return 'has a time that does not exist (hours 00 to 23, minutes and seconds 00 to 59)';
  if (offsetHours! > 14 || offsetMinutes! > 59)
    return 'has a time zone that does not exist (offsets run from -12:00 to +14:00)';
  return undefined;
}
