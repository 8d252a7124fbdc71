/**
 * Issue 43: every required field of every Zapier trigger, left blank (missing, null, "", spaces), is refused
 * before any request in the field's own words (its label and what it takes). Before, a blank Days Overdue
 * listed every invoice and then failed with "RangeError: not a calendar date: null".
 */
import { FIELDS, TRIGGER_INPUTS } from '../../shared';
import { API_KEY, BASE_URL, fakeService } from '../reliability/support/inputs';
import { App, zapierRuntime } from '../reliability/support/zapier';
import { zapierAuth } from './connection';

interface Field {
  key: string;
  required?: boolean;
}
type Trigger = { key: string; operation: { inputFields?: Field[]; perform: unknown } };

const triggers = Object.values(App.triggers) as Trigger[];
const required = triggers.flatMap((trigger) =>
  (trigger.operation.inputFields ?? []).filter((field) => field.required).map((field) => ({ trigger, field })),
);

/** What each required field must be refused with when blank: its label, then what it takes. */
const WORDS: Record<string, string> = {
  days_overdue: `${FIELDS.invoice.daysOverdue.label} is required: a whole number of days from 1 to 365`,
};

test('the required trigger fields are the ones the shared trigger rule checks (hooks take none)', () => {
  expect(required.map(({ trigger, field }) => `${trigger.key}.${field.key}`)).toEqual([
    'invoice_overdue_days.days_overdue',
  ]);
  const ruled = Object.values(TRIGGER_INPUTS).flatMap((schema) => Object.keys(schema.shape));
  for (const { field } of required) expect(ruled).toContain(field.key);
});

describe.each(required.map(({ trigger, field }) => [`${trigger.key}.${field.key}`, trigger, field] as const))(
  '%s left blank',
  (_, trigger, field) => {
    const runtime = zapierRuntime();
    const authData = zapierAuth(API_KEY, BASE_URL);
    let service: ReturnType<typeof fakeService>;
    beforeAll(() => {
      service = fakeService();
    });
    afterAll(() => service.stop());

    test.each([
      ['missing', {}],
      ['null', { [field.key]: null }],
      ['""', { [field.key]: '' }],
      ['spaces', { [field.key]: '   ' }],
    ])('%s: refused naming the field, 0 requests', async (__, inputData) => {
      service.sent.length = 0;
      const outcome = await runtime.invoke(trigger.operation.perform, { authData, inputData });
      expect(outcome).toMatchObject({ ok: false, error: { message: WORDS[field.key] } });
      expect(service.sent).toHaveLength(0);
    });
  },
);
