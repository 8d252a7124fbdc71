import { z } from 'zod';
import { FIELDS } from '../fields';
import { CLIENT_LABELS } from '../outputs';
import { sampleClient } from '../samples';
import { emailInput, listQuery, optional, optionalText } from '../schemas/primitives';
import { clientSchema, listPageSchema } from '../schemas/resources';
import { defineOperation, read } from './define';

/** The query, as the service (and the sandbox) checks it. */
export const listClientsQuerySchema = z
  .object({ ...listQuery, email: optional(emailInput), search: optionalText(100) })
  .strict();

const clientPage = listPageSchema(clientSchema);

export const listClients = defineOperation({
  method: 'GET',
  path: '/clients',
  status: 200,
  contract: 'lists-and-paging',
  response: clientPage,
  input: listClientsQuerySchema,
  result: (body) => read(clientPage, body),
  fields: [FIELDS.list.limit, FIELDS.client.email],
  labels: CLIENT_LABELS,
  sample: { object: 'list' as const, data: [sampleClient], has_more: false },
});

export type ListClientsQuery = z.output<typeof listClientsQuerySchema>;
