/** Invoice → Send: shared/operations/sendInvoice.ts. Sending again is a resend; a reminder is the same action. */
import { operations, runOperation } from '../../../../../shared';
import { locator, locatorId } from '../../../../editor/pickers';
import { property } from '../../../../editor/properties';
import { param, type NodeOperation } from '../common';
import { idempotencyKey } from '../idempotency';

const { sendInvoice: operation } = operations;
const { invoice_id, channel, kind } = operation.fields;

export const send: NodeOperation = {
  operation,
  option: {
    name: 'Send',
    value: 'send',
    action: 'Send an invoice',
    description:
      'Send an invoice, or a payment reminder, on WhatsApp or by e-mail; the outcome arrives as ' +
      'Invoice Sent or Invoice Delivery Failed',
  },
  properties: [
    locator('invoice', invoice_id, 'invoices'),
    property(channel, { default: channel.default }),
    property(kind, { default: kind.default }),
  ],
  execute: (context, i, connection, sendRequest) =>
    runOperation(
      operation,
      connection,
      {
        invoice_id: locatorId(context, 'invoice', invoice_id, i),
        channel: param(context, channel.key, i),
        kind: param(context, kind.key, i),
        idempotency_key: idempotencyKey(context, i),
      },
      sendRequest,
    ),
};
