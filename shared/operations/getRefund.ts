import { z } from 'zod';
import { FIELDS } from '../fields';
import { REFUND_LABELS, presentRefund } from '../outputs';
import { samplePresentedRefund } from '../samples';
import { refundIdSchema, refundSchema } from '../schemas/refunds';
import { defineOperation, read } from './define';

export const getRefund = defineOperation({
  method: 'GET',
  path: '/refunds/{refund_id}',
  status: 200,
  contract: 'finding-refunds',
  response: refundSchema,
  input: z.object({ refund_id: refundIdSchema }).strict(),
  result: (body) => presentRefund(read(refundSchema, body)),
  fields: [FIELDS.refund.id],
  labels: REFUND_LABELS,
  sample: samplePresentedRefund,
});
