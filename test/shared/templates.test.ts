/**
 * Issue 43: template syntax nobody filled in ({{bundle.authData.api_key}}, {{ $json.email }}, any {{…}}), in
 * any field of any operation or trigger, line items and the address included, is refused naming the field
 * before any request, and the message never repeats the template. Before, Zapier answered "Could not reach
 * Invoicing API (z.request() no longer supports {{bundle.*}}…" and Record Payment read the invoice first.
 */
import { z } from 'zod';
import { InputError, TEMPLATE_REFUSAL, TRIGGER_INPUTS, holdsTemplate, operations, triggerInput } from '../../shared';
import { places } from './fieldPlaces';
import { TEST_KEY } from './support';

const connection = { apiKey: TEST_KEY, baseUrl: 'http://127.0.0.1:4010/' };

const TEMPLATES = ['{{bundle.authData.api_key}}', 'Hi {{ $json.email }}!', '{{}}', 'a{{b}}c'];

const runs = [
  ...Object.entries(operations).map(([name, operation]) => ({
    name,
    schema: operation.input as z.ZodTypeAny,
    run: (raw: Record<string, unknown>, send: () => Promise<never>) =>
      operation.run(connection, { currency: 'INR', ...raw }, send),
  })),
  ...Object.entries(TRIGGER_INPUTS).map(([name, schema]) => ({
    name: `trigger ${name}`,
    schema: schema as z.ZodTypeAny,
    run: async (raw: Record<string, unknown>) => triggerInput(name as keyof typeof TRIGGER_INPUTS, raw),
  })),
].filter((entry) => places(entry.schema).length);

test.each(runs.map((entry) => [entry.name, entry] as const))(
  '%s: a template in any field is named there and nothing is sent',
  async (_, { schema, run }) => {
    const wrong: string[] = [];
    for (const place of places(schema))
      for (const template of TEMPLATES) {
        let sent = 0;
        const send = async (): Promise<never> => {
          sent += 1;
          throw new Error('sent');
        };
        // Some multi-step operations throw before their first await; both ways count.
        const error = await Promise.resolve()
          .then(() => run(place.input(template), send))
          .then(
            () => undefined,
            (caught: unknown) => caught,
          );
        const issue =
          error instanceof InputError ? error.issues.find((entry) => entry.field === place.path) : undefined;
        const said = error instanceof Error ? error.message : 'accepted';
        if (!issue?.message.endsWith(TEMPLATE_REFUSAL) || sent || /bundle|api_key|\$json/.test(said))
          wrong.push(`${place.path} = ${template}: ${sent} sent, ${said.slice(0, 160)}`);
      }
    expect(wrong).toEqual([]);
  },
);

test('the rule is "{{" with a later "}}": a lone pair of braces is text', () => {
  expect(TEMPLATES.every(holdsTemplate)).toBe(true);
  for (const text of ['{{', '}}', '}} then {{', '{ {x} }', 'a { b } c', '{x}}'])
    expect(holdsTemplate(text)).toBe(false);
});

test('the field is named in its own words, the other broken fields beside it', () => {
  const error = (() => {
    try {
      operations.recordPayment.validate({
        invoice_id: 'inv_1',
        method: 'cash',
        reference: '{{bundle.authData.api_key}}',
      });
    } catch (caught) {
      return caught as InputError;
    }
  })();
  expect(error?.message).toBe(
    `Please fix 2 fields: Reference ${TEMPLATE_REFUSAL}; Amount is required: enter ` +
      error?.issues[1]?.message.replace(/^Amount is required: enter /, ''),
  );
  expect(error?.issues.map((issue) => issue.field)).toEqual(['reference', 'amount']);
});

test('a 1 MB value of braces is judged in one pass', () => {
  expect(holdsTemplate('{'.repeat(1_000_000))).toBe(false);
  expect(holdsTemplate(`${'{'.repeat(1_000_000)}}}`)).toBe(true);
});
