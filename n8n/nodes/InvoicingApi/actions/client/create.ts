/** Client → Create: shared/operations/createClient.ts, the e-mail first and the rest under Additional Fields. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { clientInputFromFields, operations, runOperation } from '../../../../../shared';
import { property } from '../../../../editor/properties';
import { ADD_FIELD, ADDITIONAL_FIELDS, param, type NodeOperation } from '../common';

const { createClient: operation } = operations;
const { email, ...details } = operation.fields;

export const clientProperties: INodeProperties[] = [
  property(email),
  {
    displayName: ADDITIONAL_FIELDS,
    name: 'additionalFields',
    type: 'collection',
    placeholder: ADD_FIELD,
    default: {},
    options: Object.values(details).map((spec) => property(spec)),
  },
];

/** The flat form (e-mail plus a collection) as the raw client input shared/ validates. */
export const clientInput = (context: IExecuteFunctions, itemIndex: number) => ({
  ...clientInputFromFields((param(context, 'additionalFields', itemIndex, {}) as IDataObject) ?? {}),
  email: param(context, email.key, itemIndex),
});

export const create: NodeOperation = {
  operation,
  option: { name: 'Create', value: 'create', action: 'Create a client', description: 'Create a client' },
  properties: clientProperties,
  execute: (context, i, connection, send) => runOperation(operation, connection, clientInput(context, i), send),
};
