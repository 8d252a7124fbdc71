/** Debit notes, newest first, all of them, one invoice's or the one of a number. */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { DEBIT_NOTE_LABELS, presentNote } from '../outputs';
import { samplePresentedDebitNote } from '../samples';
import { debitNoteSchema, noteNumberInput } from '../schemas/notes';
import { invoiceIdSchema, listQuery, optional } from '../schemas/primitives';
import { listPageSchema } from '../schemas/resources';
import { defineOperation, presentedPage } from './define';

/** The query, as the service (and the sandbox) checks it. */
export const listDebitNotesQuerySchema = z
  .object({ ...listQuery, invoice_id: optional(invoiceIdSchema), number: optional(noteNumberInput('debit')) })
  .strict();

export const listDebitNotes = defineOperation({
  method: 'GET',
  path: '/debit_notes',
  status: 200,
  contract: 'finding-credit-and-debit-notes',
  response: listPageSchema(debitNoteSchema),
  input: listDebitNotesQuerySchema,
  result: presentedPage(debitNoteSchema, presentNote),
  fields: [FIELDS.list.limit, FIELDS.invoice.id, FIELDS.debitNote.debitNumber],
  labels: DEBIT_NOTE_LABELS,
  sample: { object: 'list' as const, data: [samplePresentedDebitNote], has_more: false },
});
