/** Payment → Record: shared/operations/recordPayment.ts. UPI details show only for a UPI payment. */
import type { IDataObject } from 'n8n-workflow';

import { UPI, operations, runOperation } from '../../../../../shared';
import { property } from '../../../../lib/properties';
import { param, type NodeOperation } from '../common';
import { idempotencyKey } from '../idempotency';

const { recordPayment: operation } = operations;
const { invoice_id, method, amount, utr, vpa, reference, paid_at, note } = operation.fields;
const upiOnly = { displayOptions: { show: { [method.key]: [UPI] } } };

export const record: NodeOperation = {
  operation,
  option: {
    name: 'Record',
    value: 'record',
    action: 'Record a payment',
    description: 'Record a payment received outside UPI (a bank transfer, cash) or reported by your bank against an invoice',
  },
  properties: [
    property(invoice_id),
    property(method, { default: method.example }),
    property(amount),
    property(utr, { ...upiOnly, required: true }),
    property(vpa, upiOnly),
    {
      displayName: 'Additional Fields',
      name: 'additionalFields',
      type: 'collection',
      placeholder: 'Add Field',
      default: {},
      options: [property(reference), property(paid_at), property(note)],
    },
  ],
  execute: (context, i, connection, send) => {
    const upi = param(context, method.key, i) === UPI;
    const extra = (param(context, 'additionalFields', i, {}) as IDataObject) ?? {};
    return runOperation(operation, connection, {
      invoice_id: param(context, invoice_id.key, i),
      method: param(context, method.key, i),
      amount: param(context, amount.key, i),
      utr: upi ? param(context, utr.key, i) : undefined,
      vpa: upi ? param(context, vpa.key, i, '') : undefined,
      reference: extra[reference.key],
      paid_at: extra[paid_at.key],
      note: extra[note.key],
      idempotency_key: idempotencyKey(context, i),
    }, send);
  },
};
