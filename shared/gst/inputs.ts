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
import { GST_STATES, PLACE_OF_SUPPLY_CHOICES, readPlaceOfSupply } from './states';

const text = (what: string) =>
  z
    .union([z.string(), z.number()], { errorMap: () => ({ message: `must be ${what}` }) })
    .transform((value) => String(value).trim());

const custom = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
};

// The document states the GSTIN's form, as the service keeps it (upper case, no spaces); its check character is
// the core's (no JSON Schema keyword computes it), named by `x-rule` (contract: "What the wire reads").
export const gstinInput = onTheWire(
  text('a GSTIN such as 27AAPFU0939F1ZV').transform((value, ctx) => {
    const reading = readGstin(value);
    return reading.ok ? reading.gstin : custom(ctx, reading.message);
  }),
  {
    type: 'string',
    pattern: `^(${GST_STATES.map((state) => state.code).join('|')})[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$`,
    'x-rule': 'gstin-check-character',
  },
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
  // A SAC is 99 and 4 digits; an HSN code 4, 6 or 8 digits of a chapter 01 to 98 (shared/gst/hsn.ts).
  { type: 'string', pattern: '^(99[0-9]{4}|(?!00|99)[0-9]{4}([0-9]{2}){0,2})$' },
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
