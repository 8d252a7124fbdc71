/**
 * Create Invoice: line items as a Zapier line-item group, checked by the shared schema before sending.
 * Every other field of the operation is shown and sent as the catalogue declares it, so a field added
 * to the operation appears here without an edit.
 */
import { PICKER_HELP, knownInput, operations } from '../../../shared';
import { createAction } from '../action';
import { inputField } from '../fields';
import { clientEmailDropdown, productDropdown } from '../pickers';

const { createInvoice: operation } = operations;
const { client_email, items, description, amount, quantity, unit, unit_price, hsn_sac, gst_rate, product_id, sku } =
  operation.fields;
/**
 * A line's children: what every line has, then its optional quantity, unit price and GST particulars, then the
 * product it may be filled from instead (issue 42: picked from the catalogue, or an order's SKU mapped in).
 */
const lineItemFields = [description, amount, quantity, unit, unit_price, hsn_sac, gst_rate, product_id, sku];
const lineItemKeys = lineItemFields.map((spec) => spec.key);

/** A mapped value as a list: one value is a list of one. */
function column(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Zapier sends a line-item group as `items: [{description, amount}]`; when the children are mapped
 * without the group (or through `invoke`), they arrive as parallel top-level values instead.
 */
export function lineItems(inputData: Record<string, unknown>): unknown {
  if (inputData.items !== undefined) return inputData.items;
  const columns = lineItemKeys.map((key) => [key, column(inputData[key])] as const);
  const length = Math.max(...columns.map(([, values]) => values.length));
  if (!length) return undefined;
  // A line keeps its description and amount (even empty, for the refusal to name), and whatever else it was given.
  const kept = (key: string, value: unknown) => key === description.key || key === amount.key || value !== undefined;
  return Array.from({ length }, (_, index) =>
    Object.fromEntries(
      columns.filter(([key, values]) => kept(key, values[index])).map(([key, values]) => [key, values[index]]),
    ),
  );
}

export const createInvoice = createAction(operation, {
  key: 'create_invoice',
  noun: 'Invoice',
  label: 'Create Invoice',
  description: 'Creates an invoice with line items for a client, and can send it on WhatsApp right away.',
  inputFields: {
    // Existing clients to pick from; a new or mapped e-mail is still accepted (and creates the client).
    [client_email.key]: inputField(client_email, { choices: clientEmailDropdown, helpText: PICKER_HELP.clientEmail }),
    // Zapier's schema refuses helpText beside children, so the group's help leads its first field's.
    [items.key]: {
      key: items.key,
      label: items.label,
      required: items.required,
      children: [
        inputField(description, { helpText: `${items.help} ${description.help}` }),
        ...lineItemFields.slice(1, -2).map((spec) => inputField(spec)),
        inputField(product_id, { choices: productDropdown, helpText: `${product_id.help} ${PICKER_HELP.product}` }),
        inputField(sku, { helpText: `${sku.help} ${PICKER_HELP.productSku}` }),
      ],
    },
    ...Object.fromEntries(lineItemKeys.map((key) => [key, null])),
  },
  input: (inputData) => ({
    ...Object.fromEntries(
      Object.entries(knownInput(operation.fields, inputData)).filter(([key]) => !lineItemKeys.includes(key)),
    ),
    items: lineItems(inputData),
  }),
});
