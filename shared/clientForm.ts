/**
 * Both editors show a client as one flat form (FIELDS.client: email, name, …, line1, city, country);
 * the API wants the address nested. This folds a flat form into the raw client input the shared
 * schemas then validate, leaving the address out when none of its parts is filled in.
 */
import { FIELDS } from './fields';
import { isBlank } from './schemas/primitives';

const {
  addressLine1,
  addressLine2,
  city,
  state,
  postalCode,
  country,
  id: _id,
  address: _address,
  ...contact
} = FIELDS.client;
const ADDRESS_KEYS = [addressLine1, addressLine2, city, state, postalCode, country].map((spec) => spec.key);
const CONTACT_KEYS = Object.values(contact).map((spec) => spec.key);

export function clientInputFromFields(values: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of CONTACT_KEYS) if (!isBlank(values[key])) input[key] = values[key];
  if (ADDRESS_KEYS.some((key) => !isBlank(values[key]))) {
    input.address = Object.fromEntries(
      ADDRESS_KEYS.filter((key) => !isBlank(values[key])).map((key) => [key, values[key]]),
    );
  }
  return input;
}
