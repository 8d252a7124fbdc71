/**
 * Both editors show a client as one flat form (FIELDS.client: email, name, …, line1, city, country);
 * the API wants the address nested. This folds a flat form into the raw client input the shared
 * schemas then validate, leaving the address out when none of its parts is filled in.
 */
import { FIELDS } from './fields';
import { isBlank } from './schemas/primitives';

const client = FIELDS.client;

// Listed by hand, not "every client field but…": a field added to the catalogue (an answer's, a filter's)
// joins the forms only when written here (test/shared/keyLists.test.ts pins both lists).
/** The form's fields sent as they are, in the order both editors show them. */
export const CLIENT_CONTACT_FIELDS = [client.email, client.name, client.phone, client.company, client.taxId];
/** The form's fields folded into the body's nested `address`. */
export const CLIENT_ADDRESS_FIELDS = [
  client.addressLine1,
  client.addressLine2,
  client.city,
  client.state,
  client.postalCode,
  client.country,
];
/** The GST fields, sent as they are, after the address. */
const CLIENT_GST_FIELDS = [client.gstin, client.placeOfSupply];

/** The client form both editors show (Create and Update Client), flat, in order. */
export const CLIENT_FORM = [...CLIENT_CONTACT_FIELDS, ...CLIENT_ADDRESS_FIELDS, ...CLIENT_GST_FIELDS];

const ADDRESS_KEYS = CLIENT_ADDRESS_FIELDS.map((spec) => spec.key);
const CONTACT_KEYS = [...CLIENT_CONTACT_FIELDS, ...CLIENT_GST_FIELDS].map((spec) => spec.key);

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
