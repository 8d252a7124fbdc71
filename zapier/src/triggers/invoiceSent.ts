import { hookTrigger } from './hook';

export const invoiceSent = hookTrigger('invoice.sent');
