import { hookTrigger } from './hook';

export const invoiceOverdue = hookTrigger('invoice.overdue');
