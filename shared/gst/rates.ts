/**
 * The GST rates an invoice line may carry (contract: "GST rates"). Data, not code: the slabs change by
 * notification (the GST Council's 56th meeting folded 12 % and 28 % into 5 % and 18 % and added 40 %, in
 * force since 22 September 2025). `percent` is the whole rate (IGST); within a state CGST and SGST/UTGST
 * are half of it each. The three kinds without a rate levy no tax and say why on the invoice.
 */
export const GST_RATES_CHECKED = '2026-11-25';
export const GST_RATES_IN_FORCE_SINCE = '2025-09-22';

export interface GstRate {
  value: string;
  label: string;
  /** The rate in per cent as a decimal string; undefined for the kinds that levy no GST. */
  percent?: string;
}

export const GST_RATES: readonly GstRate[] = [
  { value: '0', label: '0 %', percent: '0' },
  { value: '0.25', label: '0.25 %', percent: '0.25' },
  { value: '3', label: '3 %', percent: '3' },
  { value: '5', label: '5 %', percent: '5' },
  { value: '18', label: '18 %', percent: '18' },
  { value: '40', label: '40 %', percent: '40' },
  { value: 'exempt', label: 'Exempt' },
  { value: 'nil_rated', label: 'Nil-rated' },
  { value: 'non_gst', label: 'Non-GST' },
];

export const GST_RATE_VALUES = GST_RATES.map((rate) => rate.value) as [string, ...string[]];

const BY_VALUE = new Map(GST_RATES.map((rate) => [rate.value, rate]));

/** "18", "18%", "18 %", "18.00", "Exempt", "nil-rated", "Non GST" → the rate's value; undefined when none. */
export function readGstRate(raw: string): string | undefined {
  const text = raw.trim().toLowerCase();
  const number = /^(\d+(?:\.\d+)?)\s*%?$/.exec(text)?.[1];
  if (number !== undefined) {
    const canonical = number.includes('.')
      ? number.replace(/0+$/, '').replace(/\.$/, '')
      : number.replace(/^0+(?=\d)/, '');
    return BY_VALUE.has(canonical) ? canonical : undefined;
  }
  const word = text.replace(/[\s-]+/g, '_');
  return BY_VALUE.has(word) ? word : undefined;
}

export function gstRate(value: string): GstRate | undefined {
  return BY_VALUE.get(value);
}

/** The rate in thousandths of a per cent (18 % → 18000, 0.25 % → 250), so half of every rate is whole. */
export function rateInMilliPercent(rate: GstRate): number {
  const [whole, fraction = ''] = (rate.percent ?? '0').split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
}
