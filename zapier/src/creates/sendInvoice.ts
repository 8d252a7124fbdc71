/** Send Invoice: the invoice or a payment reminder, on WhatsApp or by e-mail; sending again is a resend. */
import { EVENT_CATALOGUE, operations } from '../../../shared';
import { createAction } from '../action';
import { invoicePickerField } from '../pickers';

const { sendInvoice: operation } = operations;
const { invoice_id: invoiceId } = operation.fields;

export const sendInvoice = createAction(operation, {
  key: 'send_invoice',
  // The noun of the delivery its outcome events announce (the event catalogue's word).
  noun: EVENT_CATALOGUE['invoice.sent'].noun,
  label: 'Send Invoice',
  description:
    'Sends an invoice, or a payment reminder with its UPI link, on WhatsApp or by e-mail; ' +
    'Invoice Sent or Invoice Delivery Failed says how it went.',
  inputFields: { [invoiceId.key]: invoicePickerField(invoiceId) },
});
