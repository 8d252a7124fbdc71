/**
 * A currency's formatter taken apart once: `Intl.NumberFormat` decides every symbol, separator and sign
 * (read from its `formatToParts`), and an integer count of minor units is then written from those pieces
 * with integer arithmetic. Listing 100,000 invoices formats each amount several times, and this is about
 * a third of `format`'s cost with byte-identical strings; anything the pieces cannot say for certain (a
 * non-integer, -0, beyond 10^15, a pattern other than prefix-digits-suffix) goes to `Intl` itself.
 */

interface Pattern {
  prefix: string;
  suffix: string;
  group: string;
  decimal: string;
  /** Digits in the last group and in each group before it: 3 and 3 in en-US, 3 and 2 (lakh, crore) in en-IN. */
  sizes: { last: number; before: number };
}

/** The pieces around and between the digits of one formatted value; undefined for a shape we do not write. */
function patternOf(parts: Intl.NumberFormatPart[]): Pattern | undefined {
  const digits = new Set(['integer', 'group', 'decimal', 'fraction']);
  const first = parts.findIndex((part) => digits.has(part.type));
  let last = parts.length - 1;
  while (last >= 0 && !digits.has(parts[last].type)) last -= 1;
  if (first < 0) return undefined;
  const inner = parts.slice(first, last + 1);
  if (inner.some((part) => !digits.has(part.type))) return undefined;
  const join = (list: Intl.NumberFormatPart[]) => list.map((part) => part.value).join('');
  // Read on the probe (1,234,567): its middle group is a whole one, its first may not be.
  const integers = inner.filter((part) => part.type === 'integer').map((part) => part.value.length);
  const lastSize = integers.at(-1) ?? 3;
  return {
    prefix: join(parts.slice(0, first)),
    suffix: join(parts.slice(last + 1)),
    group: inner.find((part) => part.type === 'group')?.value ?? '',
    decimal: inner.find((part) => part.type === 'decimal')?.value ?? '',
    sizes: { last: lastSize, before: integers.length >= 3 ? integers.at(-2)! : lastSize },
  };
}

const EXACT_UP_TO = 1e15;

function grouped(integer: string, { group, sizes }: Pattern): string {
  let out = '';
  for (let end = integer.length, size = sizes.last; end > 0; end -= size, size = sizes.before)
    out = (end > size ? group : '') + integer.slice(Math.max(0, end - size), end) + out;
  return out;
}

/**
 * `format(minor)` equal to `intl.format(minor / 10 ** digits)` for every safe integer, `intl` fixed to
 * `digits` fraction digits, grouping as its probe shows (threes in en-US, lakh and crore in en-IN);
 * checked on probes when made, and `intl` is used as it is where a probe differs.
 */
export function minorUnitFormatter(intl: Intl.NumberFormat, digits: number): (minor: number) => string {
  const scale = 10 ** digits;
  const probe = 1_234_567 * scale + (scale > 1 ? scale - 1 : 0);
  const positive = patternOf(intl.formatToParts(probe / scale));
  const negative = patternOf(intl.formatToParts(-probe / scale));
  const viaIntl = (minor: number) => intl.format(minor / scale);
  if (!positive || !negative) return viaIntl;

  const format = (minor: number): string => {
    // Past 10^15 minor units `minor / scale` is no longer exact enough for Intl's rounding to agree.
    if (!Number.isSafeInteger(minor) || Object.is(minor, -0) || Math.abs(minor) > EXACT_UP_TO) return viaIntl(minor);
    const pattern = minor < 0 ? negative : positive;
    const units = Math.abs(minor);
    const integer = grouped(String(Math.floor(units / scale)), pattern);
    const fraction = digits > 0 ? pattern.decimal + String(units % scale).padStart(digits, '0') : '';
    return pattern.prefix + integer + fraction + pattern.suffix;
  };
  const probes = [
    0,
    1,
    -1,
    7,
    999,
    1000,
    -1000,
    123_456,
    1_000_000,
    12_345_678,
    -98_765_432_101,
    100_000_000_000,
    probe,
  ];
  return probes.every((minor) => format(minor) === viaIntl(minor)) ? format : viaIntl;
}
