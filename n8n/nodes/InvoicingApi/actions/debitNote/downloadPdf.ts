/** Debit Note → Download PDF: shared/operations/downloadDebitNotePdf.ts, down ../pdfDownload.ts's path. */
import { pdfDownload } from '../pdfDownload';

export const downloadPdf = pdfDownload('debit_note', {
  name: 'Download PDF',
  value: 'downloadPdf',
  action: 'Download a debit note PDF',
  description: 'Get the debit note as a PDF file (binary data) to attach to an e-mail, a message or a drive',
});
