/**
 * One place per word: every label, prefix, payment method and status is spelled once in product code,
 * so renaming it is a one-line change and no copy is left behind to drift. The scan reads the source as
 * text and counts each word as a whole string literal; shared/samples.ts is example data (an invoice
 * that *is* paid says 'paid') and is not scanned.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import {
  EVENT_CATALOGUE,
  FIELDS,
  ID_PREFIX,
  INVOICE_STATUSES,
  KEY_PREFIX,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  WEBHOOK_SECRET_PREFIX,
  type FieldLabel,
} from '../../shared';

const root = path.resolve(__dirname, '../..');
const PRODUCT = ['shared', 'zapier/src', 'n8n/nodes', 'n8n/transport', 'n8n/editor', 'n8n/triggers'];
const EXAMPLE_DATA = new Set(['shared/samples.ts']);

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder)).flatMap((name) => {
    const relative = `${folder}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) return sources(relative);
    return relative.endsWith('.ts') && !EXAMPLE_DATA.has(relative) ? [relative] : [];
  });
}

/** Code only: a comment may quote a word (`upi` in a doc comment names the field, not a second spelling). */
const code = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
const files = PRODUCT.flatMap(sources).map((file) => ({
  file,
  text: code(readFileSync(path.join(root, file), 'utf8')),
}));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `word` is written as a whole string literal ('…', "…" or `…` without substitutions). */
function literals(word: string): string[] {
  const pattern = new RegExp(`(['"\`])${escape(word)}\\1`, 'g');
  return files.flatMap(({ file, text }) => (text.match(pattern) ?? []).map(() => file));
}

const entries = Object.values(FIELDS).flatMap((group) => Object.values(group as Record<string, FieldLabel>));
const labels = [...new Set(entries.flatMap((entry) => [entry.label, entry.shownAs ?? entry.label]))];

describe('each word is written once in product code', () => {
  test.each(labels)('label "%s"', (label) => {
    // A label built from other words (`${label} (Minor Units)`) is written zero times, which is fine too.
    expect(literals(label).length).toBeLessThanOrEqual(1);
  });

  test.each(Object.values(EVENT_CATALOGUE).map((event) => event.label))('event label "%s"', (label) => {
    expect(literals(label)).toHaveLength(1);
  });

  test.each([...Object.values(KEY_PREFIX), WEBHOOK_SECRET_PREFIX, ...Object.values(ID_PREFIX)])(
    'prefix %s',
    (prefix) => {
      expect(literals(prefix)).toHaveLength(1);
      // Nor spelled inside other text (a help sentence, a pattern): those read the constant.
      const inside = files.filter(
        ({ text }) =>
          text.split(prefix).length - 1 > (text.match(new RegExp(`(['"\`])${escape(prefix)}\\1`, 'g')) ?? []).length,
      );
      expect(inside.map(({ file }) => file)).toEqual([]);
    },
  );

  test.each([...PAYMENT_METHODS, ...INVOICE_STATUSES])('value %s', (value) => {
    expect(literals(value).length).toBeLessThanOrEqual(1);
  });

  test('the payment methods editors offer are the ones the schema accepts, each with its word', () => {
    expect(FIELDS.payment.method.choices?.map((choice) => choice.value)).toEqual(PAYMENT_METHODS);
    expect(FIELDS.payment.method.choices?.map((choice) => choice.label)).toEqual(
      PAYMENT_METHODS.map((method) => PAYMENT_METHOD_LABELS[method]),
    );
  });

  test("n8n's per-node storage is reached through one accessor", () => {
    const callers = files.filter(({ text }) => text.includes('getWorkflowStaticData(')).map(({ file }) => file);
    expect(callers).toEqual(['n8n/triggers/nodeState.ts']);
  });
});

describe('release workflow', () => {
  test('uploads the Zapier app as zapier/README.md says (push would rebuild source.zip without shared/)', () => {
    const workflow = readFileSync(path.join(root, '.github/workflows/push-zapier.yml'), 'utf8');
    const readme = readFileSync(path.join(root, 'zapier/README.md'), 'utf8');
    expect(readme).toMatch(/zapier-platform upload/);
    expect(workflow).toMatch(/zapier-platform upload/);
    expect(workflow).not.toMatch(/zapier-platform push/);
  });
});
