/** Void Invoice: cancels an invoice nothing has been paid on; a paid one is refused in the service's words. */
import { operations } from '../../../shared';
import { createAction } from '../action';
import { invoicePickerField } from '../pickers';

const { voidInvoice: operation } = operations;
const { invoice_id: invoiceId } = operation.fields;

export const voidInvoice = createAction(operation, {
  key: 'void_invoice',
  noun: 'Invoice',
  label: 'Void Invoice',
  description: 'Cancels an invoice nothing has been paid on: it then owes nothing and cannot be paid or sent.',
  inputFields: { [invoiceId.key]: invoicePickerField(invoiceId) },
});
