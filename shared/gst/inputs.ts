/**
 * The GST fields as inputs (zod), each refusing with what would be accepted: the same rules for what the
 * editors take and what the service checks (contract: "GST tax invoices").
 */
import { z } from 'zod';
import { readGstin } from './gstin';
import { readHsnSac } from './hsn';
import { readQuantity } from './quantity';
import { GST_RATES, GST_RATES_CHECKED, readGstRate } from './rates';
import { PLACE_OF_SUPPLY_CHOICES, readPlaceOfSupply } from './states';

const text = (what: string) =>
  z
    .union([z.string(), z.number()], { errorMap: () => ({ message: `must be ${what}` }) })
    .transform((value) => String(value).trim());

const custom = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
};

export const gstinInput = text('a GSTIN such as 27AAPFU0939F1ZV').transform((value, ctx) => {
  const reading = readGstin(value);
  return reading.ok ? reading.gstin : custom(ctx, reading.message);
});

export const placeOfSupplyInput = text('a GST state code such as 27, or a state name such as Maharashtra').transform(
  (value, ctx) => {
    const state = readPlaceOfSupply(value);
    return state
      ? state.code
      : custom(
          ctx,
          `is not a GST state (you entered ${value}); enter its 2-digit code such as 27 or its name ` +
            `such as Maharashtra (${PLACE_OF_SUPPLY_CHOICES.map((choice) => choice.value).join(', ')})`,
        );
  },
);

export const hsnSacInput = text('an HSN or SAC code such as 998314').transform((value, ctx) => {
  const reading = readHsnSac(value);
  return reading.ok ? reading.code : custom(ctx, reading.message);
});

export const gstRateInput = text('a GST rate such as 18').transform(
  (value, ctx) =>
    readGstRate(value) ??
    custom(
      ctx,
      `is not a GST rate in force (you entered ${value}); ` +
        `choose one of ${GST_RATES.map((rate) => rate.label).join(', ')} ` +
        `(rates in force since 22 September 2025, list checked ${GST_RATES_CHECKED})`,
    ),
);

export const quantityInput = text('a quantity such as 1.5').transform((value, ctx) => {
  const reading = readQuantity(value);
  return reading.ok ? reading.value : custom(ctx, reading.message);
});
