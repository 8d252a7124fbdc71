/**
 * The service's GST arithmetic (contract: "GST computation"), in integers of paise and never in floats:
 *
 * - a line's amount is quantity × unit price, rounded to the paisa half-up;
 * - a line's tax is computed per tax head on that taxable value, exactly, then rounded to the paisa
 *   half-up: within a state CGST and SGST (or UTGST) are each half the rate on the taxable value, so they
 *   are always equal; across states IGST is the whole rate; a line's intra-state pair and its inter-state
 *   IGST differ by at most one paisa;
 * - the invoice's figures are the sums of its lines'.
 */
import { QUANTITY_DECIMALS } from './quantity';
import { gstRate, rateInMilliPercent } from './rates';

/** n / d rounded half-up, for n ≥ 0 and d > 0. */
function divideHalfUp(n: bigint, d: bigint): number {
  return Number((n * 2n + d) / (2n * d));
}

/** quantity (in thousandths) × unit price (in paise) → the line amount in paise, half-up. */
export function lineAmount(quantityThousandths: number, unitPrice: number): number {
  return divideHalfUp(BigInt(quantityThousandths) * BigInt(unitPrice), BigInt(10 ** QUANTITY_DECIMALS));
}

/** taxable × rate (thousandths of a per cent) / 100 %, half-up. */
const taxAt = (taxable: number, milliPercent: number) => divideHalfUp(BigInt(taxable) * BigInt(milliPercent), 100_000n);

export type SupplyType = 'intra_state' | 'inter_state';

export interface TaxHeads {
  cgst: number;
  sgst: number;
  utgst: number;
  igst: number;
}
export interface LineTax extends TaxHeads {
  tax: number;
  total: number;
}

/**
 * One line's tax. `supply` says where: intra-state in a state (SGST) or a Union territory without a
 * legislature (UTGST), or inter-state (IGST). Exempt, nil-rated and non-GST lines carry none.
 */
export function lineTax(taxable: number, rateValue: string, supply: SupplyType, unionTerritory: boolean): LineTax {
  const rate = gstRate(rateValue);
  const milli = rate?.percent === undefined ? 0 : rateInMilliPercent(rate);
  const heads: TaxHeads = { cgst: 0, sgst: 0, utgst: 0, igst: 0 };
  if (supply === 'inter_state') heads.igst = taxAt(taxable, milli);
  else {
    const half = taxAt(taxable, milli / 2);
    heads.cgst = half;
    if (unionTerritory) heads.utgst = half;
    else heads.sgst = half;
  }
  const tax = heads.cgst + heads.sgst + heads.utgst + heads.igst;
  return { ...heads, tax, total: taxable + tax };
}

export interface TaxTotals extends TaxHeads {
  taxable_value: number;
  total_tax: number;
  total: number;
}

/** The invoice's figures: each the sum of its lines'. */
export function taxTotals(lines: ReadonlyArray<{ amount: number } & LineTax>): TaxTotals {
  const sum = (pick: (line: { amount: number } & LineTax) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxable_value: sum((line) => line.amount),
    cgst: sum((line) => line.cgst),
    sgst: sum((line) => line.sgst),
    utgst: sum((line) => line.utgst),
    igst: sum((line) => line.igst),
    total_tax: sum((line) => line.tax),
    total: sum((line) => line.total),
  };
}
