/** Debit Note → Download PDF: shared/operations/downloadDebitNotePdf.ts, down ../pdfDownload.ts's path. */
import { pdfDownload } from '../pdfDownload';

export const downloadPdf = pdfDownload('debit_note');
