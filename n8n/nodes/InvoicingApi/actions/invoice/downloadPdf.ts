/**
 * Invoice → Download PDF: shared/operations/downloadInvoicePdf.ts. The file goes out as binary data
 * (`data`, named INV-000123.pdf, application/pdf) through n8n's own prepareBinaryData, so the next node can
 * attach it; the JSON says which invoice it is.
 */
import { PDF_MEDIA_TYPE, operations, pdfAnswer, runOperation } from '../../../../../shared';
import { locator, locatorId } from '../../../../editor/pickers';
import { ItemWithBinary, type NodeOperation } from '../common';

const { downloadInvoicePdf: operation, getInvoice } = operations;
const { invoice_id } = operation.fields;

/**
 * The binary property the file is put in: n8n's usual name, which Send Email, Gmail and Drive nodes read by
 * default.
 */
export const PDF_PROPERTY = 'data';

export const downloadPdf: NodeOperation = {
  operation,
  option: {
    name: 'Download PDF',
    value: 'downloadPdf',
    action: 'Download an invoice PDF',
    description: 'Get the invoice as a PDF file (binary data) to attach to an e-mail, a message or a drive',
  },
  properties: [locator('invoice', invoice_id, 'invoices')],
  execute: async (context, i, connection, send) => {
    const id = locatorId(context, 'invoice', invoice_id, i);
    const invoice = await runOperation(getInvoice, connection, { invoice_id: id }, send);
    const file = await runOperation(operation, connection, { invoice_id: id }, send);
    const answer = pdfAnswer(invoice);
    const binary = await context.helpers.prepareBinaryData(
      Buffer.from(file as Buffer),
      answer.file_name,
      PDF_MEDIA_TYPE,
    );
    return new ItemWithBinary(answer, { [PDF_PROPERTY]: binary });
  },
};
