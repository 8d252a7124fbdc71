/**
 * Issue 43: a message quotes at most 60 characters of what was typed, ending "…" when cut (one helper,
 * `echo`, does the cutting). Before, 18 messages quoted up to 2,000 characters of a 1 MB value. A 1 MB value
 * of each of several shapes goes into every field (nested ones too: a line item's, an address's) of every
 * operation in the registry and of every trigger, and every message that comes back is measured.
 */
import { z } from 'zod';
import { InputError, TRIGGER_INPUTS, echo, operations, triggerInput } from '../../shared';
import { places } from './fieldPlaces';
import { TEST_KEY } from './support';

const MB = 1_000_000;
/** The most of a typed value any message may quote, "…" included (the contract's bound, not read from the code). */
const MAX_ECHO = 60;
const connection = { apiKey: TEST_KEY, baseUrl: 'http://127.0.0.1:4010/' };
const refuseToSend = async () => {
  throw new Error('sent');
};

/** A 1 MB value: `head`, then `unit` repeated; each shape reaches another refusal (digits, decimals, marks…). */
const VALUES = [
  { head: '', unit: 'q' },
  { head: '', unit: '9' },
  { head: '1.', unit: '5' },
  { head: '', unit: '1,' },
  { head: '₹', unit: '9' },
  { head: '', unit: '27' },
  { head: '', unit: ' x' },
  { head: '2026-02-', unit: '3' },
].map(({ head, unit }) => {
  const value = head + unit.repeat((MB - head.length) / unit.length);
  return { head, unit, value, lower: value.toLowerCase() };
});

/**
 * The longest run of `message` that is a piece of the value (case aside: some fields are upper-cased),
 * counted up to one past the bound: more is over it either way.
 */
function quotedLength(message: string, { head, unit, lower: source }: (typeof VALUES)[number]): number {
  const text = message.toLowerCase();
  const starts = [...Array(head.length + unit.length).keys()];
  let longest = 0;
  for (let i = 0; i < text.length; i += 1)
    for (const start of starts) {
      let run = 0;
      while (run <= MAX_ECHO && i + run < text.length && text[i + run] === source[start + run]) run += 1;
      longest = Math.max(longest, run);
    }
  return longest;
}

async function messagesFor(run: () => Promise<unknown>): Promise<string[]> {
  try {
    await run();
    return [];
  } catch (error) {
    return error instanceof InputError ? [error.message, ...error.issues.map((issue) => issue.message)] : [];
  }
}

test('the quoting helper keeps short values whole and cuts long ones to 60 characters ending "…"', () => {
  expect(echo('27AAPFU0939F1ZV')).toBe('27AAPFU0939F1ZV');
  expect(echo('x'.repeat(MAX_ECHO))).toBe('x'.repeat(MAX_ECHO));
  expect(echo('x'.repeat(MB))).toBe(`${'x'.repeat(MAX_ECHO - 1)}…`);
  // An emoji (two UTF-16 halves) is never cut in half.
  const emoji = `${'x'.repeat(MAX_ECHO - 2)}😀${'x'.repeat(10)}`;
  expect(echo(emoji)).toBe(`${'x'.repeat(MAX_ECHO - 2)}…`);
});

const runs = [
  ...Object.entries(operations).map(([name, operation]) => ({
    name,
    schema: operation.input as z.ZodTypeAny,
    run: (raw: Record<string, unknown>) => operation.run(connection, { currency: 'INR', ...raw }, refuseToSend),
  })),
  ...Object.entries(TRIGGER_INPUTS).map(([name, schema]) => ({
    name: `trigger ${name}`,
    schema: schema as z.ZodTypeAny,
    run: async (raw: Record<string, unknown>) => triggerInput(name as keyof typeof TRIGGER_INPUTS, raw),
  })),
];

test.each(runs.filter((entry) => places(entry.schema).length).map((entry) => [entry.name, entry] as const))(
  '%s: no message quotes more than 60 characters of a 1 MB value in any field',
  async (_, { schema, run }) => {
    const over: string[] = [];
    let measured = 0;
    for (const place of places(schema))
      for (const shape of VALUES) {
        const raw = place.input(shape.value);
        for (const message of await messagesFor(() => run(raw))) {
          measured += 1;
          const quoted = quotedLength(message, shape);
          if (quoted > MAX_ECHO) over.push(`${JSON.stringify(raw).slice(0, 80)}: ${message.slice(0, 150)}`);
        }
      }
    expect(measured).toBeGreaterThan(0);
    expect(over).toEqual([]);
  },
);
