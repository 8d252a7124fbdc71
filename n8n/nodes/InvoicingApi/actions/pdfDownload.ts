/**
 * Download PDF, for every document shared/operations/pdfDownloads.ts lists (an invoice, a credit note, a debit
 * note): the file goes out as binary data (`data`, named by the document's number, application/pdf) through
 * n8n's own prepareBinaryData, so the next node can attach it; the JSON says which document it is.
 */
import type { INodePropertyOptions } from 'n8n-workflow';
import { PDF_DOWNLOADS, PDF_MEDIA_TYPE, runOperation, type PdfKind } from '../../../../shared';
import { locator, locatorId } from '../../../editor/pickers';
import { ItemWithBinary, type NodeOperation } from './common';
import { LISTS } from './displayed';

/**
 * The binary property the file is put in: n8n's usual name, which Send Email, Gmail and Drive nodes read by
 * default.
 */
export const PDF_PROPERTY = 'data';

export function pdfDownload(
  kind: PdfKind,
  option: INodePropertyOptions & { value: string; action: string },
): NodeOperation {
  const { download: operation, about, answer } = PDF_DOWNLOADS[kind];
  const [idField] = Object.values(operation.fields);
  return {
    operation,
    option,
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
