/** What a user sees of an object: the service's fields plus a formatted twin of every amount. */
import { formatMinor } from './money';
import type { Client, Invoice } from './schemas/resources';

export type PresentedInvoice = Invoice & {
  items: Array<Invoice['items'][number] & { amount_formatted: string }>;
  amount_due_formatted: string;
  amount_paid_formatted: string;
  amount_remaining_formatted: string;
};

export function presentInvoice(invoice: Invoice): PresentedInvoice {
  const format = (amount: number) => formatMinor(amount, invoice.currency);
  return {
    ...invoice,
    items: invoice.items.map((item) => ({ ...item, amount_formatted: format(item.amount) })),
    amount_due_formatted: format(invoice.amount_due),
    amount_paid_formatted: format(invoice.amount_paid),
    amount_remaining_formatted: format(invoice.amount_remaining),
  };
}

export function presentClient(client: Client): Client {
  return client;
}
