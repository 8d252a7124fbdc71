import fc from 'fast-check';
import {
  COMMON_CURRENCIES,
  amountExample,
  currencyExponent,
  currencyLocale,
  formatMinor,
  fromMinor,
  isKnownCurrency,
  minorUnitName,
} from '../../shared';

const NBSP = '\u00a0';

describe('currency exponents follow ISO 4217', () => {
  test.each([
    ['JPY', 0],
    ['KRW', 0],
    ['CLP', 0],
    ['VND', 0],
    ['XOF', 0],
    ['ISK', 0],
    ['INR', 2],
    ['USD', 2],
    ['EUR', 2],
    ['GBP', 2],
    ['AED', 2],
    ['SGD', 2],
    // ISO 4217 has two decimals for these; CLDR (and so a bare Intl formatter) shows none.
    ['IDR', 2],
    ['HUF', 2],
    ['PKR', 2],
    ['COP', 2],
    ['IRR', 2],
    ['LBP', 2],
    ['KWD', 3],
    ['BHD', 3],
    ['OMR', 3],
    ['JOD', 3],
    ['TND', 3],
    ['LYD', 3],
    ['IQD', 3],
    ['jpy', 0],
    ['kwd', 3],
  ])('%s has %i decimals', (currency, exponent) => {
    expect(currencyExponent(currency)).toBe(exponent);
  });
});

describe('formatMinor', () => {
  test.each([
    [1500, 'INR', '₹15.00'],
    [1490000, 'INR', '₹14,900.00'],
    [0, 'INR', '₹0.00'],
    [29, 'USD', '$0.29'],
    [1500, 'usd', '$15.00'],
    [1500, 'JPY', '¥1,500'],
    [15000, 'KWD', `KWD${NBSP}15.000`],
    [1, 'BHD', `BHD${NBSP}0.001`],
    [1500, 'EUR', '€15.00'],
    [150000, 'IDR', `Rp${NBSP}1,500.00`],
    [250050, 'HUF', `Ft${NBSP}2,500.50`],
    [1500, 'IQD', `IQD${NBSP}1.500`],
    [100_000_000_000, 'INR', '₹1,00,00,00,000.00'],
    // Rupees in lakh and crore, as Indian invoices print them; every other currency in thousands.
    [15_283_575, 'INR', '₹1,52,835.75'],
    [-15_283_575, 'INR', '-₹1,52,835.75'],
    [9_999_999, 'INR', '₹99,999.99'],
    [10_000_000, 'INR', '₹1,00,000.00'],
    [1_234_567_890_123, 'INR', '₹12,34,56,78,901.23'],
    [15_283_575, 'USD', '$152,835.75'],
  ])('%i %s → %s', (amount, currency, expected) => {
    expect(formatMinor(amount, currency)).toBe(expected);
  });
});

describe('formatMinor writes what Intl writes', () => {
  const intl = (amount: number, currency: string) => {
    const digits = currencyExponent(currency);
    return new Intl.NumberFormat(currencyLocale(currency), {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount / 10 ** digits);
  };
  const currencies = Intl.supportedValuesOf('currency');

  test('for every currency Intl knows, at the edges of each digit group', () => {
    const amounts = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 99_999, 100_000, 123_456_789, 100_000_000_000];
    for (const currency of currencies) {
      for (const amount of amounts)
        expect([currency, amount, formatMinor(amount, currency)]).toEqual([currency, amount, intl(amount, currency)]);
    }
  });

  test('for any amount the contract allows, in any currency (1,000 runs)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), fc.constantFrom(...currencies), (amount, currency) => {
        expect(formatMinor(amount, currency)).toBe(intl(amount, currency));
      }),
      { numRuns: 1000 },
    );
  });

  test('outside it (negative, fractional, unsafe) Intl itself formats', () => {
    for (const amount of [-1500, 12.5, 2 ** 53 + 2]) expect(formatMinor(amount, 'INR')).toBe(intl(amount, 'INR'));
  });
});

