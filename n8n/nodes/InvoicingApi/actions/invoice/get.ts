/** Invoice → Get: shared/operations/getInvoice.ts. */
import { operations, runOperation } from '../../../../../shared';
import { locator, locatorId } from '../../../../editor/pickers';
import type { NodeOperation } from '../common';

const { getInvoice: operation } = operations;
const { invoice_id } = operation.fields;

export const get: NodeOperation = {
  operation,
  option: { name: 'Get', value: 'get', action: 'Get an invoice', description: 'Get an invoice by its ID' },
  properties: [locator('invoice', invoice_id, 'invoices')],
  execute: (context, i, connection, send) =>
    runOperation(operation, connection, { invoice_id: locatorId(context, 'invoice', invoice_id, i) }, send),
};
