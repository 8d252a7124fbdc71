import { PICKER_HELP, operations } from '../../../shared';
import { searchAction } from '../action';
import { inputField } from '../fields';
import { invoiceDropdown } from '../pickers';

const { findInvoice: operation } = operations;
const { invoice_id: invoiceId } = operation.fields;

export const findInvoice = searchAction(operation, {
  key: 'find_invoice',
  noun: 'Invoice',
  label: 'Find Invoice',
  description: 'Finds an invoice by its ID, by its invoice number, or the newest tax invoice for a client GSTIN.',
  inputFields: { [invoiceId.key]: inputField(invoiceId, { choices: invoiceDropdown, helpText: PICKER_HELP.invoice }) },
  input: (inputData) => ({
    invoice_id: inputData.invoice_id,
    number: inputData.number,
    client_gstin: inputData.client_gstin,
  }),
});
