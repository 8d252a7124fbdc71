/** Credit Note → Download PDF: shared/operations/downloadCreditNotePdf.ts, down ../pdfDownload.ts's path. */
import { pdfDownload } from '../pdfDownload';

export const downloadPdf = pdfDownload('credit_note', {
  name: 'Download PDF',
  value: 'downloadPdf',
  action: 'Download a credit note PDF',
  description: 'Get the credit note as a PDF file (binary data) to attach to an e-mail, a message or a drive',
});
