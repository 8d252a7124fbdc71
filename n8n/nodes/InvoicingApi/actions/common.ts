/**
 * What every operation file of the node shares: the shape of an operation (its entry in the Operation
 * list, its parameters, what it does for one item), reading a parameter, and a resource assembled from
 * its operations. Each operation file translates exactly one shared operation.
 */
import type { IBinaryData, IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Connection, FieldSpec, Fields, Send } from '../../../../shared';
import { param } from '../../../editor/parameters';
import { showFor } from '../../../editor/properties';

/** An answer with a file (Download PDF): its JSON and its binary properties, as n8n items hold them. */
export class ItemWithBinary {
  constructor(
    readonly json: IDataObject,
    readonly binary: Record<string, IBinaryData>,
  ) {}
}

export type Action = (
  context: IExecuteFunctions,
  itemIndex: number,
  connection: Connection,
  send: Send,
) => Promise<object | object[]>;

export interface NodeOperation {
  /** The shared operation it translates (its fields say, for one, whether it takes an idempotency key). */
  operation: { fields: Fields };
  /** Its entry in the resource's Operation list. */
  option: INodePropertyOptions & { value: string; action: string };
  /** Its parameters, shown only while it is selected. */
  properties: INodeProperties[];
  execute: Action;
}

export { param };

/** The Operation list of a resource (alphabetical, as n8n's lint asks) and every operation's parameters. */
export function resource(name: string, operations: NodeOperation[], defaultOperation: string) {
  const sorted = [...operations].sort((a, b) => a.option.name.localeCompare(b.option.name));
  const operation: INodeProperties = {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: [name] } },
    options: sorted.map((entry) => entry.option),
    default: defaultOperation,
  };
  return {
    properties: [operation, ...sorted.flatMap((entry) => showFor(name, [entry.option.value], entry.properties))],
    actions: Object.fromEntries(sorted.map((entry) => [entry.option.value, entry.execute])) as Record<string, Action>,
    operations: sorted,
  };
}

/** Return All / Limit / Filters, as every n8n "Get Many" operation offers them. */
/** A Get Many operation in the list, as n8n's own nodes word it: "Get many invoices". */
export const getManyOption = (plural: string, description: string) => ({
  name: 'Get Many',
  value: 'getAll',
  action: `Get many ${plural}`,
  description,
});

/** n8n's placeholder on a collection of optional fields, as its own nodes write it. */
export const ADD_FIELD = 'Add Field';

/** The display names n8n's own nodes give a Create's optional fields and an Update's changes. */
export const ADDITIONAL_FIELDS = 'Additional Fields';
export const UPDATE_FIELDS = 'Update Fields';

export function listProperties(limit: FieldSpec, filters: INodeProperties[]): INodeProperties[] {
  return [
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
      default: Number(limit.default),
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
  ];
}

/** Return All pages through everything; otherwise stop at Limit. */
export function listing(context: IExecuteFunctions, itemIndex: number, limit: FieldSpec) {
  const returnAll = param(context, 'returnAll', itemIndex, false) === true;
  const max = returnAll ? Infinity : Number(param(context, limit.key, itemIndex, limit.default));
  return { max, filters: (param(context, 'filters', itemIndex, {}) as IDataObject) ?? {} };
}
