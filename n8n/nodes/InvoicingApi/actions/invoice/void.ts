/**
 * Invoice → Void: shared/operations/voidInvoice.ts. A paid or partly paid invoice is refused in the service's
 * words.
 */
import { VOID, operations, runOperation } from '../../../../../shared';
import { locator, locatorId } from '../../../../editor/pickers';
import type { NodeOperation } from '../common';
import { idempotencyKey } from '../idempotency';

const { voidInvoice: operation } = operations;
const { invoice_id } = operation.fields;

export const voidInvoice: NodeOperation = {
  operation,
  option: {
    name: 'Void',
    // The operation's value is the status word it leads to.
    value: VOID,
    action: 'Void an invoice',
    description: 'Cancel an invoice nothing has been paid on: it then owes nothing and cannot be paid or sent',
  },
  properties: [locator('invoice', invoice_id, 'invoices')],
  execute: (context, i, connection, send) =>
    runOperation(
      operation,
      connection,
      { invoice_id: locatorId(context, 'invoice', invoice_id, i), idempotency_key: idempotencyKey(context, i) },
      send,
    ),
};
