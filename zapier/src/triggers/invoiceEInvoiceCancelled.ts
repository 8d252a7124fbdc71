import { hookTrigger } from './hook';

export const invoiceEInvoiceCancelled = hookTrigger('invoice.einvoice_cancelled');
