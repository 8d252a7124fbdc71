/**
 * `account`: read, or set, the account's GSTIN and postal address (the supplier's, on its invoices) on the
 * running sandbox. Checked here first with the service's own rules (domain/accountSettings.ts), so a mistyped
 * GSTIN is refused naming the character before any request.
 */
import {
  type Account,
  type Connection,
  type HttpRequest,
  type RawResponse,
  expectOk,
  gstState,
  normalizeBaseUrl,
  operations,
  validateInput,
} from '../../shared';
import { accountSettingsInputSchema } from '../domain/accountSettings';
import { addressLines } from '../domain/invoiceParties';
import { ACCOUNT_SETTINGS_PATH } from '../routes/accountRoutes';

export const ACCOUNT_USAGE = [
  '       npm start -- account [--gstin <GSTIN>] [--line1 <street> --line2 <more> --city <city> --state <state>',
  "                            --postal-code <PIN> --country <IN>]   read or set the supplier's GSTIN and address",
  '                            (new invoices use them; invoices already issued keep theirs)',
  '                            [--einvoicing up_to_10_crore|above_10_crore|off]   report B2B invoices to the IRP',
].join('\n');

/** The flags, each the address field of the same name (`--postal-code` is `postal_code`). */
export const ACCOUNT_FLAGS = [
  'gstin',
  'line1',
  'line2',
  'city',
  'state',
  'postal-code',
  'country',
  'einvoicing',
] as const;
const NOT_ADDRESS = ['gstin', 'einvoicing'];

type Values = Record<string, string | boolean | string[] | undefined>;

/** The settings the flags give: the address only when one of its flags is there; country IN unless given. */
function settingsOf(values: Values): Record<string, unknown> {
  const text = (name: string) => values[name] as string | undefined;
  const addressGiven = ACCOUNT_FLAGS.some((name) => !NOT_ADDRESS.includes(name) && text(name) !== undefined);
  const band = text('einvoicing');
  return {
    ...(text('gstin') !== undefined ? { gstin: text('gstin') } : {}),
    ...(band !== undefined ? { einvoicing: band === 'off' ? null : { enabled: true, aato_band: band } } : {}),
    ...(addressGiven
      ? {
          address: Object.fromEntries(
            Object.entries({
              line1: text('line1'),
              line2: text('line2'),
              city: text('city'),
              state: text('state'),
              postal_code: text('postal-code'),
              country: text('country') ?? 'IN',
            }).filter(([, value]) => value !== undefined),
          ),
        }
      : {}),
  };
}

/** What a person reads first: who the supplier is now. */
export function supplierLine(account: Account): string {
  const state = account.state ? gstState(account.state) : undefined;
  const where = state ? ` (${state.name}, ${state.code})` : '';
  const address = addressLines(account.address).join(', ') || 'no address yet';
  const einvoicing = account.einvoicing?.enabled ? `e-invoicing (${account.einvoicing.aato_band})` : 'no e-invoicing';
  return `${account.name}: GSTIN ${account.gstin ?? 'none'}${where}; ${address}; ${einvoicing}`;
}

export async function accountCommand(
  values: Values,
  out: (line: string) => void,
  c: Connection,
  send: (request: HttpRequest) => Promise<RawResponse>,
): Promise<void> {
  const settings = settingsOf(values);
  let request: HttpRequest = operations.getAccount.request(c, {});
  if (Object.keys(settings).length) {
    validateInput(accountSettingsInputSchema, settings);
    request = {
      method: 'PATCH',
      url: `${normalizeBaseUrl(c.baseUrl)}${ACCOUNT_SETTINGS_PATH}`,
      headers: { ...request.headers, 'Content-Type': 'application/json' },
      body: settings,
    };
  }
  const account = expectOk(await send(request)) as Account;
  out(supplierLine(account));
  if (request.method === 'PATCH')
    out('New invoices use these; invoices already issued keep the ones they were issued with.');
}
