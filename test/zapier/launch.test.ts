/**
 * zapier/README.md's launch paragraph against the app: the counts it gives, and the items it says are hidden,
 * are the definition's (src/launch.ts marks them), so neither can change without the other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HIDDEN_AT_LAUNCH } from '../../zapier/src/launch';
import { app } from './support';

type Item = { key: string; display: { label: string; hidden?: boolean } };
const groups = { triggers: app.triggers, creates: app.creates, searches: app.searches } as unknown as Record<
  string,
  Record<string, Item>
>;
const items = Object.values(groups).flatMap((byKey) => Object.values(byKey));
const readme = readFileSync(path.resolve(__dirname, '../../zapier/README.md'), 'utf8').replace(/\s+/g, ' ');
const stated = readme.match(
  /Visible at launch: (\d+) of the app's (\d+) items\*\* \((\d+) triggers, (\d+) creates, (\d+) searches\); hidden: (.+?) \(`src\/launch\.ts`/,
);

test('the README states the launch set in one sentence the test can read', () => {
  expect(stated).not.toBeNull();
});

test('every key marked hidden at launch is an item of the app', () => {
  const keys = new Set(items.map((item) => item.key));
  expect([...HIDDEN_AT_LAUNCH].filter((key) => !keys.has(key))).toEqual([]);
});

test("the README's counts are the app's", () => {
  const [, visible, total, triggers, creates, searches] = stated!.map(Number);
  expect({ visible, total, triggers, creates, searches }).toEqual({
    visible: items.filter((item) => !item.display.hidden).length,
    total: items.length,
    triggers: Object.keys(groups.triggers).length,
    creates: Object.keys(groups.creates).length,
    searches: Object.keys(groups.searches).length,
  });
});

test('the items the README names as hidden are exactly those the app hides', () => {
  const named = stated![6].split(/, | and /).sort();
  const hidden = items.filter((item) => item.display.hidden).map((item) => item.display.label);
  expect(named).toEqual(hidden.sort());
});
