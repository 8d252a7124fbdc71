/**
 * Issue 43: a date written YYYY-MM-DD for a day that does not exist says why ("February 2026 has 28 days"),
 * in every field that takes a date, instead of "must be a date written YYYY-MM-DD" (it was written so).
 * Leap years by the Gregorian rule: every 4th year, but not a century unless it divides by 400.
 */
import { InputError, fieldLabel, operations, shapeOf } from '../../shared';

/** Each field's own refusal of `value` (undefined when that field took it), in every operation. */
function refusals(value: string): Array<{ operation: string; key: string; message: string }> {
  return Object.entries(operations).flatMap(([operation, { input, ...rest }]) =>
    Object.keys(shapeOf(input)).flatMap((key) => {
      // The multi-step operations validate through the single ones this loop already covers.
      if (!('validate' in rest)) return [];
      try {
        rest.validate({ [key]: value });
        return [];
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        const issue = error.issues.find((entry) => entry.field === key);
        return issue ? [{ operation, key, message: issue.message }] : [];
      }
    }),
  );
}

const takesDates = refusals('2026-02-30').filter(({ message }) => /\bdate\b|\bdoes not exist\b/i.test(message));

test('the fields that take a date are the ones expected', () => {
  expect([...new Set(takesDates.map(({ operation, key }) => `${operation}.${key}`))].sort()).toEqual([
    'createInvoice.due_date',
    'listInvoices.due_after',
    'listInvoices.due_before',
    'listPayments.paid_before',
    'listPayments.paid_from',
    'recordPayment.paid_at',
    'recordRefund.refunded_at',
  ]);
});

test.each([
  ['2026-02-30', 'February 2026 has 28 days (you entered day 30)'],
  ['2026-02-29', 'February 2026 has 28 days (you entered day 29)'],
  ['2100-02-29', 'February 2100 has 28 days (you entered day 29)'],
  ['2028-02-30', 'February 2028 has 29 days (you entered day 30)'],
  ['2026-04-31', 'April 2026 has 30 days (you entered day 31)'],
  ['2026-01-32', 'January 2026 has 31 days (you entered day 32)'],
  ['2026-02-00', 'February 2026 has 28 days (you entered day 00)'],
])('%s: every date field says the month has %s', (date, why) => {
  const dated = refusals(date).filter(({ operation, key }) =>
    takesDates.some((field) => field.operation === operation && field.key === key),
  );
  expect(dated).toHaveLength(takesDates.length);
  for (const { key, message } of dated)
    expect(message.startsWith(`${fieldLabel(key)} does not exist: ${why}`)).toBe(true);
});

test('a month that does not exist is named; text of another form keeps the form it should have', () => {
  expect(refusals('2026-13-01').find(({ key }) => key === 'due_before')?.message).toBe(
    'Due Before has no month 13 (months are 01 to 12)',
  );
  expect(refusals('30/02/2026').find(({ key }) => key === 'due_before')?.message).toBe(
    'Due Before must be a date written YYYY-MM-DD, such as 2026-11-30',
  );
});

test.each(['2024-02-29', '2000-02-29', '2028-02-29', '2026-04-30'])('%s exists and is taken', (date) => {
  expect(operations.listInvoices.validate({ due_before: date, due_after: date })).toMatchObject({
    due_before: date,
    due_after: date,
  });
  expect(operations.listPayments.validate({ paid_from: date })).toMatchObject({ paid_from: `${date}T00:00:00Z` });
});
