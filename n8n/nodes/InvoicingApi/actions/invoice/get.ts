/** Invoice → Get: shared/operations/getInvoice.ts. */
import { operations, runOperation } from '../../../../../shared';
import { property } from '../../../../lib/properties';
import { param, type NodeOperation } from '../common';

const { getInvoice: operation } = operations;
const { invoice_id } = operation.fields;

export const get: NodeOperation = {
  operation,
  option: { name: 'Get', value: 'get', action: 'Get an invoice', description: 'Get an invoice by its ID' },
  properties: [property(invoice_id)],
  execute: (context, i, connection, send) =>
    runOperation(operation, connection, { invoice_id: param(context, invoice_id.key, i) }, send),
};
