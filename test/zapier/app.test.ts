/**
 * The definition as Zapier's publishing review reads it: checks the CLI's offline `validate` does not
 * run (those need zapier.com), written down so a regression fails here first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { version as coreVersion } from 'zapier-platform-core';
import { flatKeys } from '../../zapier/src/fields';
import { app } from './support';

const zapierDir = path.resolve(__dirname, '../../zapier');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const pkg = readJson(path.join(zapierDir, 'package.json'));

type Field = { key: string; label?: string; helpText?: string; type?: string; children?: Field[] };
type Action = {
  key: string;
  noun: string;
  display: { label: string; description: string };
  operation: { inputFields?: Field[]; outputFields: Field[]; sample: Record<string, unknown> };
};

const groups = { triggers: app.triggers, creates: app.creates, searches: app.searches } as unknown as Record<
  string,
  Record<string, Action>
>;
const actions = Object.entries(groups).flatMap(([group, byKey]) =>
  Object.values(byKey).map((action) => ({ group, action })),
);
const inputFields = (action: Action) =>
  (action.operation.inputFields ?? []).flatMap((field) => [field, ...(field.children ?? [])]);

const SMALL_WORDS = new Set(['a', 'an', 'and', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'via', 'with']);
const isTitleCase = (label: string) =>
  label.split(/\s+/).every((word, index) => (index > 0 && SMALL_WORDS.has(word)) || /^[^a-z]/.test(word));

describe('package.json', () => {
  it('pins exactly the zapier-platform-core the app is built and tested with, and nothing else at runtime', () => {
    expect(pkg.dependencies).toEqual({ 'zapier-platform-core': coreVersion });
    expect(coreVersion).toBe('19.1.0');
    expect(app.platformVersion).toBe(coreVersion);
  });

  it('matches the app version and points main at the CommonJS entry the CLI wrapper requires', () => {
    expect(app.version).toBe(pkg.version);
    expect(pkg.main).toBe('index.js');
    expect(pkg.type).toBeUndefined();
    expect(pkg.scripts['_zapier-build']).toBe('node build.mjs');
  });

  it('stays out of the root install: no workspace, no file: links', () => {
    const root = readJson(path.resolve(zapierDir, '../package.json'));
    expect(root.workspaces).toBeUndefined();
    expect(JSON.stringify(pkg)).not.toMatch(/"(file|link|workspace):/);
  });
});

describe('publishing checks', () => {
  it.each(actions.map(({ group, action }) => [`${group}.${action.key}`, action] as const))(
    '%s has Title Case labels, a description and a sample with an id',
    (_name, action) => {
      expect(isTitleCase(action.display.label)).toBe(true);
      expect(action.display.description).toMatch(/^[A-Z].{20,}\.$/);
      expect(action.noun).toMatch(/^[A-Z]/);
      expect(action.operation.sample.id).toEqual(expect.any(String));
      for (const field of [...inputFields(action), ...action.operation.outputFields]) {
        expect({ key: field.key, titleCase: isTitleCase(field.label ?? '') }).toEqual({
          key: field.key,
          titleCase: true,
        });
      }
      // Every field of the sample has a label, so the editor never shows a raw key (fields the sample
      // lacks, such as a WhatsApp error, are labelled too).
      const labelled = action.operation.outputFields.map((field) => field.key);
      expect(flatKeys(action.operation.sample).filter((key) => !labelled.includes(key))).toEqual([]);
    },
  );

  // Zapier's style: a trigger says when, a create what it does (a verb in the third person: Creates,
  // Updates, Voids, Sends), a search what it finds.
  it('describes triggers with "Triggers when", creates with the verb of what they do, searches with "Finds"', () => {
    for (const { group, action } of actions) {
      const opening = { triggers: /^Triggers when /, creates: /^[A-Z][a-z]+s /, searches: /^Finds / }[
        group as 'triggers'
      ];
      expect(action.display.description).toMatch(opening);
    }
  });

  it('gives every input field help text of a length Zapier accepts', () => {
    for (const { action } of actions) {
      for (const field of inputFields(action).filter((f) => !f.children)) {
        expect({
          key: field.key,
          help: (field.helpText ?? '').length >= 10 && (field.helpText ?? '').length <= 1000,
        }).toEqual({ key: field.key, help: true });
      }
    }
  });

  it('asks for credentials only in the connection, with a link to where keys live', () => {
    for (const { action } of actions) {
      for (const field of inputFields(action)) {
        expect(field.type).not.toBe('password');
        expect(field.key).not.toMatch(/api_?key|secret|token|password/i);
      }
    }
    // The base URL is an environment variable: Zapier's servers cannot reach a user's localhost.
    const [apiKey, ...others] = app.authentication.fields;
    expect(apiKey).toMatchObject({ type: 'password', required: true, label: 'API Key' });
    expect(apiKey.helpText).toMatch(/\[[^\]]+\]\(https:\/\/[^)]+\)/);
    expect(others).toEqual([]);
  });

  it('offers every hook trigger with subscribe, unsubscribe, list and a sample, as public apps need', () => {
    const hooks = Object.values(app.triggers).filter((trigger) => trigger.operation.type === 'hook');
    expect(hooks.length).toBe(Object.keys(app.triggers).length - 1);
    for (const trigger of hooks) {
      expect(trigger.operation).toEqual(
        expect.objectContaining({
          type: 'hook',
          performSubscribe: expect.any(Function),
          performUnsubscribe: expect.any(Function),
          perform: expect.any(Function),
          performList: expect.any(Function),
          sample: expect.any(Object),
        }),
      );
    }
  });

  it('offers currency as a dropdown of common codes', () => {
    const currency = app.creates.create_invoice.operation.inputFields.find((field) => field.key === 'currency') as {
      choices?: unknown[];
    };
    expect(currency.choices).toEqual(
      expect.arrayContaining([{ value: 'INR', label: expect.stringContaining('INR'), sample: 'INR' }]),
    );
  });

  it("shows the line-item group's help on its first field (the schema refuses it on the group) and an example in the amount help", () => {
    const items = app.creates.create_invoice.operation.inputFields.find((field) => field.key === 'items') as Field;
    expect(items.helpText).toBeUndefined();
    expect(items.children![0].helpText).toMatch(/^One entry per line on the invoice/);
    expect(items.children!.map((child) => child.key)).toEqual([
      'description',
      'amount',
      'quantity',
      'unit',
      'unit_price',
      'hsn_sac',
      'gst_rate',
      // Issue 42: the line from a product, picked from the catalogue (a dynamic dropdown) or by an order's SKU.
      'product_id',
      'sku',
    ]);
    expect((items.children![7] as { choices?: { perform?: unknown } }).choices?.perform).toEqual(expect.any(Function));
    expect((items.children![6] as { choices?: unknown }).choices).toEqual(
      expect.arrayContaining([
        { value: '18', label: '18 %', sample: '18' },
        { value: 'exempt', label: 'Exempt', sample: 'exempt' },
      ]),
    );
    expect(items.children![5].helpText).toMatch(/SAC of a service, starting 99, such as 998314/);
    expect(items.children![1].helpText).toMatch(/1500, 1500\.00 or 1,500\.00/);
  });
});
