/**
 * The GST fields as inputs (zod), each refusing with what would be accepted: the same rules for what the
 * editors take and what the service checks (contract: "GST tax invoices").
 */
import { z } from 'zod';
import { readGstin } from './gstin';
import { readHsnSac } from './hsn';
import { MAX_QUANTITY, QUANTITY_DECIMALS, readQuantity } from './quantity';
import { GST_RATES, GST_RATES_CHECKED, GST_RATE_VALUES, readGstRate } from './rates';
import { echo } from '../schemas/primitives';
import { onTheWire } from '../schemas/wire';
import { PLACE_OF_SUPPLY_CHOICES, readPlaceOfSupply } from './states';

const text = (what: string) =>
  z
    .union([z.string(), z.number()], { errorMap: () => ({ message: `must be ${what}` }) })
    .transform((value) => String(value).trim());

const custom = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
};

// The document states the GSTIN's form; its check character is the core's (no JSON Schema keyword computes it).
export const gstinInput = onTheWire(
  text('a GSTIN such as 27AAPFU0939F1ZV').transform((value, ctx) => {
    const reading = readGstin(value);
    return reading.ok ? reading.gstin : custom(ctx, reading.message);
  }),
  { type: 'string', pattern: '^\\s*[0-9]{2}[A-Za-z]{5}[0-9]{4}[A-Za-z][1-9A-Za-z][Zz][0-9A-Za-z]\\s*$' },
);

export const placeOfSupplyInput = onTheWire(
  text('a GST state code such as 27, or a state name such as Maharashtra').transform((value, ctx) => {
    const state = readPlaceOfSupply(value);
    return state
      ? state.code
      : custom(
          ctx,
          `is not a GST state (you entered ${echo(value)}); enter its 2-digit code such as 27 or its name ` +
            `such as Maharashtra (${PLACE_OF_SUPPLY_CHOICES.map((choice) => choice.value).join(', ')})`,
        );
  }),
  { type: 'string', enum: PLACE_OF_SUPPLY_CHOICES.map((choice) => choice.value) },
);

export const hsnSacInput = onTheWire(
  text('an HSN or SAC code such as 998314').transform((value, ctx) => {
    const reading = readHsnSac(value);
    return reading.ok ? reading.code : custom(ctx, reading.message);
  }),
  { type: 'string', pattern: '^\\s*([0-9]{4}|[0-9]{6}|[0-9]{8})\\s*$' },
);

export const gstRateInput = onTheWire(
  text('a GST rate such as 18').transform(
    (value, ctx) =>
      readGstRate(value) ??
      custom(
        ctx,
        `is not a GST rate in force (you entered ${echo(value)}); ` +
          `choose one of ${GST_RATES.map((rate) => rate.label).join(', ')} ` +
          `(rates in force since 22 September 2025, list checked ${GST_RATES_CHECKED})`,
      ),
  ),
  { type: 'string', enum: GST_RATE_VALUES },
);

export const quantityInput = onTheWire(
  text('a quantity such as 1.5').transform((value, ctx) => {
    const reading = readQuantity(value);
    return reading.ok ? reading.value : custom(ctx, reading.message);
  }),
  { type: 'number', exclusiveMinimum: 0, maximum: MAX_QUANTITY, multipleOf: 10 ** -QUANTITY_DECIMALS },
);
