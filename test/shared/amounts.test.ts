import fc from 'fast-check';
import { MAX_AMOUNT, readAmount } from '../../shared';

const accepted = (raw: unknown, currency: string) => {
  const reading = readAmount(raw, currency);
  if (!reading.ok) throw new Error(`refused ${String(raw)} ${currency}: ${reading.message}`);
  return reading.minor;
};
const refusal = (raw: unknown, currency: string) => {
  const reading = readAmount(raw, currency);
  if (reading.ok) throw new Error(`accepted ${String(raw)} ${currency} as ${reading.minor}`);
  return reading.message;
};

describe('amounts typed in the main unit convert exactly by the ISO 4217 exponent', () => {
  test.each([
    // JPY: exponent 0
    ['JPY', '1500', 1500],
    ['JPY', '1,500', 1500],
    ['JPY', '1500.00', 1500],
    ['JPY', '0', 0],
    ['JPY', 1500, 1500],
    ['JPY', '1,000,000', 1000000],
    // INR: exponent 2
    ['INR', '1500', 150000],
    ['INR', '1500.00', 150000],
    ['INR', '1,500.00', 150000],
    ['INR', '1,500', 150000],
    ['INR', '1500.5', 150050],
    ['INR', ' 19.99 ', 1999],
    ['INR', '0.01', 1],
    ['INR', '007', 700],
    ['INR', 19.99, 1999],
    ['INR', '1,000,000,000.00', 100000000000],
    ['INR', '₹1500', 150000],
    ['INR', '1,50,000.00', 15000000],
    ['INR', '12,34,567.00'.replace(/,/g, ''), 123456700],
    ['USD', '19.99', 1999],
    ['USD', '0.29', 29],
    ['USD', '1.005'.slice(0, 4), 100],
    // KWD: exponent 3
    ['KWD', '1500', 1500000],
    ['KWD', '1,500.000', 1500000],
    ['KWD', '1.5', 1500],
    ['KWD', '0.001', 1],
    ['KWD', '1.500', 1500],
  ] as const)('%s %p → %i', (currency, raw, minor) => {
    expect(accepted(raw, currency)).toBe(minor);
  });

  test.each([
    [
      'JPY',
      '1500.5',
      /more decimals than JPY has \(no decimals; you entered 1500\.5\); enter an amount in JPY such as 1500 or 1,500/,
    ],
    [
      'INR',
      '19.999',
      /more decimals than INR has \(2 decimals; you entered 19\.999\); enter an amount in INR such as 1500, 1500\.00 or 1,500\.00/,
    ],
    ['KWD', '1.0005', /more decimals than KWD has \(3 decimals/],
    ['INR', '-5', /cannot be negative \(you entered -5\); enter an amount in INR such as 1500, 1500\.00 or 1,500\.00/],
    ['INR', -5, /cannot be negative/],
    ['INR', '1.500,00', /could be read more than one way \(you entered 1\.500,00\)/],
    ['INR', '1,50', /could be read more than one way/],
    ['INR', '1.500.000', /could be read more than one way/],
    ['INR', '15 00', /could be read more than one way/],
    ['INR', '₹1500 INR', /could be read more than one way/],
    ['INR', '1e3', /could be read more than one way/],
    ['INR', 1e21, /could be read more than one way/],
    ['INR', '', /is required: enter an amount in INR such as 1500/],
    ['INR', undefined, /is required/],
    ['INR', '1,000,000,000.01', /must be at most ₹1,00,00,00,000\.00/],
    ['JPY', '9'.repeat(400), /must be at most ¥100,000,000,000/],
  ] as const)('%s %p is refused', (currency, raw, message) => {
    expect(refusal(raw, currency)).toMatch(message);
  });

  test("the minimum is the caller's (a payment is at least 1 minor unit)", () => {
    expect(readAmount('0.00', 'INR', { min: 1 })).toEqual({
      ok: false,
      message: 'must be at least ₹0.01 (you entered 0.00)',
    });
  });
});

describe('conversion is exact for every 2-decimal string up to the maximum', () => {
  const cents = fc.integer({ min: 0, max: MAX_AMOUNT });
  const asText = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
  const grouped = (text: string) => {
    const [whole, fraction] = text.split('.');
    return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
  };

  test('"w.ff" and "w,www.ff" in INR are exactly w·100 + ff', () => {
    fc.assert(
      fc.property(cents, (minor) => {
        expect(accepted(asText(minor), 'INR')).toBe(minor);
        expect(accepted(grouped(asText(minor)), 'INR')).toBe(minor);
      }),
      { numRuns: 20_000 },
    );
  });

  test('the same text in KWD is ten times as many fils (up to the maximum), and refused in JPY unless the decimals are zero', () => {
    fc.assert(
      fc.property(cents, (minor) => {
        const kwd = readAmount(asText(minor), 'KWD');
        expect(kwd).toEqual(
          minor * 10 <= MAX_AMOUNT
            ? { ok: true, minor: minor * 10 }
            : { ok: false, message: expect.stringMatching(/at most/) },
        );
        const jpy = readAmount(asText(minor), 'JPY');
        expect(jpy.ok).toBe(minor % 100 === 0);
      }),
      { numRuns: 5_000 },
    );
  });

  test('a number mapped in by an expression reads as its decimal spelling (19.99 is 1999, never 1998.9999)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (minor) => {
        expect(accepted(minor / 100, 'INR')).toBe(minor);
      }),
      { numRuns: 20_000 },
    );
  });
});
