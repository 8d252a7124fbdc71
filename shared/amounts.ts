/**
 * Amounts as people type them. The one input rule of both editors (contract: "Amounts as typed"):
 *
 * - an amount is in the currency's main unit (rupees, dollars, dinars): "1500", "1500.00", "1,500.00";
 * - the point is the decimal mark; commas only group digits, by thousands ("1,500,000.50") or the Indian way,
 *   lakh and crore ("15,00,000.50"): either grouping has one reading;
 * - the currency's own code or symbol may stand before or after ("₹1,500.00", "1500 INR", "Rs. 1,500"; see
 *   currencyMarks.ts), never another currency's;
 * - it is converted by the currency's ISO 4217 exponent on the decimal string itself, never through a
 *   float, so "19.99" USD is exactly 1999 cents and "1,500.000" KWD is 1500000 fils;
 * - refused, with the accepted forms in the message: a negative, more decimals than the currency has
 *   (trailing zeros aside: "1500.00" JPY is ¥1,500), and anything that could be read two ways
 *   ("1.500,00", "1,50", "1,5,00").
 *
 * Workflow data already counted in paise or cents keeps the wire's own rule through the unit option
 * ('minor': a whole number, "150000" = ₹1,500.00; see `inMinorUnits`). Hand-written: no maintained library parses a
 * grouped decimal string into an exact integer without floats, and the n8n package may have no
 * runtime dependencies.
 */
import { z } from 'zod';
import { currencyOfMark, isMarkOf, splitAmount } from './currencyMarks';
import { currencyExponent, formatMinor } from './money';
import { MAX_AMOUNT, echo, isBlank } from './schemas/primitives';

export const AMOUNT_UNITS = ['main', 'minor'] as const;

export type AmountReading = { ok: true; minor: number } | { ok: false; message: string };

const PLAIN = /^\d+(\.\d+)?$/;
/** Thousands (1,500,000) or lakh and crore (15,00,000): groups of two before the last three. */
const GROUPED = /^(\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})+,\d{3})(\.\d+)?$/;
/** Said after every refusal of a typed amount. */
const FORMS_NOTE =
  'a point before the decimals, commas only between digit groups as in 1,50,000.00, its code or symbol before or after';

/** The accepted forms, written for the currency at hand: "1500, 1500.00 or 1,500.00". */
export function acceptedAmountForms(currency: string): string {
  const decimals = currencyExponent(currency);
  const fraction = decimals ? `.${'0'.repeat(decimals)}` : '';
  return decimals ? `1500, 1500${fraction} or 1,500${fraction}` : '1500 or 1,500';
}

function refuse(message: string): AmountReading {
  return { ok: false, message };
}

/** A number mapped in by an expression: its shortest decimal spelling, the one a person would have typed. */
function textOf(raw: unknown): string | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : undefined;
  return typeof raw === 'string' ? raw.trim() : undefined;
}

/** The most decimals any ISO 4217 currency has (CLF, UYW: 4). */
const MOST_DECIMALS = 4;
/** Past the maximum in every currency: more main units than the most minor units an invoice holds. */
const MORE_THAN_ANY = `is more than any amount an invoice can hold (at most ${formatMinor(MAX_AMOUNT, 'INR')} in INR)`;

/** The whole and fraction digits of a typed amount of an accepted form. */
function digitsOf(raw: unknown): { whole: string; fraction: string; mark?: string } {
  const written = splitAmount(textOf(raw) ?? '');
  const [whole, fraction = ''] = (written?.number ?? '').replace(/,/g, '').split('.');
  return { whole, fraction, mark: written?.mark };
}

/** Checks the form alone (no currency needed): undefined when it is one of the accepted forms. */
export function amountFormProblem(raw: unknown): string | undefined {
  const text = textOf(raw);
  if (text === undefined || text === '') return 'is required';
  const written = splitAmount(text);
  if (/^[-−]/.test(text) || written?.negative) return 'cannot be negative';
  if (!written || !(PLAIN.test(written.number) || GROUPED.test(written.number)))
    return 'could be read more than one way';
  if (written.mark && !currencyOfMark(written.mark))
    return `is marked ${echo(written.mark)}, which is not a currency's code or symbol`;
  return undefined;
}

/**
 * What can be refused before the currency is known (Record Payment reads it from the invoice): the form,
 * and decimals or a size no currency has. Undefined when only the currency can tell.
 */
export function amountProblemInAnyCurrency(raw: unknown): string | undefined {
  if (typeof raw === 'number' && !Number.isFinite(raw)) return 'must be a number';
  if (typeof raw === 'number' && raw < 0) return 'cannot be negative';
  if (typeof raw === 'number' && raw > MAX_AMOUNT) return MORE_THAN_ANY;
  const problem = amountFormProblem(raw);
  if (problem) return problem;
  const { whole, fraction } = digitsOf(raw);
  if (/[^0]/.test(fraction.slice(MOST_DECIMALS)))
    return `has more decimals than any currency has (at most ${MOST_DECIMALS})`;
  if (whole.replace(/^0+/, '').length > String(MAX_AMOUNT).length) return MORE_THAN_ANY;
  return undefined;
}

/** The decimals rupees and most currencies have; an amount read before its currency may have no more. */
const USUAL_DECIMALS = 2;

/**
 * What can be refused before another resource's currency is read (Record Payment's is its invoice's), beyond
 * `amountProblemInAnyCurrency`: an amount marked with a currency is judged in that currency's decimals; an
 * unmarked one may have the 2 decimals rupees have, and more only with its currency written beside it
 * ("KWD 1.005"), so "1.005" on a rupee invoice is refused before any request. Undefined when only the
 * currency read from the service can tell.
 */
