/**
 * Find Credit Note and Find Debit Note, one rule for both kinds: by the number as printed (CN-000001), or the
 * newest note against one invoice. Undefined when nothing matches, which a search shows as "not found".
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { CREDIT_NOTE_LABELS, DEBIT_NOTE_LABELS, type PresentedNote } from '../outputs';
import { samplePresentedCreditNote, samplePresentedDebitNote } from '../samples';
import { firstNoteNumber, noteNumberInput, type NoteKind } from '../schemas/notes';
import { invoiceIdSchema, optional } from '../schemas/primitives';
import { ID_PREFIX } from '../service';
import { validateGiven } from '../validation';
import { fieldsOf, labelsOf, type Connection, type Send } from './define';
import { sameText } from './findClient';
import { listCreditNotes } from './listCreditNotes';
import { listDebitNotes } from './listDebitNotes';

const KINDS = {
  credit: {
    list: listCreditNotes,
    number: FIELDS.note.creditNumber,
    labels: CREDIT_NOTE_LABELS,
    sample: samplePresentedCreditNote,
  },
  debit: {
    list: listDebitNotes,
    number: FIELDS.debitNote.debitNumber,
    labels: DEBIT_NOTE_LABELS,
    sample: samplePresentedDebitNote,
  },
} as const;

export function noteFinder(kind: NoteKind) {
  const { list, number: numberField, labels: outputLabels, sample } = KINDS[kind];
  const input = z
    .object({ number: optional(noteNumberInput(kind)), invoice_id: optional(invoiceIdSchema) })
    .strict()
    .refine((given) => given.number !== undefined || given.invoice_id !== undefined, {
      path: ['number'],
      message: `is required (such as ${firstNoteNumber(kind)}), or an Invoice ID (${ID_PREFIX.invoice}…) instead`,
    });

  const fields = fieldsOf(input, [numberField, FIELDS.invoice.id]);
  const labels = labelsOf(fields);

  async function run(connection: Connection, raw: unknown, send: Send): Promise<PresentedNote | undefined> {
    const { number, invoice_id: invoiceId } = validateGiven(input, raw ?? {}, { labels });
    const page: { data: PresentedNote[] } = await list.run(
      connection,
      { number, invoice_id: invoiceId, limit: 1 },
      send,
    );
    // Trusted only as far as the answer shows: a service that ignored a filter must not hand back another note.
    return page.data.find(
      (note) =>
        (number === undefined || sameText(note.number, number)) &&
        (invoiceId === undefined || note.invoice_id === invoiceId),
    );
  }

  return { input, fields, labels: outputLabels, sample, run };
}
