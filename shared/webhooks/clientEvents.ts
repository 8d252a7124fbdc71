/**
 * Client events as one flat record a sync target maps directly: the client's fields, which top-level
 * fields changed, and each changed field's previous value (so a Zap can filter on "email changed" and
 * a CRM can find the contact by its old e-mail without keeping its own copy).
 */
import type { ClientEvent } from '../schemas/events';
import type { Client } from '../schemas/resources';

type Flat = string | number | boolean | null;

/** The client's own fields a change can touch, as `previous_attributes` names them. */
export const CLIENT_SYNC_FIELDS = ['email', 'name', 'phone', 'company', 'tax_id', 'address'] as const;

type Address = NonNullable<Client['address']>;

/** One line, the way an address is pasted into a CRM's single field. */
export function addressLine(address: Address | null | undefined): string | null {
  if (!address) return null;
  const cityLine = [address.city, [address.state, address.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.line1, address.line2, cityLine, address.country].filter(Boolean).join(', ');
}

function previousValue(field: (typeof CLIENT_SYNC_FIELDS)[number], value: unknown): Flat {
  if (value === undefined || value === null) return null;
  if (field === 'address') return addressLine(value as Address);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value);
}

export function flattenClientEvent(event: ClientEvent): Record<string, Flat> {
  const client = event.data.client;
  const address = client.address ?? null;
  const record: Record<string, Flat> = {
    id: event.id,
    event_id: event.id,
    event_type: event.type,
    occurred_at: event.created_at,
    livemode: event.livemode,
    client_id: client.id,
    client_email: client.email,
    client_name: client.name ?? null,
    client_phone: client.phone ?? null,
    client_company: client.company ?? null,
    client_tax_id: client.tax_id ?? null,
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
    ...Object.fromEntries(CLIENT_SYNC_FIELDS.map((field) => [`previous_${field}`, previousValue(field, previous[field])])),
  };
}

export const CLIENT_EVENT_LABELS: Readonly<Record<string, string>> = {
  client_name: 'Client Name',
  client_phone: 'Client Phone',
  client_company: 'Client Company',
  client_tax_id: 'Client Tax ID',
  client_address: 'Client Address',
  client_address_line1: 'Client Address Line 1',
  client_address_line2: 'Client Address Line 2',
  client_city: 'Client City',
  client_state: 'Client State',
  client_postal_code: 'Client Postal Code',
  client_country: 'Client Country',
  client_created_at: 'Client Created At',
  client_updated_at: 'Client Updated At',
  changed_fields: 'Changed Fields',
  previous_email: 'Previous Email',
  previous_name: 'Previous Name',
  previous_phone: 'Previous Phone',
  previous_company: 'Previous Company',
  previous_tax_id: 'Previous Tax ID',
  previous_address: 'Previous Address',
};
