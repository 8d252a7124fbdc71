import { hookTrigger } from './hook';

export const invoiceVoided = hookTrigger('invoice.voided');
