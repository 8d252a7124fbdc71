/**
 * The documents a platform downloads as a file, by kind: the operation that answers the PDF, the one that
 * reads what the file is of, and the record answered beside the file. Both platforms take every kind down
 * one path (n8n's binary data, Zapier's dehydrated file), so a new document is an entry here.
 */
import { downloadCreditNotePdf } from './downloadCreditNotePdf';
import { downloadDebitNotePdf } from './downloadDebitNotePdf';
import { downloadInvoicePdf, pdfAnswer } from './downloadInvoicePdf';
import { getCreditNote } from './getCreditNote';
import { getDebitNote } from './getDebitNote';
import { getInvoice } from './getInvoice';
import type { PresentedInvoice, PresentedNote } from '../outputs';
import type { Operation, OperationDisplay } from './define';
import { notePdfAnswer } from './notePdf';

export type PdfKind = 'invoice' | 'credit_note' | 'debit_note';

export interface PdfDownload {
  /** The document's resource, whose noun (displayNoun) words the action on both platforms. */
  resource: OperationDisplay['resource'];
  /** The operation answering the file's bytes. */
  download: Operation;
  /** The operation answering the document itself, taking the same input. */
  about: Operation;
  /** The record beside the file, from what `about` answered: `file_name` is the file's. */
  answer(about: unknown): { file_name: string } & Record<string, string>;
}

export const PDF_DOWNLOADS: Record<PdfKind, PdfDownload> = {
  invoice: {
    resource: 'invoice',
    download: downloadInvoicePdf,
    about: getInvoice,
    answer: (about) => pdfAnswer(about as PresentedInvoice),
  },
  credit_note: {
    resource: 'creditNote',
    download: downloadCreditNotePdf,
    about: getCreditNote,
    answer: (about) => notePdfAnswer(about as PresentedNote),
  },
  debit_note: {
    resource: 'debitNote',
    download: downloadDebitNotePdf,
    about: getDebitNote,
    answer: (about) => notePdfAnswer(about as PresentedNote),
  },
};
