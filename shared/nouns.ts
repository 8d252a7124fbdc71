/**
 * The resources both editors file operations under, and the noun each is shown by ("Credit Note", "E-Invoice"):
 * declared once, below everything that names a resource (operations, the field catalogue, the event catalogue).
 */
export type Resource =
  | 'invoice'
  | 'client'
  | 'payment'
  | 'refund'
  | 'product'
  | 'creditNote'
  | 'debitNote'
  | 'eInvoice';

/** Nouns that capitalising the resource's name does not give. */
const NOUNS: Partial<Record<Resource, string>> = { eInvoice: 'E-Invoice' };

export const displayNoun = (resource: Resource) =>
  NOUNS[resource] ?? resource[0].toUpperCase() + resource.slice(1).replace(/([A-Z])/g, ' $1');
