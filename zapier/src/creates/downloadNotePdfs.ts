/** Download Credit Note PDF and Download Debit Note PDF: CN-000001.pdf, DN-000001.pdf (./pdfDownload.ts). */
import { pdfDownload } from './pdfDownload';

export const downloadCreditNotePdf = pdfDownload('credit_note', {
  key: 'download_credit_note_pdf',
  noun: 'Credit Note PDF',
  label: 'Download Credit Note PDF',
  description: 'Gets the credit note as a PDF file that a later step can attach to an e-mail, a message or a drive.',
});

export const downloadDebitNotePdf = pdfDownload('debit_note', {
  key: 'download_debit_note_pdf',
  noun: 'Debit Note PDF',
  label: 'Download Debit Note PDF',
  description: 'Gets the debit note as a PDF file that a later step can attach to an e-mail, a message or a drive.',
});
