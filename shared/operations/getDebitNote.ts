/** Get Debit Note: one debit note by its ID, with its lines and GST as issued. */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { DEBIT_NOTE_LABELS, presentNote } from '../outputs';
import { samplePresentedDebitNote } from '../samples';
import { debitNoteIdSchema, debitNoteSchema } from '../schemas/notes';
import { defineOperation, read } from './define';

export const getDebitNote = defineOperation({
  method: 'GET',
  path: '/debit_notes/{debit_note_id}',
  status: 200,
  contract: 'finding-credit-and-debit-notes',
  response: debitNoteSchema,
  input: z.object({ debit_note_id: debitNoteIdSchema }).strict(),
  result: (body) => presentNote(read(debitNoteSchema, body)),
  fields: [FIELDS.note.debitNoteId],
  labels: DEBIT_NOTE_LABELS,
  sample: samplePresentedDebitNote,
  display: {
    resource: 'debitNote',
    label: 'Get Debit Note',
    description: 'Retrieves a debit note by its ID, with its lines and the GST on each.',
    action: 'Get a debit note',
  },
});
