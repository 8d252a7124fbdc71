/** Download Credit Note PDF and Download Debit Note PDF: CN-000001.pdf, DN-000001.pdf (./pdfDownload.ts). */
import { pdfDownload } from './pdfDownload';

export const downloadCreditNotePdf = pdfDownload('credit_note');

export const downloadDebitNotePdf = pdfDownload('debit_note');
