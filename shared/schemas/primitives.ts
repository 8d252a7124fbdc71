/**
 * Input primitives. Platforms hand us strings for almost everything (Zapier line items, n8n
 * expressions), so each primitive accepts the unambiguous string form and rejects the rest with a
 * message that says what would be accepted.
 */
import { hash } from 'node:crypto';
import { z } from 'zod';
import { ID_PREFIX } from '../service';
import { KNOWN_CURRENCIES, isKnownCurrency } from '../money';
import { freeTextProblem } from './freeText';
import { onTheWire, wireOf } from './wire';
import { TRIMMED } from './wireKeywords';

export const MAX_AMOUNT = 100_000_000_000;
export const MAX_ITEMS = 100;
export const MAX_DESCRIPTION = 500;
/** Every ID the service mints is far shorter; the bound keeps a pasted document out of a URL. */
export const MAX_ID_LENGTH = 255;
/** How much of a refused value a message quotes back, "…" included: enough to recognise it, never a page. */
export const MAX_ECHO = 60;

/**
 * A refused value as every message quotes it (docs/api-contract.md, "Quoting what was typed"): whole when
 * short, else its start and "…", never splitting an emoji's pair of UTF-16 halves.
 */
export function echo(value: unknown): string {
  const text = String(value);
  if (text.length <= MAX_ECHO) return text;
  const end = /[\uD800-\uDBFF]/.test(text[MAX_ECHO - 2]) ? MAX_ECHO - 2 : MAX_ECHO - 1;
  return `${text.slice(0, end)}…`;
}

/** Characters as people count them (an emoji is one), without building an array for plain text. */
const charLength = (text: string) => (/[\uD800-\uDFFF]/.test(text) ? [...text].length : text.length);

/** An optional field left empty: a mapped value that came through as nothing or only spaces. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

/** An optional input: left empty (see isBlank), it is absent. */
export const optional = <S extends z.ZodTypeAny>(schema: S) =>
  onTheWire(z.preprocess(blankToUndefined, schema.optional()), wireOf(schema));

/**
 * A field a step cannot run without: left empty (see isBlank) it is refused as missing, in words that say
 * what it takes ("is required: a whole number of days from 1 to 365"), before `schema` judges anything else.
 */
export const requiredInput = <S extends z.ZodTypeAny>(schema: S, accepted: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .unknown()
      .refine((value) => value !== undefined, `is required: ${accepted}`)
      .pipe(schema),
  );

/** A closed list whose refusal names every accepted value. */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: () => ({ message: `must be one of ${values.join(', ')}` }) });

export const emailInput = z
  .string({ required_error: 'is required', invalid_type_error: 'must be an e-mail address' })
  .trim()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .email('must be a valid e-mail address such as ana@example.com (no spaces, plain ASCII letters)');

export const currencyInput = onTheWire(
  z
    .string({ required_error: 'is required', invalid_type_error: 'must be a three-letter currency code such as INR' })
    .trim()
    .toUpperCase()
    .superRefine((code, ctx) => {
      if (!/^[A-Z]{3}$/.test(code)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: 'must be a three-letter ISO 4217 currency code such as INR, USD or EUR',
        });
      } else if (!isKnownCurrency(code)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: 'is not a known ISO 4217 currency code; use one such as INR, USD or EUR',
        });
      }
    }),
  { enum: KNOWN_CURRENCIES },
);

/** A string of digits only ("1500", as a form sends a number) read as that number; anything else as given. */
const digitsAsNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;

/** Minor units: an integer, or a string of digits only ("1500"); never "15.00", 1.5, -1 or 1e21. */
export const amountInput = z.preprocess(
  digitsAsNumber,
  z
    .number({ required_error: 'is required', invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'cannot be negative')
    .max(MAX_AMOUNT, `must be at most ${MAX_AMOUNT}`),
);

export function textInput(max: number, options: { min?: number } = {}) {
  const min = options.min ?? 1;
  const tooShort = min === 1 ? 'is required' : `must be at least ${min} characters`;
  const tooLong = `must be at most ${max} characters`;
  // JSON Schema counts code points as charLength does; the wire's text is trimmed (contract: "What the wire reads").
  return onTheWire(
    z
      .string({ required_error: 'is required', invalid_type_error: 'must be text' })
      .trim()
      .superRefine((text, ctx) => {
        const length = charLength(text);
        const problem = length < min ? tooShort : length > max ? tooLong : freeTextProblem(text);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }),
    { minLength: min, maxLength: max, pattern: TRIMMED },
  );
}

export const optionalText = (max: number) => optional(textInput(max));

const TRUE_WORDS = ['true', 'yes', '1'];
const FALSE_WORDS = ['false', 'no', '0', ''];

function toBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (TRUE_WORDS.includes(text)) return true;
  if (FALSE_WORDS.includes(text)) return false;
  return value;
}

