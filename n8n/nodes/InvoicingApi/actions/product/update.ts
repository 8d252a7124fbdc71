/** Product → Update: shared/operations/updateProduct.ts; only the fields added under Update Fields change. */
import type { IDataObject } from 'n8n-workflow';

import { operations, runOperation, type DisplayedOperation } from '../../../../../shared';
import { locator, locatorId } from '../../../../editor/pickers';
import { property } from '../../../../editor/properties';
import { ADD_FIELD, param, UPDATE_FIELDS, type NodeOperation } from '../common';
import { imperative } from '../displayed';
import { amountUnitProperties, defaultAmountUnit } from '../../versions';

const { updateProduct: operation } = operations;
const { display } = operation as DisplayedOperation;
const { product_id, amount_unit, ...changes } = operation.fields;

export const update: NodeOperation = {
  operation,
  option: {
    name: 'Update',
    value: 'update',
    action: display.action,
    description: imperative(display.description),
  },
  properties: [
    locator('product', product_id, 'products'),
    {
      displayName: UPDATE_FIELDS,
      name: 'updateFields',
      type: 'collection',
      placeholder: ADD_FIELD,
      default: {},
      options: Object.values(changes).map((spec) =>
        spec.choices ? property(spec, { default: String(spec.example ?? spec.choices[0].value) }) : property(spec),
      ),
    },
    ...amountUnitProperties(property(amount_unit)),
  ],
  execute: (context, i, connection, send) =>
    runOperation(
      operation,
      connection,
      {
        product_id: locatorId(context, 'product', product_id, i),
        ...((param(context, 'updateFields', i, {}) as IDataObject) ?? {}),
        [amount_unit.key]: param(context, amount_unit.key, i, defaultAmountUnit(context)),
      },
      send,
    ),
};
