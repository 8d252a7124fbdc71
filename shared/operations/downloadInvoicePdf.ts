/**
 * Download Invoice PDF: the invoice as a PDF file (docs/api-contract.md, "The PDF"). The answer is bytes,
 * not JSON; each platform asks its own HTTP client for them (n8n: an array buffer it turns into binary
 * data, Zapier: a stashed file) and names the file with `pdfFileName`.
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import type { PresentedInvoice } from '../outputs';
import { samplePresentedTaxInvoice } from '../samples';
import { invoiceIdSchema } from '../schemas/primitives';
import { defineOperation } from './define';

export const PDF_MEDIA_TYPE = 'application/pdf';

/** INV-000123 → INV-000123.pdf; anything a file system would refuse in a number becomes '-'. */
export const pdfFileName = (number: string): string => `${number.replace(/[^\w.-]+/g, '-')}.pdf`;

const { invoice } = FIELDS;

/** What both platforms answer besides the file itself (n8n's binary `data`, Zapier's `file`). */
export const PDF_LABELS: Readonly<Record<string, string>> = {
  id: invoice.id.label,
  number: invoice.number.label,
  file_name: invoice.pdfFileName.label,
  file: invoice.pdfFile.label,
  amount_remaining_formatted: invoice.amountRemainingFormatted.label,
};

/** The record both platforms answer beside the file: which invoice, its file name, what it still owes. */
export const pdfAnswer = (about: Pick<PresentedInvoice, 'id' | 'number' | 'amount_remaining_formatted'>) => ({
  id: about.id,
  number: about.number,
  file_name: pdfFileName(about.number),
  amount_remaining_formatted: about.amount_remaining_formatted,
});

export const downloadInvoicePdf = defineOperation({
  method: 'GET',
  path: '/invoices/{invoice_id}/pdf',
  status: 200,
  contract: 'the-pdf',
  accept: PDF_MEDIA_TYPE,
  response: z.string().describe('The PDF file (binary).'),
  input: z.object({ invoice_id: invoiceIdSchema }).strict(),
  result: (body) => body,
  fields: [FIELDS.invoice.id],
  labels: PDF_LABELS,
  sample: pdfAnswer(samplePresentedTaxInvoice),
});
