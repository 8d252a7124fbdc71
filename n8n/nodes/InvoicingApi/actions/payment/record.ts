/** Payment → Record: shared/operations/recordPayment.ts. UPI details show only for a UPI payment. */
import type { IDataObject } from 'n8n-workflow';

import { PICKER_HELP, UPI, operations, runOperation } from '../../../../../shared';
import { locator, locatorId } from '../../../../editor/pickers';
import { property } from '../../../../editor/properties';
import { ADD_FIELD, ADDITIONAL_FIELDS, param, type NodeOperation } from '../common';
import { idempotencyKey } from '../idempotency';
import { defaultAmountUnit } from '../../versions';

const { recordPayment: operation } = operations;
const { invoice_id, method, amount, amount_unit, utr, vpa, reference, paid_at, note } = operation.fields;
const upiOnly = { displayOptions: { show: { [method.key]: [UPI] } } };

export const record: NodeOperation = {
  operation,
  option: {
    name: 'Record',
    value: 'record',
    action: 'Record a payment',
    description:
      'Record a payment received outside UPI (a bank transfer, cash) or reported by your bank against an invoice',
  },
  properties: [
    locator('invoice', invoice_id, 'owedInvoices', PICKER_HELP.owedInvoice),
    property(amount),
    property(method, { default: method.example }),
    property(utr, { ...upiOnly, required: true }),
    property(vpa, upiOnly),
    {
      displayName: ADDITIONAL_FIELDS,
      name: 'additionalFields',
      type: 'collection',
      placeholder: ADD_FIELD,
      default: {},
      options: [property(reference), property(paid_at), property(note), property(amount_unit)],
    },
  ],
  execute: (context, i, connection, send) => {
    const upi = param(context, method.key, i) === UPI;
    const extra = (param(context, 'additionalFields', i, {}) as IDataObject) ?? {};
    return runOperation(
      operation,
      connection,
      {
        invoice_id: locatorId(context, 'invoice', invoice_id, i),
        method: param(context, method.key, i),
        amount: param(context, amount.key, i),
        amount_unit: extra[amount_unit.key] ?? defaultAmountUnit(context),
        utr: upi ? param(context, utr.key, i) : undefined,
        vpa: upi ? param(context, vpa.key, i, '') : undefined,
        reference: extra[reference.key],
        paid_at: extra[paid_at.key],
        note: extra[note.key],
        idempotency_key: idempotencyKey(context, i),
      },
      send,
    );
  },
};