/**
 * "yes"/"no", "true"/"false", "1"/"0" or a boolean; left out, or left blank, it is "no". The words are the
 * editors'; the wire takes a JSON boolean (in a query, `true` or `false`): contract, "What the wire reads".
 */
export const booleanInputOrFalse = onTheWire(
  z.preprocess(
    (value) => (value === undefined ? false : toBoolean(value)),
    z.boolean({ invalid_type_error: 'must be true or false' }),
  ),
  { type: 'boolean' },
);

/** E.164 after dropping the spaces, dashes and brackets people type. */
export const phoneInput = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/[\s\-().]/g, '') : value),
  z
    .string({ invalid_type_error: 'must be a phone number' })
    .regex(/^\+[1-9]\d{6,14}$/, 'must be in international format: + then country code and number, e.g. +919812345678'),
);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** Names Intl knows that are not countries: user-assigned codes (Kosovo's XK aside), EU, EZ, UN. */
const NOT_COUNTRIES = /^(AA|Q[M-Z]|X[A-JL-Z]|ZZ|EU|EZ|UN)$/;
export const countryInput = z
  .string({ invalid_type_error: 'must be a two-letter country code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code (ISO 3166-1) such as IN, US or GB')
  .refine(
    (code) => !/^[A-Z]{2}$/.test(code) || (!NOT_COUNTRIES.test(code) && regionNames.of(code) !== undefined),
    'is not a known country code; use one such as IN, US or GB',
  );

export const MAX_IDEMPOTENCY_KEY = 255;

/** Sent as a header, so only visible ASCII survives every hop unchanged. */
export const idempotencyKeySchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value),
  z
    .string({ invalid_type_error: 'must be text' })
    .min(1, 'must not be empty')
    .max(MAX_IDEMPOTENCY_KEY, `must be at most ${MAX_IDEMPOTENCY_KEY} characters`)
    .regex(/^[\x20-\x7E]+$/, 'may contain only plain ASCII letters, digits and punctuation'),
);

/**
 * A stable idempotency key from the parts that identify one attempt's intent (execution, node, item),
 * so a retry of the same item reuses it and the service returns the first invoice instead of a second.
 * Readable, `auto_<execution>:<node>:<item>`, so support can tell which run sent a request. Parts are
 * percent-encoded, which keeps the key plain ASCII and one-to-one (a ":" inside a part is encoded). A key
 * past the header's limit, or a part that cannot be encoded, is hashed instead.
 */
export function deriveIdempotencyKey(parts: ReadonlyArray<string | number>): string {
  try {
    const readable = `auto_${parts.map((part) => encodeURIComponent(part)).join(':')}`;
    if (readable.length <= MAX_IDEMPOTENCY_KEY) return readable;
  } catch {
    // A lone surrogate cannot be percent-encoded; JSON escapes it, so the hash below still tells parts apart.
  }
  return `auto_${hash('sha256', JSON.stringify(parts.map(String))).slice(0, 40)}`;
}

export const idInput = (prefix: string) =>
  z
    .string({ required_error: 'is required', invalid_type_error: 'must be text' })
    .trim()
    .min(1, 'is required')
    .max(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters (an ID starting ${prefix})`)
    .regex(new RegExp(`^${prefix}[A-Za-z0-9_]+$`), `must be an ID starting ${prefix}`);

/** Where a page starts: an ID the previous page ended with. */
export const cursorInput = z
  .string({ invalid_type_error: 'must be text' })
  .trim()
  .max(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters (the ID a previous page ended with)`);

const limitInput = z.preprocess(
  digitsAsNumber,
  z
    .number({ invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100'),
);

export const invoiceIdSchema = idInput(ID_PREFIX.invoice);
export const clientIdSchema = idInput(ID_PREFIX.client);
export const webhookIdSchema = idInput(ID_PREFIX.webhook);
export const eventIdSchema = idInput(ID_PREFIX.event);

/** A cursor names an item of the list it pages; no JSON Schema keyword can look that up (contract: `x-rule`). */
export const optionalCursor = () => onTheWire(optional(cursorInput), { 'x-rule': 'id-in-list' });

/** Paging of every list: at most `limit` items after the one named by `starting_after`. */
export const listQuery = {
  limit: optional(limitInput),
  starting_after: optionalCursor(),
};
