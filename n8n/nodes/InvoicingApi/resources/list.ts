/** Return All / Limit / Filters, as every n8n "Get Many" operation offers them. */
import type { INodeProperties } from 'n8n-workflow';

import { FIELDS } from '../../../lib/core';
import { showFor } from '../../../lib/properties';

const { limit } = FIELDS.list;
const defaultLimit = Number(limit.default);

export function listProperties(resource: string, filters: INodeProperties[]): INodeProperties[] {
  return showFor(resource, ['getAll'], [
    {
      displayName: 'Return All',
      name: 'returnAll',
      type: 'boolean',
      default: false,
      description: 'Whether to return all results or only up to a given limit',
    },
    {
      displayName: limit.label,
      name: limit.key,
      type: 'number',
      typeOptions: { minValue: 1 },
      default: defaultLimit,
      description: 'Max number of results to return',
      displayOptions: { show: { returnAll: [false] } },
    },
    {
      displayName: 'Filters',
      name: 'filters',
      type: 'collection',
      placeholder: 'Add Filter',
      default: {},
      options: filters,
    },
  ]);
}
