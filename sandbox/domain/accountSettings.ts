/**
 * The account's own particulars as a supplier (docs/api-contract.md, "The supplier's GSTIN and address"): its
 * GSTIN, checked by shared/gst like a client's, and its postal address. Sandbox-only: the real service sets
 * them in its own settings, and no connector changes who the supplier is. Invoices keep what they were issued
 * with (./invoiceParties.ts), so a change reaches new invoices only.
 */
import { z } from 'zod';
import { AATO_BANDS, type Account, addressInput, gstinInput, optional, validateInput } from '../../shared';
import type { AccountStore } from '../storage/accountStore';

export const accountSettingsInputSchema = z
  .object({
    gstin: optional(gstinInput),
    address: addressInput.optional(),
    // Issue 41: whether the account e-invoices, and its turnover band for the IRP's 30-day limit.
    einvoicing: z
      .object({ enabled: z.boolean(), aato_band: z.enum(AATO_BANDS) })
      .strict()
      .nullish(),
  })
  .strict()
  .refine((input) => input.gstin !== undefined || input.address !== undefined || input.einvoicing !== undefined, {
    message: 'needs a gstin, an address or einvoicing, e.g. {"gstin": "29AAGCB7383J1Z4"}',
  });

export type AccountSettingsInput = z.output<typeof accountSettingsInputSchema>;

/** The account with the settings given (a GSTIN moves its `state` with it), stored; or an InputError. */
export function updateAccountSettings(accounts: AccountStore, account: Account, raw: unknown): Account {
  const input = validateInput(accountSettingsInputSchema, raw);
  const updated: Account = {
    ...account,
    ...(input.gstin ? { gstin: input.gstin, state: input.gstin.slice(0, 2) } : {}),
    ...(input.address ? { address: input.address } : {}),
    ...(input.einvoicing !== undefined ? { einvoicing: input.einvoicing } : {}),
  };
  accounts.replace(updated);
  return updated;
}
