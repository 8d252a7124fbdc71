/**
 * Every repository path docs/*.md and the READMEs name exists: a path a reader follows after a file moved
 * or was split (sandbox/routes/lists.ts, once) sends them nowhere. A path is text that starts with a
 * top-level entry of the repository (`shared/…`, `.ci/…`) or, in a folder's README, with one of that folder's
 * own (`src/…` in zapier/README.md). What git ignores (build outputs, a run's results) is written by a build
 * or a run, and counts as named rightly; a pattern (`<name>`, `*`, `…`, `a|b`) is not a path.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const SKIP = new Set(['node_modules', 'dist', 'build', '.git']);

function readmes(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return readmes(full);
    return /^README.*\.md$/.test(entry.name) ? [full] : [];
  });
}

const DOCS = [
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(ROOT, 'docs', name)),
  ...readmes(ROOT),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const folders = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SKIP.has(entry.name))
    .map((entry) => entry.name);

/** Paths a document names: each with the folders it may be relative to. */
function pathsIn(file: string): Array<{ line: number; named: string; bases: string[] }> {
  const here = path.dirname(file);
  const starts = [...new Set([...folders(ROOT), ...(here === ROOT ? [] : folders(here))])];
  const pattern = new RegExp(String.raw`(?<![\w./@-])((?:${starts.map(escape).join('|')})/[\w./-]*[\w/])(.?)`, 'g');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text, index) =>
      [...text.matchAll(pattern)]
        .filter((match) => !/[<*{…|]/.test(match[2]))
        .map((match) => ({ line: index + 1, named: match[1], bases: [ROOT, here] })),
    );
}

const ignoredByGit = (relative: string) => {
  try {
    execFileSync('git', ['check-ignore', '-q', relative], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
};

test('every repository path named in docs/*.md and the READMEs exists', () => {
  const missing = DOCS.flatMap((file) =>
    pathsIn(file)
      .filter(({ named, bases }) => !bases.some((base) => fs.existsSync(path.join(base, named))))
      .filter(({ named }) => !ignoredByGit(named))
      .map(({ line, named }) => `${path.relative(ROOT, file)}:${line}: ${named}`),
  );
  expect(missing).toEqual([]);
});

test('the check reads paths: it finds the ones this file knows are named', () => {
  const named = DOCS.flatMap((file) => pathsIn(file).map((found) => found.named));
  expect(named).toEqual(expect.arrayContaining(['shared/operations/index.ts', 'src/fields.ts', '.ci/run']));
});
