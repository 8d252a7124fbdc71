/**
 * A currency's own mark beside an amount ("₹1,500.00", "1500 INR", "Rs. 1,500"), read only where it cannot
 * mean two currencies: the ISO 4217 code, the symbol CLDR's English data gives that currency alone (through
 * Intl: "$" is USD's, Australia's is "A$", China's yuan "CN¥"), and for INR the "Rs"/"Rs." Indian invoices
 * have long used. One mark, before or after, a sign before it or after it.
 */
import { isKnownCurrency } from './money';

const MARK = String.raw`(?:\p{L}{1,3}\.?\p{Sc}?|\p{Sc}\p{L}{0,3})`;
const WRITTEN = new RegExp(String.raw`^([-−])?\s*(${MARK})?\s*([-−])?\s*([\d.,]+)\s*(${MARK})?$`, 'u');

export interface WrittenAmount {
  negative: boolean;
  /** The digits, point and commas, as typed. */
  number: string;
  mark?: string;
}

/** The parts of a typed amount, or undefined when it is not one number with at most one mark. */
export function splitAmount(text: string): WrittenAmount | undefined {
  const match = WRITTEN.exec(text);
  if (!match) return undefined;
  const [, signBefore, before, signAfter, number, after] = match;
  if (before && after) return undefined;
  return { negative: Boolean(signBefore || signAfter), number, mark: before ?? after };
}

const RUPEE_WORDS = /^rs\.?$/i;
const symbols = new Map<string, string>();

/** The symbol Intl's English data writes for `code` ("₹", "$", "A$"; the code itself where there is none). */
function symbolOf(code: string): string {
  let symbol = symbols.get(code);
  if (symbol === undefined) {
    symbol =
      new Intl.NumberFormat('en', { style: 'currency', currency: code })
        .formatToParts(1)
        .find((part) => part.type === 'currency')?.value ?? code;
    symbols.set(code, symbol);
  }
  return symbol;
}

/** Whether `mark` is `currency`'s own: its code (any case), its English symbol, or Rs / Rs. for INR. */
export function isMarkOf(mark: string, currency: string): boolean {
  return (
    mark.toUpperCase() === currency || mark === symbolOf(currency) || (currency === 'INR' && RUPEE_WORDS.test(mark))
  );
}

let bySymbol: Map<string, string> | undefined;

/** The currency a mark names, if any: a known code, a known English symbol, or Rs. */
export function currencyOfMark(mark: string): string | undefined {
  if (isKnownCurrency(mark.toUpperCase())) return mark.toUpperCase();
  if (RUPEE_WORDS.test(mark)) return 'INR';
  bySymbol ??= new Map(
    Intl.supportedValuesOf('currency')
      .map((code) => [symbolOf(code), code] as const)
      .reverse(),
  );
  return bySymbol.get(mark);
}
