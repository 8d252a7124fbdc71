import { hookTrigger } from './hook';

export const invoiceDisputed = hookTrigger('invoice.disputed');
