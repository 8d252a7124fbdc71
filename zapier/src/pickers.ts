/**
 * Dynamic dropdowns, one per kind of ID a user supplies, filled from shared/pickers.ts.
 *
 * Perform-based `choices` (core 19) rather than hidden triggers with `dynamic`: the dropdown's paging is
 * the service's own cursor handed back as `paging_token` (a hidden trigger pages by `bundle.meta.page`,
 * which this cursor API cannot jump to), and no helper trigger sits in the app's trigger list or in
 * Zapier's review. The editor still lets a user map a value or type a custom one; the shared schema
 * judges that value as it judges any other.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import {
  PICKER_HELP,
  clientChoices,
  invoiceChoices,
  productChoices,
  paymentChoices,
  noteChoices,
  type ChoicePage,
  type Connection,
  type FieldSpec,
  type PickerQuery,
  type Send,
  pickedKind,
} from '../../shared';
import { call } from './api';
import { inputField } from './fields';

type Load = (connection: Connection, send: Send, query: PickerQuery) => Promise<ChoicePage>;

interface ZapierChoices {
  results: Array<{ id: string; label: string }>;
  /** The next page's cursor; null on the last page, which ends Zapier's "Load more". */
  paging_token: string | null;
}

function dropdown(load: Load) {
  return {
    perform: (z: ZObject, bundle: Bundle): Promise<ZapierChoices> =>
      call(z, bundle, async (connection, send) => {
        const page = await load(connection, send, { after: bundle.meta?.paging_token || undefined });
        return {
          results: page.choices.map(({ value, label }) => ({ id: value, label })),
          paging_token: page.next ?? null,
        };
      }),
  };
}

export const clientDropdown = dropdown(clientChoices);
/** Create Invoice keeps the client's e-mail (it creates an unknown one), so its choices carry the e-mail. */
export const clientEmailDropdown = dropdown((connection, send, query) =>
  clientChoices(connection, send, { ...query, value: 'email' }),
);
export const invoiceDropdown = dropdown(invoiceChoices);
/** Record Payment: only invoices that still have money to be paid. */
export const owedInvoiceDropdown = dropdown((connection, send, query) =>
  invoiceChoices(connection, send, { ...query, owed: true }),
);

/** Issue 42: the catalogue's active products (an archived one is refused on a new line, so it is not offered). */
export const productDropdown = dropdown(productChoices);

/** A product ID field as every product action shows it: picked from the catalogue, found by Find Product, or mapped. */
export const productPickerField = (spec: FieldSpec) =>
  inputField(spec, { choices: productDropdown, search: 'find_product.id', helpText: PICKER_HELP.product });

/** An invoice ID field as every invoice action shows it: picked from the list, found by Find Invoice, or mapped. */
export const invoicePickerField = (spec: FieldSpec) =>
  inputField(spec, { choices: invoiceDropdown, search: 'find_invoice.id', helpText: PICKER_HELP.invoice });

/** A client ID field as every client action shows it: picked from the list, found by Find Client, or mapped. */
export const clientPickerField = (spec: FieldSpec) =>
  inputField(spec, { choices: clientDropdown, search: 'find_client.id', helpText: PICKER_HELP.client });

/** Record Refund's payment: picked from the list (what went back of it shows), found by Find Payment, or mapped. */
export const paymentPickerField = (spec: FieldSpec) =>
  inputField(spec, { choices: dropdown(paymentChoices), search: 'find_payment.id', helpText: PICKER_HELP.payment });
const noteDropdowns = { credit_note: dropdown(noteChoices('credit')), debit_note: dropdown(noteChoices('debit')) };

/** A field as an action built from its operation's `display` shows it: an ID as its kind's picker. */
export function pickerField(spec: FieldSpec) {
  const kind = pickedKind(spec);
  if (kind === 'invoice') return invoicePickerField(spec);
  if (kind === 'client') return clientPickerField(spec);
  if (kind === 'product') return productPickerField(spec);
  if (kind === 'payment') return paymentPickerField(spec);
  if (kind === 'credit_note' || kind === 'debit_note') {
    return inputField(spec, { choices: noteDropdowns[kind], helpText: PICKER_HELP[kind] });
  }
  return inputField(spec);
}
