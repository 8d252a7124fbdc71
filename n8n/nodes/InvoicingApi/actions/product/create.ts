/**
 * Product → Create: shared/operations/createProduct.ts. What every product needs first (name, SKU, kind,
 * price, currency), the GST particulars and the rest under Additional Fields; Amounts Are In per version.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operations, runOperation, type DisplayedOperation, type FieldSpec } from '../../../../../shared';
import { property } from '../../../../editor/properties';
import { ADD_FIELD, ADDITIONAL_FIELDS, param, type NodeOperation } from '../common';
import { imperative } from '../displayed';
import { idempotencyKey } from '../idempotency';
import { amountUnitProperties, defaultAmountUnit } from '../../versions';

const { createProduct: operation } = operations;
/** Its words are the module's `display` (which builds Zapier's create), in n8n's imperative. */
const { display } = operation as DisplayedOperation;
const { name, sku, product_type, unit_price, currency, amount_unit, idempotency_key, ...details } = operation.fields;
const required = [name, sku, product_type, unit_price, currency];

/** A closed list (GST rate) as a dropdown inside a collection, where it is sent only once added. */
const listed = (spec: FieldSpec) =>
  spec.choices
    ? property(spec, {
        type: 'options',
        options: spec.choices.map(({ value, label }) => ({ name: label, value })),
        default: String(spec.example ?? spec.choices[0].value),
      })
    : property(spec);

/** The form Create, Create or Update and Find's Create If Not Found show. */
export const productProperties: INodeProperties[] = [
  ...required.map((spec) => (spec === currency ? property(spec, { default: currency.example }) : property(spec))),
  {
    displayName: ADDITIONAL_FIELDS,
    name: 'additionalFields',
    type: 'collection',
    placeholder: ADD_FIELD,
    default: {},
    options: Object.values(details).map(listed),
  },
  ...amountUnitProperties(property(amount_unit)),
];

/** The form's values as the product input shared/ validates. */
export const productInput = (context: IExecuteFunctions, itemIndex: number) => ({
  ...Object.fromEntries(required.map((spec) => [spec.key, param(context, spec.key, itemIndex)])),
  ...((param(context, 'additionalFields', itemIndex, {}) as IDataObject) ?? {}),
  [amount_unit.key]: param(context, amount_unit.key, itemIndex, defaultAmountUnit(context)),
});

export const create: NodeOperation = {
  operation,
  option: {
    name: 'Create',
    value: 'create',
    action: display.action,
    description: imperative(display.description),
  },
  properties: productProperties,
  execute: (context, i, connection, send) =>
    runOperation(
      operation,
      connection,
      { ...productInput(context, i), [idempotency_key.key]: idempotencyKey(context, i) },
      send,
    ),
};
