import { hookTrigger } from './hook';

export const invoiceCredited = hookTrigger('invoice.credited');
