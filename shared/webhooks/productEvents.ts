/**
 * Product events as one flat record, as a client's are (clientEvents.ts): a shop or a spreadsheet kept in step
 * with the catalogue maps the product's fields directly, and on an update filters on which ones changed (a new
 * price, a new GST rate) with their previous values beside them.
 */
import { FIELDS } from '../fields';
import { formatMinor } from '../money';
import { PRODUCT_LABELS, presentProduct } from '../outputs';
import type { ProductEvent } from '../schemas/webhookEvents';
import { CLIENT_EVENT_LABELS } from './clientEvents';
import { ENVELOPE_LABELS, envelope } from './invoiceEvents';

type Flat = string | number | boolean | null;

/** The product's own fields an update can move, as `previous_attributes` names them (`currency` is fixed). */
const PRODUCT_SYNC_FIELDS = [
  'name',
  'sku',
  'product_type',
  'hsn_sac',
  'gst_rate',
  'unit',
  'unit_price',
  'description',
  'archived',
] as const;

const SHOWN = [
  'id',
  ...PRODUCT_SYNC_FIELDS,
  'unit_price_formatted',
  'currency',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof typeof PRODUCT_LABELS)[];

/** `product_type` is already the product's; every other key takes the prefix so it never meets an invoice's. */
const recordKey = (key: string) => (key.startsWith('product_') ? key : `product_${key}`);

const flat = (value: unknown): Flat =>
  value === undefined || value === null
    ? null
    : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? value
      : JSON.stringify(value);

export function flattenProductEvent(event: ProductEvent): Record<string, Flat> {
  const product = presentProduct(event.data.product);
  const record: Record<string, Flat> = {
    ...envelope(event),
    ...Object.fromEntries(SHOWN.map((key) => [recordKey(key), flat(product[key])])),
  };
  if (event.type === 'product.created') return record;
  const previous = event.data.previous_attributes;
  const previousPrice = previous.unit_price;
  return {
    ...record,
    changed_fields: Object.keys(previous).join(', '),
    ...Object.fromEntries(PRODUCT_SYNC_FIELDS.map((key) => [`previous_${recordKey(key)}`, flat(previous[key])])),
    // The old price beside its formatted twin, as the new one is: in the product's currency, fixed at create.
    previous_product_unit_price_formatted:
      typeof previousPrice === 'number' ? formatMinor(previousPrice, product.currency) : null,
  };
}

/** "SKU" alone would not say whose in a record that may sit beside an invoice's; a product's own label stays. */
const productLabel = (key: (typeof SHOWN)[number]) => {
  const label = PRODUCT_LABELS[key];
  return label.startsWith('Product') ? label : `Product ${label}`;
};

/** Each label is the product field's own (PRODUCT_LABELS, from fields.ts), so it is declared once. */
export const PRODUCT_EVENT_LABELS: Readonly<Record<string, string>> = {
  ...ENVELOPE_LABELS,
  ...Object.fromEntries(SHOWN.map((key) => [recordKey(key), productLabel(key)])),
  product_id: FIELDS.product.id.label,
  changed_fields: CLIENT_EVENT_LABELS.changed_fields,
  ...Object.fromEntries(
    PRODUCT_SYNC_FIELDS.map((key) => [`previous_${recordKey(key)}`, `Previous ${productLabel(key)}`]),
  ),
  previous_product_unit_price_formatted: `Previous ${productLabel('unit_price_formatted')}`,
};
