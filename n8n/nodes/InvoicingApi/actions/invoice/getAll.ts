/** Invoice → Get Many: shared/operations/listInvoices.ts, page after page. */
import { listAll, operations } from '../../../../../shared';
import { property } from '../../../../editor/properties';
import { getManyOption, listing, listProperties, type NodeOperation } from '../common';

const { listInvoices: operation } = operations;
const { limit, status, client_email, number, client_gstin, overdue, due_before, due_after, days_overdue } =
  operation.fields;

export const getAll: NodeOperation = {
  operation,
  option: getManyOption('invoices', 'List invoices, newest first, optionally filtered'),
  properties: listProperties(limit, [
    property(status),
    property(client_email),
    property(number),
    property(client_gstin),
    property(overdue),
    property(due_before),
    property(due_after),
    property(days_overdue, { default: days_overdue.example }),
  ]),
  execute: (context, i, connection, send) => {
    const { max, filters } = listing(context, i, limit);
    return listAll(operation, connection, filters, send, max);
  },
};