test('fromMinor', () => {
  expect(fromMinor(1500, 'INR')).toBe(15);
  expect(fromMinor(1500, 'JPY')).toBe(1500);
  expect(fromMinor(15000, 'KWD')).toBe(15);
  expect(fromMinor(29, 'USD')).toBe(0.29);
  expect(fromMinor(150000, 'IDR')).toBe(1500);
});

describe('unit names and examples', () => {
  test.each([
    ['INR', 'paise'],
    ['USD', 'cents'],
    ['EUR', 'cents'],
    ['GBP', 'pence'],
    ['JPY', 'yen'],
    ['KWD', 'fils'],
    ['AED', 'fils'],
    ['BHD', 'fils'],
    ['KRW', 'won'],
    ['CHF', 'the smallest unit of CHF'],
    ['CLP', 'units of CLP'],
  ])('%s → %s', (currency, name) => {
    expect(minorUnitName(currency)).toBe(name);
  });

  test.each([
    ['INR', '1500 for ₹15.00'],
    ['USD', '1500 for $15.00'],
    ['JPY', '15 for ¥15'],
    ['KWD', `15000 for KWD${NBSP}15.000`],
    ['XYZ', '1500 for ₹15.00'],
  ])('amountExample(%s) = %s', (currency, example) => {
    expect(amountExample(currency)).toBe(example);
  });

  test('known currencies', () => {
    for (const code of COMMON_CURRENCIES) expect(isKnownCurrency(code)).toBe(true);
    expect(COMMON_CURRENCIES).toEqual(expect.arrayContaining(['INR', 'USD', 'JPY', 'KWD']));
    for (const code of ['XYZ', 'ABC', 'RUPEES', '', 'inr']) expect(isKnownCurrency(code)).toBe(false);
  });
});

describe('formatted digits (1,000 runs)', () => {
  const currencies = fc.constantFrom('JPY', 'KRW', 'INR', 'USD', 'EUR', 'IDR', 'HUF', 'KWD', 'BHD', 'IQD');
  const exponents: Record<string, number> = {
    JPY: 0,
    KRW: 0,
    INR: 2,
    USD: 2,
    EUR: 2,
    IDR: 2,
    HUF: 2,
    KWD: 3,
    BHD: 3,
    IQD: 3,
  };

  test("the formatted twin shows the minor amount's digits with the currency's decimals", () => {
    fc.assert(
      fc.property(currencies, fc.integer({ min: 0, max: 100_000_000_000 }), (currency, minor) => {
        const exponent = exponents[currency];
        const digits = String(minor).padStart(exponent + 1, '0');
        const major = exponent ? `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}` : digits;
        expect(formatMinor(minor, currency).replace(/[^0-9.]/g, '')).toBe(major);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('formatMinor, written from the parts Intl gives, is byte-identical to Intl formatting the amount itself', () => {
  // The formatting formatMinor had before it was derived from formatToParts: the reference.
  const intlFormatted = (amount: number, currency: string) => {
    const digits = currencyExponent(currency);
    return new Intl.NumberFormat(currencyLocale(currency), {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount / 10 ** digits);
  };
  const currencies = Intl.supportedValuesOf('currency');
  const amounts = fc.oneof(
    fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }),
    fc.integer({ min: -10_000, max: 10_000 }),
    fc.constantFrom(0, -0, 1, -1, 999, 1000, 999_999, 1_000_000, 100_000_000_000, 2 ** 53 - 1, -(2 ** 53 - 1)),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  );

  test('every currency Intl knows, any amount (integers to ±10^11, edges, non-integers)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencies), amounts, (currency, amount) => {
        expect(formatMinor(amount, currency)).toBe(intlFormatted(amount, currency));
      }),
      { numRuns: 20_000 },
    );
  });

  test.each(currencies)('%s: the amounts around every digit-group boundary', (currency) => {
    for (let power = 0; power <= 15; power += 1) {
      for (const amount of [10 ** power - 1, 10 ** power, -(10 ** power)]) {
        expect(formatMinor(amount, currency)).toBe(intlFormatted(amount, currency));
      }
    }
  });
});
