/** Download Invoice PDF: a file (INV-000123.pdf) a later step can attach (./pdfDownload.ts). */
import { pdfDownload } from './pdfDownload';

export const downloadInvoicePdf = pdfDownload('invoice');
