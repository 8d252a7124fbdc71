import { hookTrigger } from './hook';

export const invoiceEInvoiceGenerated = hookTrigger('invoice.einvoice_generated');
