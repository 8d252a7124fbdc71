import { hookTrigger } from './hook';

export const invoiceViewed = hookTrigger('invoice.viewed');
