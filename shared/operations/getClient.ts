import { z } from 'zod';
import { FIELDS } from '../fields';
import { CLIENT_LABELS } from '../outputs';
import { sampleClient } from '../samples';
import { clientIdSchema } from '../schemas/primitives';
import { clientSchema } from '../schemas/resources';
import { defineOperation, read } from './define';

export const getClient = defineOperation({
  method: 'GET',
  path: '/clients/{client_id}',
  status: 200,
  contract: 'the-client-resource',
  response: clientSchema,
  input: z.object({ client_id: clientIdSchema }).strict(),
  result: (body) => read(clientSchema, body),
  fields: [FIELDS.client.id],
  labels: CLIENT_LABELS,
  sample: sampleClient,
});
