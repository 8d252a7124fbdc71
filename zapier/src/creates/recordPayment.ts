/** Record Payment: a bank transfer, cash or a UPI payment the bank reported, against an invoice. */
import { PICKER_HELP, operations } from '../../../shared';
import { createAction } from '../action';
import { inputField } from '../fields';
import { owedInvoiceDropdown } from '../pickers';

const { recordPayment: operation } = operations;
const { invoice_id: invoiceId } = operation.fields;

export const recordPayment = createAction(operation, {
  key: 'record_payment',
  noun: 'Payment',
  label: 'Record Payment',
  description:
    'Creates a payment on an invoice for money received outside UPI (a bank transfer, cash) or reported by your bank.',
  inputFields: {
    [invoiceId.key]: inputField(invoiceId, {
      choices: owedInvoiceDropdown,
      search: 'find_invoice.id',
      helpText: PICKER_HELP.owedInvoice,
    }),
  },
});
