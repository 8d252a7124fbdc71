/** Invoice → Download PDF: shared/operations/downloadInvoicePdf.ts, taken down ../pdfDownload.ts's path. */
import { pdfDownload } from '../pdfDownload';

export { PDF_PROPERTY } from '../pdfDownload';

export const downloadPdf = pdfDownload('invoice', {
  name: 'Download PDF',
  value: 'downloadPdf',
  action: 'Download an invoice PDF',
  description: 'Get the invoice as a PDF file (binary data) to attach to an e-mail, a message or a drive',
});
