/**
 * Create Debit Note: an increase of an issued invoice (more delivered, a price revised upward), by one
 * line's units or amount, or a lump sum; it adds to what is owed (docs/api-contract.md,
 * "Issuing a credit or debit note"). The service adds GST at the invoice line's rate and supply. The
 * amount is typed in the invoice's currency, so the invoice is read first, as Record Payment does.
 */
import { DEBIT_NOTE_LABELS, presentNote } from '../outputs';
import { samplePresentedDebitNote } from '../samples';
import { debitNoteSchema } from '../schemas/notes';
import { defineOperation, read } from './define';
import { NOTE_FIELDS, noteAmounts, noteBodySchema, noteInput } from './noteInputs';

export const createDebitNote = defineOperation({
  method: 'POST',
  path: '/invoices/{invoice_id}/debit_notes',
  status: 201,
  contract: 'issuing-a-credit-or-debit-note',
  response: debitNoteSchema,
  input: noteInput('debit'),
  bodySchema: noteBodySchema('debit'),
  amounts: noteAmounts('debit'),
  result: (body) => presentNote(read(debitNoteSchema, body)),
  fields: NOTE_FIELDS,
  labels: DEBIT_NOTE_LABELS,
  sample: samplePresentedDebitNote,
  display: {
    resource: 'debitNote',
    label: 'Create Debit Note',
    description:
      'Issues a debit note against an invoice for more delivered or a price revised upward, with its GST added.',
    action: 'Create a debit note',
  },
});
