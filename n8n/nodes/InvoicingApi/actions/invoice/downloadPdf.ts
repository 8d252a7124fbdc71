/** Invoice → Download PDF: shared/operations/downloadInvoicePdf.ts, taken down ../pdfDownload.ts's path. */
import { pdfDownload } from '../pdfDownload';

export { PDF_PROPERTY } from '../pdfDownload';

export const downloadPdf = pdfDownload('invoice');
