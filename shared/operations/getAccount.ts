/** The connection test: who the key belongs to, and whether it is live. */
import { z } from 'zod';
import { sampleAccount } from '../samples';
import { accountSchema } from '../schemas/resources';
import { defineOperation, read } from './define';

export const getAccount = defineOperation({
  method: 'GET',
  path: '/account',
  status: 200,
  contract: '5-authentication',
  response: accountSchema,
  input: z.object({}).strict(),
  result: (body) => read(accountSchema, body),
  sample: sampleAccount,
});
