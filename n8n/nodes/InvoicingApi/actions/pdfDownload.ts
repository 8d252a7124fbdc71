/**
 * Download PDF, for every document shared/operations/pdfDownloads.ts lists (an invoice, a credit note, a debit
 * note): the file goes out as binary data (`data`, named by the document's number, application/pdf) through
 * n8n's own prepareBinaryData, so the next node can attach it; the JSON says which document it is.
 */
import { PDF_DOWNLOADS, PDF_MEDIA_TYPE, displayNoun, runOperation, type PdfKind } from '../../../../shared';
import { locator, locatorId } from '../../../editor/pickers';
import { ItemWithBinary, type NodeOperation } from './common';
import { LISTS } from './displayed';

/**
 * The binary property the file is put in: n8n's usual name, which Send Email, Gmail and Drive nodes read by
 * default.
 */
export const PDF_PROPERTY = 'data';

/** The operation in the list, worded from the document's noun: "Download a credit note PDF". */
function optionFor(kind: PdfKind) {
  const lower = displayNoun(PDF_DOWNLOADS[kind].resource).toLowerCase();
  return {
    name: 'Download PDF',
    value: 'downloadPdf',
    action: `Download ${/^[aeiou]/.test(lower) ? 'an' : 'a'} ${lower} PDF`,
    description: `Get the ${lower} as a PDF file (binary data) to attach to an e-mail, a message or a drive`,
  };
}

export function pdfDownload(kind: PdfKind): NodeOperation {
  const { download: operation, about, answer } = PDF_DOWNLOADS[kind];
  const [idField] = Object.values(operation.fields);
  return {
    operation,
    option: optionFor(kind),
    properties: [locator(kind, idField, LISTS[kind])],
    execute: async (context, i, connection, send) => {
      const input = { [idField.key]: locatorId(context, kind, idField, i) };
      const record = await runOperation(about, connection, input, send);
      const file = await runOperation(operation, connection, input, send);
      const answered = answer(record);
      const binary = await context.helpers.prepareBinaryData(
        Buffer.from(file as Buffer),
        answered.file_name,
        PDF_MEDIA_TYPE,
      );
      return new ItemWithBinary(answered, { [PDF_PROPERTY]: binary });
    },
  };
}
