/**
 * The GSTR-1 JSON as a Zapier file, by the same path as the invoice PDF (./invoicePdf.ts): the action answers a
 * pointer (z.dehydrateFile) and Zapier calls this only when a later step uses the file, which then asks for the
 * month's return again and stashes it (z.stashFile).
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { GSTR1_MEDIA_TYPE, operations, runOperation, type PresentedGstr1 } from '../../../shared';
import { call } from '../api';

export const hydrateGstr1 = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, async (connection, send) => {
    const { period } = bundle.inputData as { period: string };
    const answer = (await runOperation(operations.getGstr1, connection, { period }, send)) as PresentedGstr1;
    const bytes = Buffer.from(JSON.stringify(answer.gstr1));
    return z.stashFile(bytes, bytes.length, answer.file_name, GSTR1_MEDIA_TYPE);
  });
