import { hookTrigger } from './hook';

export const invoiceCreated = hookTrigger('invoice.created');
