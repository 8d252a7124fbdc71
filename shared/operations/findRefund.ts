/**
 * Find Refund by what a bank statement line shows: the refund's UPI reference (UTR) or its reference.
 * Undefined when nothing matches, which a search shows as "not found", not as an error.
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { REFUND_LABELS, type PresentedRefund } from '../outputs';
import { samplePresentedRefund } from '../samples';
import { utrInput } from '../schemas/paymentInputs';
import { optional, optionalText } from '../schemas/primitives';
import { validateGiven } from '../validation';
import { fieldsOf, runOperation, type Connection, type Send } from './define';
import { sameText } from './findClient';
import { listRefunds } from './listRefunds';

const input = z
  .object({ utr: optional(utrInput), reference: optionalText(100) })
  .strict()
  .refine((given) => given.utr !== undefined || given.reference !== undefined, {
    path: ['utr'],
    message: 'is required (12 digits), or a Refund Reference instead',
  });

async function run(connection: Connection, raw: unknown, send: Send): Promise<PresentedRefund | undefined> {
  const { utr, reference } = validateGiven(input, raw ?? {});
  const page = await runOperation(listRefunds, connection, { utr, reference, limit: 1 }, send);
  // Trusted only as far as the answer shows: a service that ignored a filter must not hand back another refund.
  return page.data.find(
    (refund) =>
      (utr === undefined || refund.upi?.utr === utr) &&
      (reference === undefined || sameText(refund.reference ?? '', reference)),
  );
}

export const findRefund = {
  input,
  fields: fieldsOf(input, [FIELDS.refund.utr, FIELDS.refund.reference]),
  labels: REFUND_LABELS,
  sample: samplePresentedRefund,
  run,
};
