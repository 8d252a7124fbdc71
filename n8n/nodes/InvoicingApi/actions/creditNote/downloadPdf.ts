/** Credit Note → Download PDF: shared/operations/downloadCreditNotePdf.ts, down ../pdfDownload.ts's path. */
import { pdfDownload } from '../pdfDownload';

export const downloadPdf = pdfDownload('credit_note');
