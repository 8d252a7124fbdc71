/**
 * Download Credit Note PDF and Download Debit Note PDF (docs/api-contract.md, "A note's PDF"): the note as
 * a PDF file, fetched and named as Download Invoice PDF's is (`pdfFileName`, `PDF_MEDIA_TYPE`), so both
 * platforms take the note's file down the invoice's path. Each kind's module declares its display words.
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { CREDIT_NOTE_LABELS, DEBIT_NOTE_LABELS, type PresentedNote } from '../outputs';
import { samplePresentedCreditNote, samplePresentedDebitNote } from '../samples';
import { creditNoteIdSchema, debitNoteIdSchema, type NoteKind } from '../schemas/notes';
import { PDF_MEDIA_TYPE, pdfFileName } from './downloadInvoicePdf';

const KINDS = {
  credit: {
    id: FIELDS.note.creditNoteId,
    idSchema: creditNoteIdSchema,
    labels: CREDIT_NOTE_LABELS,
    sample: samplePresentedCreditNote,
  },
  debit: {
    id: FIELDS.note.debitNoteId,
    idSchema: debitNoteIdSchema,
    labels: DEBIT_NOTE_LABELS,
    sample: samplePresentedDebitNote,
  },
};

/** The record both platforms answer beside the file: which note, of which invoice, its file name and total. */
export const notePdfAnswer = (
  about: Pick<PresentedNote, 'id' | 'number' | 'invoice_number'> & { total_formatted?: unknown },
) => ({
  id: about.id,
  number: about.number,
  invoice_number: about.invoice_number,
  file_name: pdfFileName(about.number),
  total_formatted: String(about.total_formatted ?? ''),
});

/** Everything of the operation but its display words: GET /credit_notes/{id}/pdf or /debit_notes/{id}/pdf. */
export function notePdfOperation(kind: NoteKind) {
  const words = KINDS[kind];
  const labels = words.labels;
  return {
    method: 'GET' as const,
    path: `/${kind}_notes/{${words.id.key}}/pdf`,
    status: 200 as const,
    contract: 'a-notes-pdf',
    accept: PDF_MEDIA_TYPE,
    response: z.string().describe('The PDF file (binary).'),
    input: z.object({ [words.id.key]: words.idSchema }).strict(),
    result: (body: unknown) => body,
    fields: [words.id],
    labels: {
      id: labels.id,
      number: labels.number,
      invoice_number: labels.invoice_number,
      file_name: FIELDS.invoice.pdfFileName.label,
      file: FIELDS.invoice.pdfFile.label,
      total_formatted: labels.total_formatted,
    },
    sample: notePdfAnswer(words.sample),
  };
}
