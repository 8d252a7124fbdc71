/**
 * Property-based tests of the inputs users fill in most: the invoice and the client. Each property runs
 * 1,000 generated inputs (numRuns is explicit so a global setting cannot weaken it).
 */
import fc from 'fast-check';
import type { z } from 'zod';
import {
  clientCreateInputSchema,
  clientUpdateInputSchema,
  createInvoiceInputSchema,
  isBlank,
  validateInput,
} from '../../shared';
import {
  CURRENCY_UNITS,
  badAmountArb,
  badCurrencyArb,
  badEmailArb,
  badPhoneArb,
  clientFieldsArb,
  codePoints,
  emailArb,
  invoiceArb,
  padded,
  textArb,
  NOT_FREE_TEXT,
} from './arbitraries';
import { inputErrorOf } from './support';

const RUNS = { numRuns: 1000 };
const onWire = (value: unknown) => JSON.parse(JSON.stringify(value));
/** The one issue an input with exactly one bad field must produce. */
const onlyIssue = (schema: z.ZodTypeAny, raw: unknown) => {
  const error = inputErrorOf(() => validateInput(schema, raw));
  expect(error.issues).toHaveLength(1);
  expect(error.message).toBe(error.issues[0].message);
  return error.issues[0];
};

describe('create invoice input', () => {
  test('valid inputs are accepted and normalised: trimmed e-mail and descriptions, upper-case currency, numeric amounts', () => {
    fc.assert(
      fc.property(invoiceArb, ({ raw, expected }) => {
        expect(onWire(validateInput(createInvoiceInputSchema, raw))).toStrictEqual(expected);
      }),
      RUNS,
    );
  });

  test('a bad amount in any item is refused, naming that item, its field and the currency unit', () => {
    fc.assert(
      fc.property(invoiceArb, fc.nat(), badAmountArb, ({ raw, currency }, pick, amount) => {
        const items = raw.items as Array<Record<string, unknown>>;
        const index = pick % items.length;
        const broken = { ...raw, items: items.map((item, i) => (i === index ? { ...item, amount } : item)) };
        const error = inputErrorOf(() => validateInput(createInvoiceInputSchema, broken));
        expect(error.issues.length).toBeGreaterThan(0);
        for (const issue of error.issues) {
          expect(issue.field).toBe(`items[${index}].amount`);
          expect(issue.message.startsWith(`Item ${index + 1}: amount `)).toBe(true);
          expect(issue.message).toContain(CURRENCY_UNITS[currency]);
          expect(error.message).toContain(issue.message);
        }
      }),
      RUNS,
    );
  });

  test('too many or no items are refused on the list itself', () => {
    fc.assert(
      fc.property(invoiceArb, fc.integer({ min: 101, max: 140 }), fc.boolean(), ({ raw }, count, empty) => {
        const items = empty
          ? []
          : Array.from({ length: count }, (_, i) => (raw.items as unknown[])[i % (raw.items as unknown[]).length]);
        const error = inputErrorOf(() => validateInput(createInvoiceInputSchema, { ...raw, items }));
        expect(error.issues).toEqual([
          {
            field: 'items',
            message: empty
              ? 'Line Items must have at least one line item'
              : 'Line Items can have at most 100 line items',
          },
        ]);
      }),
      RUNS,
    );
  });

  const longText = fc
    .oneof(
      fc.string({ unit: 'binary', minLength: 501, maxLength: 700 }),
      fc.string({ unit: 'grapheme-ascii', minLength: 501, maxLength: 700 }),
      fc.constantFrom('🧾'.repeat(501), 'é'.repeat(501), 'x'.repeat(10_000)),
    )
    .filter((text) => codePoints(text.trim()) > 500);
  const blankText = fc.string({
    unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000', '\ufeff'),
    maxLength: 20,
  });

  test('a description that is blank or longer than 500 characters is refused, naming the item', () => {
    fc.assert(
      fc.property(invoiceArb, fc.nat(), fc.oneof(longText, blankText), ({ raw }, pick, description) => {
        const items = raw.items as Array<Record<string, unknown>>;
        const index = pick % items.length;
        const broken = { ...raw, items: items.map((item, i) => (i === index ? { ...item, description } : item)) };
        const error = inputErrorOf(() => validateInput(createInvoiceInputSchema, broken));
        const expected = description.trim() ? 'must be at most 500 characters' : 'is required';
        expect(error.issues).toEqual([
          { field: `items[${index}].description`, message: `Item ${index + 1}: description ${expected}` },
        ]);
      }),
      RUNS,
    );
  });

  test('descriptions: whatever the script or emoji, accepted exactly when 1 to 500 characters remain after trimming and none is a control, a bidi override or a lone surrogate', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 520 }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
    );
    fc.assert(
      fc.property(invoiceArb, anyText, ({ raw }, description) => {
        const input = { ...raw, items: [{ description, amount: 1 }] };
        const length = codePoints(description.trim());
        if (length >= 1 && length <= 500 && !NOT_FREE_TEXT.test(description.trim())) {
          expect(validateInput(createInvoiceInputSchema, input).items[0].description).toBe(description.trim());
        } else {
          expect(inputErrorOf(() => validateInput(createInvoiceInputSchema, input)).issues.map((i) => i.field)).toEqual(
            ['items[0].description'],
          );
        }
      }),
      RUNS,
    );
  });

  test('a bad currency is refused on the Currency field, and amount hints fall back to rupees', () => {
    fc.assert(
      fc.property(invoiceArb, badCurrencyArb, ({ raw }, currency) => {
        const issue = onlyIssue(createInvoiceInputSchema, { ...raw, currency });
        expect(issue.field).toBe('currency');
        expect(issue.message).toMatch(/^Currency (is required|must be|is not a known ISO 4217 currency code)/);
        const alsoBadAmount = { ...raw, currency, items: [{ description: 'x', amount: 'abc' }] };
        expect(inputErrorOf(() => validateInput(createInvoiceInputSchema, alsoBadAmount)).issues[1]).toEqual({
          field: 'items[0].amount',
          message: 'Item 1: amount must be a whole number of paise, e.g. 1500 for ₹15.00',
        });
      }),
      RUNS,
    );
  });

  test('a malformed client e-mail (spaces, non-ASCII letters, missing or doubled @) is refused', () => {
    fc.assert(
      fc.property(invoiceArb, badEmailArb, ({ raw }, client_email) => {
        const issue = onlyIssue(createInvoiceInputSchema, { ...raw, client_email });
        expect(issue.field).toBe('client_email');
        expect(issue.message.startsWith('Client Email ')).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('client inputs', () => {
  test('create: valid inputs are accepted; e-mail and texts trimmed, phone reduced to E.164, country upper-cased, blanks dropped', () => {
    fc.assert(
      fc.property(padded(emailArb), clientFieldsArb, (email, fields) => {
        expect(onWire(validateInput(clientCreateInputSchema, { email, ...fields.raw }))).toStrictEqual({
          email: email.trim(),
          ...fields.value,
        });
      }),
      RUNS,
    );
  });

  test('update: the same rules, every field optional, and at least one real change required', () => {
    fc.assert(
      fc.property(fc.option(padded(emailArb), { nil: undefined }), clientFieldsArb, (email, fields) => {
        const raw = email === undefined ? fields.raw : { email, ...fields.raw };
        const expected = email === undefined ? fields.value : { email: email.trim(), ...fields.value };
        if (Object.keys(expected).length) {
          expect(onWire(validateInput(clientUpdateInputSchema, raw))).toStrictEqual(expected);
        } else {
          expect(inputErrorOf(() => validateInput(clientUpdateInputSchema, raw)).issues).toEqual([
            {
              field: 'input',
              message: 'Give at least one field to change: email, name, phone, company, tax ID or address',
            },
          ]);
        }
      }),
      RUNS,
    );
  });

  const badField = fc.oneof(
    badEmailArb.map((value) => ({ key: 'email', value, field: 'email', label: 'Email ' })),
    badPhoneArb.map((value) => ({ key: 'phone', value, field: 'phone', label: 'Phone (WhatsApp) must be ' })),
    fc
      .string({ unit: 'grapheme-ascii', minLength: 201, maxLength: 260 })
      .filter((t) => t.trim().length > 200)
      .map((value) => ({ key: 'name', value, field: 'name', label: 'Name must be at most 200 characters' })),
    fc
      .string({ unit: 'grapheme-ascii', minLength: 51, maxLength: 80 })
      .filter((t) => t.trim().length > 50)
      .map((value) => ({ key: 'tax_id', value, field: 'tax_id', label: 'Tax ID must be at most 50 characters' })),
  );

  test('create and update: one bad field is refused, named by its label', () => {
    fc.assert(
      fc.property(emailArb, clientFieldsArb, badField, fc.boolean(), (email, fields, bad, update) => {
        const raw = { email, ...fields.raw, [bad.key]: bad.value };
        const schema = update ? clientUpdateInputSchema : clientCreateInputSchema;
        if (update && bad.key === 'email' && isBlank(bad.value)) return; // blank e-mail = "no change" on update
        const issue = onlyIssue(schema, raw);
        expect(issue.field).toBe(bad.field);
        expect(issue.message.startsWith(bad.label)).toBe(true);
      }),
      RUNS,
    );
  });

  test('descriptions used for names follow the same character counting as invoices', () => {
    fc.assert(
      fc.property(emailArb, textArb(200), (email, name) => {
        expect(validateInput(clientCreateInputSchema, { email, name }).name).toBe(name.trim());
      }),
      RUNS,
    );
  });
});
