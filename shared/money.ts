/**
 * Amounts travel as integers in the currency's minor unit (contract: "Money"). Everything a user reads
 * about an amount (its formatted twin, the unit named in an error) is derived here from ISO 4217 data
 * that `Intl` already carries, so a new currency needs no code.
 */
import { minorUnitFormatter } from './currencyFormat';

/** Codes offered first in dropdowns; any other ISO 4217 code is accepted too. */
export const COMMON_CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'AED', 'SGD', 'AUD', 'CAD', 'JPY', 'KWD'] as const;

const MINOR_UNIT_NAMES: Record<string, string> = {
  INR: 'paise',
  USD: 'cents',
  EUR: 'cents',
  AUD: 'cents',
  CAD: 'cents',
  SGD: 'cents',
  NZD: 'cents',
  HKD: 'cents',
  ZAR: 'cents',
  GBP: 'pence',
  AED: 'fils',
  KWD: 'fils',
  BHD: 'fils',
  JOD: 'fils',
  JPY: 'yen',
  KRW: 'won',
};

const CURRENCY_NAMES = new Intl.DisplayNames(['en'], { type: 'currency' });

export function isKnownCurrency(code: string): boolean {
  return KNOWN.has(code);
}

export function currencyName(code: string): string {
  return CURRENCY_NAMES.of(code) ?? code;
}

/**
 * ISO 4217 minor-unit exponents other than 2. Not read from `Intl`: its digits come from CLDR, which shows
 * IDR, HUF, PKR, COP, IQD and others without decimals (and may change with the ICU a platform ships), while
 * amounts on the wire count ISO minor units.
 */
const ISO_EXPONENTS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/**
 * What a currency input accepts (docs/openapi.json lists it as the enum): every code Intl knows, and the ISO 4217
 * codes listed above that some ICU builds leave out (the funds codes
 * CLF, UYI and UYW): an amount in any currency this module can count is accepted.
 */
export const KNOWN_CURRENCIES = [
  ...new Set([...Intl.supportedValuesOf('currency'), ...Object.keys(ISO_EXPONENTS)]),
].sort();
const KNOWN = new Set(KNOWN_CURRENCIES);

/** Digits after the decimal point: JPY 0, INR 2, KWD 3. */
export function currencyExponent(currency: string): number {
  return ISO_EXPONENTS[currency.toUpperCase()] ?? 2;
}

/** "paise" for INR, "cents" for USD, "yen" for JPY: the word a user knows for the unit we count in. */
export function minorUnitName(currency: string): string {
  const named = MINOR_UNIT_NAMES[currency];
  if (named) return named;
  return currencyExponent(currency) === 0 ? `units of ${currency}` : `the smallest unit of ${currency}`;
}

/**
 * Rupees are written in the Indian numbering system, lakh and crore (₹1,52,835.75), as Indian invoices,
 * banks and the GST portal print them: CLDR's en-IN pattern (#,##,##0.00). Every other currency groups in
 * thousands (en-US), whoever bills in it. Decided in docs/api-contract.md ("Formatted amounts").
 */
const LOCALES: Record<string, string> = { INR: 'en-IN' };

/** The locale whose digit grouping an amount in `currency` is written with. */
export function currencyLocale(currency: string): string {
  return LOCALES[currency.toUpperCase()] ?? 'en-US';
}

const formatters = new Map<string, (minor: number) => string>();
function currencyFormatter(currency: string): (minor: number) => string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    const digits = currencyExponent(currency);
    formatter = minorUnitFormatter(
      new Intl.NumberFormat(currencyLocale(currency), {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
      digits,
    );
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** 1500 INR → "₹15.00"; 15283575 INR → "₹1,52,835.75"; 1500 JPY → "¥1,500"; 15000 KWD → "KWD 15.000". */
export function formatMinor(amount: number, currency: string): string {
  return currencyFormatter(currency.toUpperCase())(amount);
}

/** 1500 INR → 15. Exact for every integer the contract allows (≤ 10^11). */
export function fromMinor(amount: number, currency: string): number {
  return amount / 10 ** currencyExponent(currency);
}

/** "e.g. 1500 for ₹15.00": the example every amount label and error message shows. */
export function amountExample(currency: string): string {
  const code = isKnownCurrency(currency) ? currency : 'INR';
  const amount = 15 * 10 ** currencyExponent(code);
  return `${amount} for ${formatMinor(amount, code)}`;
}
