/** Payment → Get Many: shared/operations/listPayments.ts, page after page, with every filter it has. */
import { UPI, listAll, operations } from '../../../../../shared';
import { property } from '../../../../editor/properties';
import { getManyOption, listing, listProperties, type NodeOperation } from '../common';

const { listPayments: operation } = operations;
const { limit, invoice_id, utr, reference, method, paid_from, paid_before } = operation.fields;

export const getAll: NodeOperation = {
  operation,
  option: getManyOption(
    'payments',
    'List payments, newest recorded first, by invoice, UPI reference, reference, method or a paid-at period',
  ),
  properties: listProperties(limit, [
    property(invoice_id),
    property(utr),
    property(reference),
    property(method, { default: UPI }),
    property(paid_from),
    property(paid_before),
  ]),
  execute: (context, i, connection, send) => {
    const { max, filters } = listing(context, i, limit);
    return listAll(operation, connection, filters, send, max);
  },
};
