/** Credit notes, newest first, all of them, one invoice's or the one of a number. */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { CREDIT_NOTE_LABELS, presentNote } from '../outputs';
import { samplePresentedCreditNote } from '../samples';
import { creditNoteSchema, noteNumberInput } from '../schemas/notes';
import { invoiceIdSchema, listQuery, optional } from '../schemas/primitives';
import { listPageSchema } from '../schemas/resources';
import { defineOperation, presentedPage } from './define';

/** The query, as the service (and the sandbox) checks it. */
export const listCreditNotesQuerySchema = z
  .object({ ...listQuery, invoice_id: optional(invoiceIdSchema), number: optional(noteNumberInput('credit')) })
  .strict();

export const listCreditNotes = defineOperation({
  method: 'GET',
  path: '/credit_notes',
  status: 200,
  contract: 'finding-credit-and-debit-notes',
  response: listPageSchema(creditNoteSchema),
  input: listCreditNotesQuerySchema,
  result: presentedPage(creditNoteSchema, presentNote),
  fields: [FIELDS.list.limit, FIELDS.invoice.id, FIELDS.note.creditNumber],
  labels: CREDIT_NOTE_LABELS,
  sample: { object: 'list' as const, data: [samplePresentedCreditNote], has_more: false },
});
