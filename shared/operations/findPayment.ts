/**
 * Find Payment by what a bank statement line shows: a UPI reference (UTR) or a free reference. Undefined
 * when nothing matches, which a search shows as "not found", not as an error.
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { PAYMENT_LABELS, type PresentedPayment } from '../outputs';
import { samplePresentedPayment } from '../samples';
import { utrInput } from '../schemas/paymentInputs';
import { optional, optionalText } from '../schemas/primitives';
import { validateGiven } from '../validation';
import { fieldsOf, runOperation, type Connection, type Send } from './define';
import { sameText } from './findClient';
import { listPayments } from './listPayments';

const input = z
  .object({ utr: optional(utrInput), reference: optionalText(100) })
  .strict()
  .refine((given) => given.utr !== undefined || given.reference !== undefined, {
    path: ['utr'],
    message: 'is required (12 digits), or a Reference instead',
  });

async function run(connection: Connection, raw: unknown, send: Send): Promise<PresentedPayment | undefined> {
  const { utr, reference } = validateGiven(input, raw ?? {});
  const page = await runOperation(listPayments, connection, { utr, reference, limit: 1 }, send);
  // Trusted only as far as the answer shows: a service that ignored a filter must not hand back some other payment.
  return page.data.find(
    (payment) =>
      (utr === undefined || payment.upi?.utr === utr) &&
      (reference === undefined || sameText(payment.reference ?? '', reference)),
  );
}

export const findPayment = {
  input,
  fields: fieldsOf(input, [FIELDS.payment.utr, FIELDS.payment.reference]),
  labels: PAYMENT_LABELS,
  sample: samplePresentedPayment,
  run,
};
