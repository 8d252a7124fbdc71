import { hookTrigger } from './hook';

export const invoicePaid = hookTrigger('invoice.paid');