export function amountProblemBeforeItsCurrency(raw: unknown): string | undefined {
  if (amountProblemInAnyCurrency(raw) !== undefined) return undefined; // said once, by the form's own check
  const { fraction, mark } = digitsOf(raw);
  const marked = mark ? currencyOfMark(mark) : undefined;
  const allowed = marked ? currencyExponent(marked) : USUAL_DECIMALS;
  const decimals = fraction.replace(/0+$/, '').length;
  if (decimals <= allowed) return undefined;
  const text = echo(textOf(raw) ?? '');
  if (marked) return `has more decimals than ${marked} has (${allowed}; you entered ${text})`;
  return (
    `has ${decimals} decimals; rupees and most currencies have ${USUAL_DECIMALS} (you entered ${text}). ` +
    'For a currency with more, as KWD, BHD and OMR have 3, write its code with the amount, e.g. "KWD 1.005"'
  );
}

/**
 * `raw` (what the user typed or mapped) → the integer the service counts, or a sentence (without the
 * field's name, which the caller puts in front) saying what is wrong and what would be accepted.
 */
export function readAmount(raw: unknown, currency: string, options: { min?: number } = {}): AmountReading {
  const code = currency.toUpperCase();
  const decimals = currencyExponent(code);
  const min = options.min ?? 0;
  const forms = `an amount in ${code} such as ${acceptedAmountForms(code)} (${FORMS_NOTE})`;
  if (typeof raw === 'number' && !Number.isFinite(raw)) return refuse(`must be a number: enter ${forms}`);
  const problem = amountFormProblem(raw);
  const text = textOf(raw) ?? '';
  if (problem === 'is required') return refuse(`is required: enter ${forms}`);
  if (problem) return refuse(`${problem} (you entered ${echo(text)}); enter ${forms}`);

  const { whole, fraction, mark } = digitsOf(raw);
  if (mark && !isMarkOf(mark, code)) {
    const named = currencyOfMark(mark);
    const whose = named && named !== mark.toUpperCase() ? ` (${named}'s symbol)` : '';
    return refuse(`is marked ${mark}${whose}, not ${code} (you entered ${echo(text)}); enter ${forms}`);
  }
  if (/[^0]/.test(fraction.slice(decimals))) {
    const has = decimals ? `${decimals} decimal${decimals > 1 ? 's' : ''}` : 'no decimals';
    return refuse(`has more decimals than ${code} has (${has}; you entered ${echo(text)}); enter ${forms}`);
  }
  const minorDigits = whole + fraction.slice(0, decimals).padEnd(decimals, '0');
  // Past the maximum by its length alone, so a 400-digit string never becomes a float.
  const digits = minorDigits.replace(/^0+(?=\d)/, '');
  const minor = digits.length > String(MAX_AMOUNT).length ? Infinity : Number(digits);
  if (minor > MAX_AMOUNT) return refuse(`must be at most ${formatMinor(MAX_AMOUNT, code)} (you entered ${echo(text)})`);
  if (minor < min) return refuse(`must be at least ${formatMinor(min, code)} (you entered ${echo(text)})`);
  return { ok: true, minor };
}

/**
 * The amount as typed, a typed text's form checked alone (so it is named beside every other broken field);
 * the object holding it converts it once its currency and unit are known (`convertAmount`).
 */
export const typedAmountInput = z
  .unknown()
  .superRefine((value, ctx) => {
    const forms = `an amount such as ${acceptedAmountForms('INR')}`;
    // Not text or a number (absent, a yes/no, a list): said in the unit the field takes, never in paise.
    if (typeof value !== 'string' && typeof value !== 'number') {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: isBlank(value) ? `is required: enter ${forms}` : `must be ${forms}`,
      });
      return;
    }
    const problem = amountProblemInAnyCurrency(value);
    if (problem === 'is required')
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `is required: enter ${forms}` });
    else if (problem) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `${problem} (you entered ${echo(String(value).trim())}); enter ${forms} (${FORMS_NOTE})`,
      });
    }
  })
  .transform((value) => value as string | number);

/** A payment's amount: nothing is recorded for nothing, whatever the currency. */
export const positiveTypedAmountInput = typedAmountInput.refine(
  (value) => /[1-9]/.test(digitsOf(value).whole + digitsOf(value).fraction),
  'must be more than 0',
);

/** An amount whose currency is another resource's, read after validation: see `amountProblemBeforeItsCurrency`. */
export const amountBeforeItsCurrency = <Schema extends z.ZodTypeAny>(schema: Schema) =>
  schema.superRefine((value, ctx) => {
    const problem = amountProblemBeforeItsCurrency(value);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });

export const amountUnitInput = z.preprocess(
  (value) => (isBlank(value) ? 'main' : value),
  z.enum(AMOUNT_UNITS, { errorMap: () => ({ message: `must be one of ${AMOUNT_UNITS.join(', ')}` }) }),
);

/**
 * Whether an input asks for minor units. Such an input is judged by the wire's own schema (a whole number
 * of paise, with its words, beside every other field), exactly as before amounts could be typed.
 */
export function inMinorUnits(raw: unknown): boolean {
  const unit = (raw as { amount_unit?: unknown } | null | undefined)?.amount_unit;
  return typeof unit === 'string' && unit.trim() === 'minor';
}

/** Converts the typed amount at `path` in place, or adds the issue that says why it cannot be. */
export function convertAmount(
  holder: Record<string, unknown>,
  key: string,
  currency: string,
  ctx: z.RefinementCtx,
  path: Array<string | number>,
  options: { min?: number } = {},
): void {
  const reading = readAmount(holder[key], currency, options);
  if (reading.ok) holder[key] = reading.minor;
  else ctx.addIssue({ code: z.ZodIssueCode.custom, path, message: reading.message });
}
