/**
 * An operation's field → Zapier field object. Every word comes from shared/fields.ts and required-ness
 * from the operation's input schema; this file only knows Zapier's field vocabulary (placeholder, string
 * defaults, `{ value, label, sample }` choices, the `a__b` / `a[]b` keys Zapier gives nested output).
 */
import type { PlainInputField, PlainOutputField } from 'zapier-platform-core';
import type { FieldSpec, FieldType } from '../../shared/fields';

const ZAPIER_TYPES: Record<FieldType, NonNullable<PlainInputField['type']>> = {
  string: 'string',
  email: 'string',
  integer: 'integer',
  boolean: 'boolean',
  currency: 'string',
  phone: 'string',
  country: 'string',
  id: 'string',
};

export function inputField(spec: FieldSpec, overrides: Partial<PlainInputField> = {}): PlainInputField {
  const field: PlainInputField = {
    key: spec.key,
    label: spec.label,
    helpText: spec.help,
    type: ZAPIER_TYPES[spec.type],
    required: spec.required ?? false,
  };
  if (spec.example !== undefined && spec.type !== 'boolean') field.placeholder = String(spec.example);
  if (spec.default !== undefined) field.default = String(spec.default);
  // Zapier's editor lets users type or map a value the static list does not offer, which is what
  // `allowCustom` asks for; the shared schema then judges the value.
  if (spec.choices) field.choices = spec.choices.map(({ value, label }) => ({ value, label, sample: value }));
  return { ...field, ...overrides };
}

/** Keys as Zapier flattens an output object: `whatsapp__status`, `items[]amount`. */
export function flatKeys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    return value.length && isObject(value[0]) ? flatKeys(value[0], `${prefix}[]`) : [prefix];
  }
  if (!isObject(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? (prefix.endsWith('[]') ? `${prefix}${key}` : `${prefix}__${key}`) : key;
    return isObject(child) || Array.isArray(child) ? flatKeys(child, path) : [path];
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A labelled output field for every field the labels name: in the sample's order, then those the sample
 * does not show (a field the service echoes is labelled before any sample carries it).
 */
export function outputFields(sample: object, labels: Readonly<Record<string, string>>): PlainOutputField[] {
  return [
    ...sampledOutputFields(sample, labels),
    ...Object.keys(labels)
      .filter((key) => !flatKeys(sample).includes(key))
      .map((key) => ({ key, label: labels[key] })),
  ];
}

/** Labelled output fields for exactly the fields of `sample` (an event record is all its sample shows). */
export function sampledOutputFields(sample: object, labels: Readonly<Record<string, string>>): PlainOutputField[] {
  return flatKeys(sample)
    .filter((key) => labels[key] !== undefined)
    .map((key) => ({ key, label: labels[key] }));
}
