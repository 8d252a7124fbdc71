/**
 * Label coverage: a field declared in shared/ reaches both editors with its label, so a forgotten or
 * removed declaration fails here instead of silently dropping a field. Inputs: every field of every
 * operation a platform offers is in that platform's description (Zapier's inputFields, the n8n node's
 * properties) under the catalogue's label. Outputs: every field of every sample and event record has a
 * label in Zapier's outputFields, and the n8n node's output (the same object) has a catalogue label for
 * each of its keys (n8n itself shows keys, not labels).
 */
import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import {
  EVENT_CATALOGUE,
  EVENT_LABELS,
  EVENT_TYPES,
  flattenEvent,
  operations,
  sampleEventsByType,
  type Fields,
} from '../../shared';
import { InvoicingApi } from '../../n8n/nodes/InvoicingApi/InvoicingApi.node';
import { client } from '../../n8n/nodes/InvoicingApi/actions/client';
import { invoice } from '../../n8n/nodes/InvoicingApi/actions/invoice';
import { payment } from '../../n8n/nodes/InvoicingApi/actions/payment';
import { product } from '../../n8n/nodes/InvoicingApi/actions/product';
import { eventItem } from '../../n8n/triggers/triggerEvents';
import { TRANSLATES } from '../../zapier/src/action';
import { flatKeys } from '../../zapier/src/fields';
import { app } from '../zapier/support';

type ZapierField = { key: string; label?: string; children?: ZapierField[] };
/** What this test reads of a shared operation. */
type Translated = { fields: Fields; labels?: Readonly<Record<string, string>>; sample?: unknown };
type ZapierAction = {
  key: string;
  operation: { inputFields?: ZapierField[]; outputFields: ZapierField[]; sample: object };
};

/** Which shared operation each Zapier create and search translates, as each action's file declares it. */
const ZAPIER_OPERATIONS: Record<string, Translated> = TRANSLATES;

const zapierActions = { ...app.creates, ...app.searches } as unknown as Record<string, ZapierAction>;
const zapierTriggers = app.triggers as unknown as Record<string, ZapierAction>;
const zapierInputs = (action: ZapierAction) =>
  (action.operation.inputFields ?? []).flatMap((field) => [field, ...(field.children ?? [])]);
const zapierOutputLabels = (action: ZapierAction) =>
  Object.fromEntries(action.operation.outputFields.map((field) => [field.key, field.label]));

/** Every property, including those inside collections and fixed collections. */
function allProperties(properties: INodeProperties[]): INodeProperties[] {
  return properties.flatMap((property) => [
    property,
    ...allProperties(
      (property.options ?? []).flatMap((option) => {
        if ('values' in option) return (option as INodePropertyCollection).values;
        return 'displayName' in option && 'type' in option ? [option as INodeProperties] : [];
      }),
    ),
  ]);
}

const node = new InvoicingApi().description;
const listed = (show: Record<string, unknown> | undefined, name: string, value: string) => {
  const values = (show?.[name] ?? show?.[`/${name}`]) as string[] | undefined;
  return !values || values.includes(value);
};
/** What the n8n editor can show for one resource and operation. */
const n8nProperties = (resource: string, operation: string) =>
  allProperties(
    node.properties.filter(
      (property) =>
        listed(property.displayOptions?.show, 'resource', resource) &&
        listed(property.displayOptions?.show, 'operation', operation),
    ),
  );

const n8nOperations = Object.entries({ invoice, client, payment, product }).flatMap(
  ([resource, { operations: entries }]) =>
    entries.map((entry) => ({
      name: `${resource} → ${entry.option.value}`,
      resource,
      value: entry.option.value,
      operation: entry.operation as Translated,
    })),
);

describe('inputs: every field of every operation, labelled, on both platforms', () => {
  test('every Zapier create and search names the shared operation it translates', () => {
    expect(Object.keys(zapierActions).sort()).toEqual(Object.keys(ZAPIER_OPERATIONS).sort());
    const registered = Object.values(operations) as unknown[];
    for (const operation of Object.values(ZAPIER_OPERATIONS)) expect(registered).toContain(operation);
  });

  test.each(Object.entries(ZAPIER_OPERATIONS))('Zapier %s', (key, operation) => {
    const fields = zapierInputs(zapierActions[key]);
    const missing = Object.values(operation.fields)
      .filter((spec) => !fields.some((field) => field.key === spec.key && field.label === spec.label))
      .map((spec) => `${spec.key} (${spec.label})`);
    expect(missing).toEqual([]);
  });

  test.each(n8nOperations.map((entry) => [entry.name, entry] as const))('n8n %s', (_name, entry) => {
    const properties = n8nProperties(entry.resource, entry.value);
    const missing = Object.values(entry.operation.fields)
      .filter(
        (spec) => !properties.some((property) => property.name === spec.key && property.displayName === spec.label),
      )
      .map((spec) => `${spec.key} (${spec.label})`);
    expect(missing).toEqual([]);
  });
});

describe('outputs: every field of every sample and event record has a label', () => {
  test.each(Object.entries(ZAPIER_OPERATIONS))('Zapier %s', (key, operation) => {
    const action = zapierActions[key];
    const labels = zapierOutputLabels(action);
    expect(flatKeys(action.operation.sample).filter((field) => !labels[field])).toEqual([]);
    expect(flatKeys(operation.sample).filter((field) => !labels[field])).toEqual([]);
  });

  test.each(EVENT_TYPES)('Zapier trigger for %s', (type) => {
    const trigger = zapierTriggers[EVENT_CATALOGUE[type].key];
    const labels = zapierOutputLabels(trigger);
    expect(Object.keys(flattenEvent(sampleEventsByType[type])).filter((field) => !labels[field])).toEqual([]);
  });

  test.each(n8nOperations.map((entry) => [entry.name, entry] as const))('n8n %s', (_name, entry) => {
    const labels = entry.operation.labels ?? {};
    const sample = entry.operation.sample as { data?: object[] } | object | undefined;
    // A list's sample is one item of the list.
    const shown = sample && 'data' in sample && Array.isArray(sample.data) ? sample.data[0] : sample;
    expect(shown).toBeDefined();
    expect(flatKeys(shown).filter((field) => !labels[field])).toEqual([]);
  });

  test.each(EVENT_TYPES)('n8n triggers for %s', (type) => {
    const { json } = eventItem(sampleEventsByType[type]);
    expect(Object.keys(json).filter((field) => field !== 'event' && !EVENT_LABELS[field])).toEqual([]);
  });
});
