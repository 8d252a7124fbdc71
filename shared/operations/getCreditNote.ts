/** Get Credit Note: one credit note by its ID, with its lines and GST as issued. */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { CREDIT_NOTE_LABELS, presentNote } from '../outputs';
import { samplePresentedCreditNote } from '../samples';
import { creditNoteIdSchema, creditNoteSchema } from '../schemas/notes';
import { defineOperation, read } from './define';

export const getCreditNote = defineOperation({
  method: 'GET',
  path: '/credit_notes/{credit_note_id}',
  status: 200,
  contract: 'finding-credit-and-debit-notes',
  response: creditNoteSchema,
  input: z.object({ credit_note_id: creditNoteIdSchema }).strict(),
  result: (body) => presentNote(read(creditNoteSchema, body)),
  fields: [FIELDS.note.creditNoteId],
  labels: CREDIT_NOTE_LABELS,
  sample: samplePresentedCreditNote,
  display: {
    resource: 'creditNote',
    label: 'Get Credit Note',
    description: 'Retrieves a credit note by its ID, with its lines and the GST on each.',
    action: 'Get a credit note',
  },
});
