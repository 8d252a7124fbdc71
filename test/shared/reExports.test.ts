/**
 * shared/index.ts re-exports only what something outside shared/ imports from it: a name nobody imports is
 * a module's own, and listing it would make the core's surface look larger than what the platforms use.
 * Imports are read from the source of every part (the platforms, the sandbox, the contract, tests,
 * benchmarks, the demo, scripts and templates).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as core from '../../shared';

const ROOT = path.join(__dirname, '..', '..');
const PARTS = ['zapier', 'n8n', 'sandbox', 'contract', 'test', 'bench', 'demo', 'scripts', 'templates'];
const SKIP = new Set(['node_modules', 'dist', 'build']);

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|mts|cts|js|mjs|cjs)$/.test(entry.name) ? [full] : [];
  });
}

/** `a`, `type B`, `c as d` → a, B, c. */
const namesIn = (list: string) =>
  list
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim(),
    )
    .filter(Boolean);

const SHARED = String.raw`'(?:\.\./)+shared'`;
const FORMS = [
  new RegExp(String.raw`(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*${SHARED}`, 'g'),
  new RegExp(String.raw`const\s*\{([^}]*)\}\s*=\s*(?:jest\.requireActual|require)\(${SHARED}\)`, 'g'),
  new RegExp(String.raw`import\(${SHARED}\)\.(\w+)`, 'g'),
];

function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of PARTS.flatMap((part) => sources(path.join(ROOT, part)))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const form of FORMS) for (const match of text.matchAll(form)) namesIn(match[1]).forEach((n) => names.add(n));
  }
  return names;
}

/** Every name the index exports: its values as loaded, its types as listed in `export type { … }`. */
function exportedNames(): string[] {
  const index = fs.readFileSync(path.join(ROOT, 'shared', 'index.ts'), 'utf8');
  const types = [...index.matchAll(/export\s+type\s*\{([^}]*)\}/g)].flatMap((match) => namesIn(match[1]));
  return [...Object.keys(core), ...types];
}

test('every name shared/index.ts exports is imported from it somewhere outside shared/', () => {
  const imported = importedNames();
  expect(exportedNames().filter((name) => !imported.has(name))).toEqual([]);
});

test('the index names each export (no `export *`), so a new export is re-exported on purpose', () => {
  const index = fs.readFileSync(path.join(ROOT, 'shared', 'index.ts'), 'utf8');
  expect(index).not.toMatch(/export\s*\*/);
});
