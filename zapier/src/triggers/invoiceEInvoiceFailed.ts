import { hookTrigger } from './hook';

export const invoiceEInvoiceFailed = hookTrigger('invoice.einvoice_failed');
