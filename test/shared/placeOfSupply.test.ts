/**
 * A place of supply is exactly a state (contract: "GST states"): its code, its name or a picker's label, never
 * the first digits of something longer. The place decides CGST + SGST against IGST, so a guess changes tax.
 */
import fc from 'fast-check';
import { GST_STATES, InputError, operations, readPlaceOfSupply } from '../../shared';

const PLACES = GST_STATES.filter((state) => !state.legacy);
const letters = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');
const digits = (text: string) => text.match(/\d+/g) ?? [];

/** What a text names: its one run of digits as a number (or none), and its letters (or none). */
function named(text: string) {
  const runs = digits(text);
  return { code: runs.length ? Number(runs.join('')) : undefined, letters: letters(text), runs: runs.length };
}

const nearMisses = fc.oneof(
  fc.string(),
  fc.stringMatching(/^[0-9 .,:\-–]{1,8}$/),
  fc.double({ min: -100, max: 10_000, noNaN: true }).map(String),
  fc.integer({ min: -10, max: 100_000 }).map(String),
  fc
    .tuple(fc.constantFrom(...GST_STATES), fc.constantFrom('', ' ', '-', ' - ', ':', '.', '0', '1', '.5', ' 12'))
    .chain(([state, glue]) =>
      fc.constantFrom(
        `${state.code}${glue}${state.name}`,
        `${state.name}${glue}${state.code}`,
        `${state.code}${glue}`,
        `${glue}${state.code}`,
        `${state.name}${glue}`,
        `${Number(state.code)}${glue}${state.name}`,
      ),
    ),
);

describe('place of supply: no accepted input means another state than its text', () => {
  test('property: an accepted text names the state it is read as, by code, by name or both (2,000 runs)', () => {
    fc.assert(
      fc.property(nearMisses, (text) => {
        const state = readPlaceOfSupply(text);
        if (!state) return;
        const { code, letters: words, runs } = named(text);
        expect(runs).toBeLessThanOrEqual(1);
        if (code !== undefined) expect(code).toBe(Number(state.code));
        if (words) expect(words).toBe(letters(state.name));
        expect(code !== undefined || words !== '').toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test('every state is read from its code, its code without the zero, its name and its picker label', () => {
    for (const state of PLACES) {
      const forms = [state.code, String(Number(state.code)), state.name, state.name.toUpperCase()];
      for (const form of [...forms, `${state.code} ${state.name}`]) expect(readPlaceOfSupply(form)).toBe(state);
    }
  });

  test.each(['2912', '12345', '27.5', '2745', '2.7', '27.0', '0027', '27 27', '27Maharashtra', '27 Maharashtra 1'])(
    '%p is no state',
    (text) => {
      expect(readPlaceOfSupply(text)).toBeUndefined();
    },
  );
});

describe('place of supply: refused before any request on every operation that takes one', () => {
  const { createInvoice, createClient, updateClient } = operations;
  const invoice = {
    client_email: 'ana@example.com',
    currency: 'INR',
    items: [{ description: 'Design', amount: '100' }],
  };
  const takers = [
    ['Create Invoice', (place: unknown) => createInvoice.validate({ ...invoice, place_of_supply: place })],
    ['Create Client', (place: unknown) => createClient.validate({ email: 'ana@example.com', place_of_supply: place })],
    ['Update Client', (place: unknown) => updateClient.validate({ client_id: 'cli_1', place_of_supply: place })],
  ] as const;

  const refusal = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      if (error instanceof InputError) return error.message;
      throw error;
    }
    throw new Error('accepted');
  };

  describe.each(takers)('%s', (_name, validate) => {
    test.each([['2912'], ['12345'], ['27.5'], [2745], [2.7]])('%p is refused naming Place of Supply', (place) => {
      const message = refusal(() => validate(place));
      expect(message).toMatch(/Place of Supply/);
      expect(message).toContain('is not a GST state');
      expect(message).toContain('27 or its name');
    });

    test.each([
      ['7', '07'],
      ['07', '07'],
      [7, '07'],
      ['Karnataka', '29'],
      ['29 Karnataka', '29'],
    ])('%p is %s', (place, code) => {
      expect((validate(place) as { place_of_supply: string }).place_of_supply).toBe(code);
    });
  });
});
