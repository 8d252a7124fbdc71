/** Refund → Get: shared/operations/getRefund.ts (a file of its own, so Zapier shows no "Get" create). */
import { operations, runOperation } from '../../../../../shared';
import { locator, locatorId } from '../../../../editor/pickers';
import type { NodeOperation } from '../common';

const { getRefund: operation } = operations;
const { refund_id } = operation.fields;

export const get: NodeOperation = {
  operation,
  option: { name: 'Get', value: 'get', action: 'Get a refund', description: 'Get a refund by its ID' },
  properties: [locator('refund', refund_id, 'refunds')],
  execute: (context, i, connection, send) =>
    runOperation(operation, connection, { refund_id: locatorId(context, 'refund', refund_id, i) }, send),
};
