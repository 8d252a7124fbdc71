/** Create Client: contact details, a WhatsApp number and a billing address; the e-mail identifies the client. */
import { z } from 'zod';
import { CLIENT_FORM } from '../clientForm';
import { CLIENT_LABELS } from '../outputs';
import { sampleClient } from '../samples';
import {
  countryInput,
  emailInput,
  idempotencyKeySchema,
  optional,
  optionalText,
  phoneInput,
  textInput,
} from '../schemas/primitives';
import { clientSchema } from '../schemas/resources';
import { defineOperation, read } from './define';
import { gstinInput, placeOfSupplyInput } from '../gst/inputs';

/** A postal address as the service takes it: a client's, and (sandbox) the account's own. */
export const addressInput = z
  .object({
    line1: textInput(200),
    line2: optionalText(200),
    city: textInput(100),
    state: optionalText(100),
    postal_code: textInput(20),
    country: countryInput,
  })
  .strict();

/** A client's fields as create and update take them. */
export const clientShape = {
  email: emailInput,
  name: optionalText(200),
  phone: optional(phoneInput),
  company: optionalText(200),
  tax_id: optionalText(50),
  gstin: optional(gstinInput),
  place_of_supply: optional(placeOfSupplyInput),
  address: addressInput.optional(),
};

/** The body, as the service (and the sandbox) checks it. */
export const clientCreateInputSchema = z.object(clientShape).strict();

export const createClient = defineOperation({
  method: 'POST',
  path: '/clients',
  status: 201,
  contract: 'the-client-resource',
  response: clientSchema,
  input: clientCreateInputSchema.extend({ idempotency_key: optional(idempotencyKeySchema) }),
  result: (body) => read(clientSchema, body),
  fields: CLIENT_FORM,
  labels: CLIENT_LABELS,
  sample: sampleClient,
});

export type ClientCreateInput = z.output<typeof clientCreateInputSchema>;
