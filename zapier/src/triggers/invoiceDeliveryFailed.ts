import { hookTrigger } from './hook';

export const invoiceDeliveryFailed = hookTrigger('invoice.delivery_failed');
