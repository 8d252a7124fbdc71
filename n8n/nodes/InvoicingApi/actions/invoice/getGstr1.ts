/**
 * Invoice → Get GSTR-1: shared/operations/getGstr1.ts. The return goes out as binary data (`data`, named
 * GSTR1_<MMYYYY>_<GSTIN>.json, application/json) through n8n's prepareBinaryData, as Download PDF's file does, so
 * Send Email attaches it; the JSON is the summary a workflow reads.
 */
import { GSTR1_MEDIA_TYPE, gstr1Record, operations, runOperation, type PresentedGstr1 } from '../../../../../shared';
import { property } from '../../../../editor/properties';
import { ItemWithBinary, param, type NodeOperation } from '../common';
import { PDF_PROPERTY } from './downloadPdf';

const { getGstr1: operation } = operations;
const { period } = operation.fields;

export const getGstr1: NodeOperation = {
  operation,
  option: {
    name: 'Get GSTR-1',
    value: 'getGstr1',
    action: 'Get the GSTR-1 of a month',
    description:
      "Get a month's GSTR-1 as the GST offline tool's JSON file (binary data) with a summary of each section",
  },
  properties: [property(period)],
  execute: async (context, i, connection, send) => {
    const answer = (await runOperation(
      operation,
      connection,
      { period: param(context, period.key, i) },
      send,
    )) as PresentedGstr1;
    const record = gstr1Record(answer);
    const bytes = Buffer.from(JSON.stringify(answer.gstr1));
    const binary = await context.helpers.prepareBinaryData(bytes, record.file_name, GSTR1_MEDIA_TYPE);
    return new ItemWithBinary(record, { [PDF_PROPERTY]: binary });
  },
};
