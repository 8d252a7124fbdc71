/**
 * Catalogue entry (shared/fields.ts) → n8n node property. Labels, help and examples come from the
 * catalogue unchanged; this file only knows n8n's parameter vocabulary.
 */
import type { INodeProperties, NodePropertyTypes } from 'n8n-workflow';

import type { FieldSpec, FieldType } from '../../shared';
import { toHtml } from './text';

const N8N_TYPES: Record<FieldType, NodePropertyTypes> = {
  string: 'string',
  email: 'string',
  integer: 'number',
  boolean: 'boolean',
  currency: 'string',
  phone: 'string',
  country: 'string',
  id: 'string',
};

const EMPTY: Record<string, INodeProperties['default']> = { string: '', number: 0, boolean: false };

export function property(spec: FieldSpec, overrides: Partial<INodeProperties> = {}): INodeProperties {
  const type = N8N_TYPES[spec.type];
  const built: INodeProperties = {
    displayName: spec.label,
    name: spec.key,
    type,
    default: spec.default ?? EMPTY[type],
    description: toHtml(spec.help),
  };
  if (spec.required) built.required = true;
  if (spec.example !== undefined && type !== 'boolean') {
    built.placeholder = `e.g. ${spec.example}`;
  }
  // A closed list becomes a dropdown; an open one (currency) stays free text, as the schema judges it.
  if (spec.choices && !spec.allowCustom) {
    built.type = 'options';
    built.options = spec.choices.map(({ value, label }) => ({ name: label, value }));
    built.default = overrides.default ?? spec.choices[0].value;
  }
  return { ...built, ...overrides };
}

/** The same properties, shown only for the given resource and operations (and their own conditions). */
export function showFor(resource: string, operations: string[], properties: INodeProperties[]): INodeProperties[] {
  return properties.map((entry) => ({
    ...entry,
    displayOptions: { show: { resource: [resource], operation: operations, ...entry.displayOptions?.show } },
  }));
}
