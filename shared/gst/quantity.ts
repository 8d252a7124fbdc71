/**
 * A line's quantity as people write it (contract: "Quantity, unit and unit price"): "2", "1.5", "0.125",
 * "1,000"; more than 0, at most three decimals (grams of a kilogram, minutes of an hour as 0.25), at most
 * 1,000,000,000. Read on its decimal text, in thousandths, never through a float.
 */
import { echo } from '../schemas/primitives';

export const QUANTITY_DECIMALS = 3;
const SCALE = 10 ** QUANTITY_DECIMALS;
export const MAX_QUANTITY = 1_000_000_000;
const ACCEPTED =
  'a number more than 0 such as 1, 1.5 or 1,000 (a point before at most 3 decimals, commas only between thousands)';

export type QuantityReading = { ok: true; thousandths: number; value: number } | { ok: false; message: string };

export function readQuantity(raw: unknown): QuantityReading {
  const text =
    typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : typeof raw === 'string' ? raw.trim() : '';
  const refuse = (why: string): QuantityReading => ({ ok: false, message: `${why}; enter ${ACCEPTED}` });
  if (text === '') return refuse('is required when a unit price is given');
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(text))
    return refuse(`could not be read as a quantity (you entered ${echo(text)})`);
  const [whole, fraction = ''] = text.replace(/,/g, '').split('.');
  if (/[^0]/.test(fraction.slice(QUANTITY_DECIMALS)))
    return refuse(`has more than ${QUANTITY_DECIMALS} decimals (you entered ${echo(text)})`);
  if (whole.replace(/^0+/, '').length > String(MAX_QUANTITY).length)
    return refuse(`must be at most 1,000,000,000 (you entered ${echo(text)})`);
  const thousandths =
    Number(whole) * SCALE + Number(fraction.slice(0, QUANTITY_DECIMALS).padEnd(QUANTITY_DECIMALS, '0'));
  if (thousandths === 0) return refuse(`must be more than 0 (you entered ${echo(text)})`);
  if (thousandths > MAX_QUANTITY * SCALE) return refuse(`must be at most 1,000,000,000 (you entered ${echo(text)})`);
  return { ok: true, thousandths, value: thousandths / SCALE };
}
