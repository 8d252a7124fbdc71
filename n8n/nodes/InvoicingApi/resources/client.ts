/** Client: Create, Create or Update (by email), Update, Get, Get Many, on the catalogue's client form. */
import type { INodeProperties } from 'n8n-workflow';

import { FIELDS } from '../../../lib/core';
import { property, showFor } from '../../../lib/properties';
import { listProperties } from './list';

const { id, email, ...details } = FIELDS.client;
const detailProperties = Object.values(details).map((spec) => property(spec));

export const clientOperation: INodeProperties = {
  displayName: 'Operation',
  name: 'operation',
  type: 'options',
  noDataExpression: true,
  displayOptions: { show: { resource: ['client'] } },
  options: [
    { name: 'Create', value: 'create', action: 'Create a client', description: 'Create a client' },
    {
      name: 'Create or Update',
      value: 'upsert',
      action: 'Create or update a client',
      description: 'Create a new record, or update the current one if it already exists (upsert)',
    },
    { name: 'Get', value: 'get', action: 'Get a client', description: 'Get a client by its ID' },
    {
      name: 'Get Many',
      value: 'getAll',
      action: 'Get many clients',
      description: 'List clients, newest first, optionally filtered by email',
    },
    { name: 'Update', value: 'update', action: 'Update a client', description: 'Change the details of a client' },
  ],
  default: 'create',
};

const createOrUpsert = showFor('client', ['create', 'upsert'], [
  property(email),
  {
    displayName: 'Additional Fields',
    name: 'additionalFields',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    options: detailProperties,
  },
]);

const update = showFor('client', ['update'], [
  property(id),
  {
    displayName: 'Update Fields',
    name: 'updateFields',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    options: [property(email, { required: false }), ...detailProperties],
  },
]);

const get = showFor('client', ['get'], [property(id)]);

const getAll = listProperties('client', [property(email, { required: false })]);

export const clientProperties: INodeProperties[] = [...createOrUpsert, ...update, ...get, ...getAll];
