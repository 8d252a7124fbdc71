/**
 * Client events as one flat record a sync target maps directly: the client's fields, which top-level
 * fields changed, and each changed field's previous value (so a Zap can filter on "email changed" and
 * a CRM can find the contact by its old e-mail without keeping its own copy).
 */
import { FIELDS, shownLabel, type FieldLabel } from '../fields';
import type { ClientEvent } from '../schemas/webhookEvents';
import { ENVELOPE_LABELS, envelope } from './invoiceEvents';
import type { Client } from '../schemas/resources';

type Flat = string | number | boolean | null;

/** The client's own fields a change can touch, as `previous_attributes` names them. */
const CLIENT_SYNC_FIELDS = [
  'email',
  'name',
  'phone',
  'company',
  'tax_id',
  'gstin',
  'place_of_supply',
  'address',
] as const;

type Address = NonNullable<Client['address']>;

/** One line, the way an address is pasted into a CRM's single field. */
function addressLine(address: Address | null | undefined): string | null {
  if (!address) return null;
  const cityLine = [address.city, [address.state, address.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.line1, address.line2, cityLine, address.country].filter(Boolean).join(', ');
}

function previousValue(field: (typeof CLIENT_SYNC_FIELDS)[number], value: unknown): Flat {
  if (value === undefined || value === null) return null;
  if (field === 'address') return addressLine(value as Address);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : JSON.stringify(value);
}

export function flattenClientEvent(event: ClientEvent): Record<string, Flat> {
  const client = event.data.client;
  const address = client.address ?? null;
  const record: Record<string, Flat> = {
    ...envelope(event),
    client_id: client.id,
    client_email: client.email,
    client_name: client.name ?? null,
    client_phone: client.phone ?? null,
    client_company: client.company ?? null,
    client_tax_id: client.tax_id ?? null,
    client_gstin: client.gstin ?? null,
    client_place_of_supply: client.place_of_supply ?? null,
    client_address: addressLine(address),
    client_address_line1: address?.line1 ?? null,
    client_address_line2: address?.line2 ?? null,
    client_city: address?.city ?? null,
    client_state: address?.state ?? null,
    client_postal_code: address?.postal_code ?? null,
    client_country: address?.country ?? null,
    client_created_at: client.created_at,
    client_updated_at: client.updated_at,
  };
  if (event.type === 'client.created') return record;
  const previous = event.data.previous_attributes;
  const changed = Object.keys(previous);
  return {
    ...record,
    changed_fields: changed.join(', '),
    ...Object.fromEntries(
      CLIENT_SYNC_FIELDS.map((field) => [`previous_${field}`, previousValue(field, previous[field])]),
    ),
  };
}

const { record, client } = FIELDS;
const clientLabel = (entry: FieldLabel) => `Client ${shownLabel(entry)}`;

/** Each label is the client field's own ("Client Phone", "Previous Address"), so it is declared once in fields.ts. */
export const CLIENT_EVENT_LABELS: Readonly<Record<string, string>> = {
  ...ENVELOPE_LABELS,
  client_id: client.id.label,
  client_email: clientLabel(client.email),
  client_name: clientLabel(client.name),
  client_phone: clientLabel(client.phone),
  client_company: clientLabel(client.company),
  client_tax_id: clientLabel(client.taxId),
  client_gstin: clientLabel(client.gstin),
  client_place_of_supply: clientLabel(client.placeOfSupply),
  client_address: clientLabel(client.address),
  client_address_line1: clientLabel(client.addressLine1),
  client_address_line2: clientLabel(client.addressLine2),
  client_city: clientLabel(client.city),
  client_state: clientLabel(client.state),
  client_postal_code: clientLabel(client.postalCode),
  client_country: clientLabel(client.country),
  client_created_at: clientLabel(record.createdAt),
  client_updated_at: clientLabel(record.updatedAt),
  changed_fields: 'Changed Fields',
  ...Object.fromEntries(
    CLIENT_SYNC_FIELDS.map((key) => [
      `previous_${key}`,
      `Previous ${shownLabel(Object.values(client).find((entry) => entry.key === key)!)}`,
    ]),
  ),
};
