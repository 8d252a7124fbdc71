/** Refund → Get Many: shared/operations/listRefunds.ts, page after page, with every filter it has. */
import { listAll, operations } from '../../../../../shared';
import { property } from '../../../../editor/properties';
import { getManyOption, listing, listProperties, type NodeOperation } from '../common';

const { listRefunds: operation } = operations;
const { limit, payment_id, invoice_id, utr, reference } = operation.fields;

export const getAll: NodeOperation = {
  operation,
  option: getManyOption(
    'refunds',
    'List refunds, newest recorded first, by payment, invoice, UPI reference or reference',
  ),
  properties: listProperties(limit, [property(payment_id), property(invoice_id), property(utr), property(reference)]),
  execute: (context, i, connection, send) => {
    const { max, filters } = listing(context, i, limit);
    return listAll(operation, connection, filters, send, max);
  },
};
