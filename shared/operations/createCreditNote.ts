/**
 * Create Credit Note: a reduction of an issued invoice (goods returned, a discount after the sale, an
 * overcharge), by one line's units or amount, a lump sum, or all that remains (docs/api-contract.md,
 * "Issuing a credit or debit note"). The service reverses GST at the invoice line's rate and supply. The
 * amount is typed in the invoice's currency, so the invoice is read first, as Record Payment does.
 */
import { CREDIT_NOTE_LABELS, presentNote } from '../outputs';
import { samplePresentedCreditNote } from '../samples';
import { creditNoteSchema } from '../schemas/notes';
import { defineOperation, read } from './define';
import { NOTE_FIELDS, noteAmounts, noteBodySchema, noteInput } from './noteInputs';

export const createCreditNote = defineOperation({
  method: 'POST',
  path: '/invoices/{invoice_id}/credit_notes',
  status: 201,
  contract: 'issuing-a-credit-or-debit-note',
  response: creditNoteSchema,
  input: noteInput('credit'),
  bodySchema: noteBodySchema('credit'),
  amounts: noteAmounts('credit'),
  result: (body) => presentNote(read(creditNoteSchema, body)),
  fields: NOTE_FIELDS,
  labels: CREDIT_NOTE_LABELS,
  sample: samplePresentedCreditNote,
  display: {
    resource: 'creditNote',
    label: 'Create Credit Note',
    description:
      'Issues a credit note against an invoice for returned goods, a discount or an overcharge, with its GST reversed.',
    action: 'Create a credit note',
  },
});
