/** Download Invoice PDF: a file (INV-000123.pdf) a later step can attach (./pdfDownload.ts). */
import { pdfDownload } from './pdfDownload';

export const downloadInvoicePdf = pdfDownload('invoice', {
  key: 'download_invoice_pdf',
  noun: 'Invoice PDF',
  label: 'Download Invoice PDF',
  description: 'Gets the invoice as a PDF file that a later step can attach to an e-mail, a message or a drive.',
});
