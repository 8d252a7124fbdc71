import { hookTrigger } from './hook';

export const invoiceRefunded = hookTrigger('invoice.refunded');
