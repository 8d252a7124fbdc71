import { hookTrigger } from './hook';

export const invoiceDebited = hookTrigger('invoice.debited');
