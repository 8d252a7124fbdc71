import { z } from 'zod';
import { FIELDS } from '../fields';
import { PAYMENT_LABELS, presentPayment } from '../outputs';
import { samplePresentedPayment } from '../samples';
import { paymentIdSchema } from '../schemas/paymentInputs';
import { paymentSchema } from '../schemas/resources';
import { defineOperation, read } from './define';

export const getPayment = defineOperation({
  method: 'GET',
  path: '/payments/{payment_id}',
  status: 200,
  contract: 'finding-payments',
  response: paymentSchema,
  input: z.object({ payment_id: paymentIdSchema }).strict(),
  result: (body) => presentPayment(read(paymentSchema, body)),
  fields: [FIELDS.payment.id],
  labels: PAYMENT_LABELS,
  sample: samplePresentedPayment,
});
