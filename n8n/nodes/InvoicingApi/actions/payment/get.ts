/** Payment → Get: shared/operations/getPayment.ts. */
import { operations, runOperation } from '../../../../../shared';
import { locator, locatorId } from '../../../../editor/pickers';
import type { NodeOperation } from '../common';

const { getPayment: operation } = operations;
const { payment_id } = operation.fields;

export const get: NodeOperation = {
  operation,
  option: { name: 'Get', value: 'get', action: 'Get a payment', description: 'Get a payment by its ID' },
  properties: [locator('payment', payment_id, 'payments')],
  execute: (context, i, connection, send) =>
    runOperation(operation, connection, { payment_id: locatorId(context, 'payment', payment_id, i) }, send),
};
