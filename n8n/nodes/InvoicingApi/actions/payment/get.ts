/** Payment → Get: shared/operations/getPayment.ts. */
import { operations, runOperation } from '../../../../../shared';
import { property } from '../../../../lib/properties';
import { param, type NodeOperation } from '../common';

const { getPayment: operation } = operations;
const { payment_id } = operation.fields;

export const get: NodeOperation = {
  operation,
  option: { name: 'Get', value: 'get', action: 'Get a payment', description: 'Get a payment by its ID' },
  properties: [property(payment_id)],
  execute: (context, i, connection, send) =>
    runOperation(operation, connection, { payment_id: param(context, payment_id.key, i) }, send),
};
