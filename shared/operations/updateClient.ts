/** Update Client: every field optional (blank keeps the current value), but at least one change. */
import { z } from 'zod';
import { CLIENT_FORM } from '../clientForm';
import { FIELDS } from '../fields';
import { CLIENT_LABELS } from '../outputs';
import { sampleClient } from '../samples';
import { clientIdSchema, emailInput, optional } from '../schemas/primitives';
import { clientSchema } from '../schemas/resources';
import { onTheWire } from '../schemas/wire';
import { clientShape } from './createClient';
import { defineOperation, read } from './define';

const changes = { ...clientShape, email: optional(emailInput) };
const hasChange = (input: Record<string, unknown>) =>
  Object.entries(input).some(([key, value]) => key !== 'client_id' && value !== undefined);
const NOTHING_TO_CHANGE = {
  message: 'Give at least one field to change: email, name, phone, company, tax ID or address',
};

/** The body, as the service (and the sandbox) checks it. */
export const clientUpdateInputSchema = z.object(changes).strict().refine(hasChange, NOTHING_TO_CHANGE);

export const updateClient = defineOperation({
  method: 'PATCH',
  path: '/clients/{client_id}',
  status: 200,
  contract: 'the-client-resource',
  response: clientSchema,
  // hasChange on the wire, where a field is given only by being present: the body names one at least.
  input: onTheWire(
    z
      .object({ client_id: clientIdSchema, ...changes })
      .strict()
      .refine(hasChange, NOTHING_TO_CHANGE),
    {
      minProperties: 1,
    },
  ),
  result: (body) => read(clientSchema, body),
  fields: [FIELDS.client.id, ...CLIENT_FORM],
  labels: CLIENT_LABELS,
  sample: sampleClient,
});

export type ClientUpdateInput = z.output<typeof clientUpdateInputSchema>;
