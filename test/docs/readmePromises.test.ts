/**
 * Every behaviour a README promises (what is refused, converted, sent, started or recorded once) names the
 * test that would fail if it broke: docs/readme-promises.md lists each promise in the README's own words
 * beside that test. Rewording a promise, renaming its test, or writing a new promise without a row fails here,
 * so the list and the READMEs move together.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** README text as a reader sees it: code blocks out, lines joined, spaces collapsed. */
const prose = (text: string) =>
  text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Every README in the repository (git's list, so a new template's README is included without an edit here). */
const READMES = execFileSync('git', ['ls-files', '*README.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

/** The words that make a sentence a promise about behaviour; each sentence holding one needs a row. */
const PROMISE_WORDS = new RegExp(
  [
    'refus',
    'convert',
    'before anything',
    'nothing is sent',
    'sends? nothing',
    'no request',
    '0 requests',
    'sends? once',
    '(recorded|only) once',
    'never (creates|records|count)',
    'starts? nothing',
    '(no|none) (left|second)',
    'twice',
  ].join('|'),
  'i',
);

interface Listed {
  readme: string;
  words: string;
  tests: Array<{ file: string; title: string }>;
  missing?: string;
}

function promises(): Listed[] {
  const rows = read('docs/readme-promises.md')
    .split('\n')
    .filter((line) => /^\| [a-z0-9/-]*README\.md \|/.test(line));
  return rows.map((line) => {
    const [readme, words, tests] = line
      .slice(2, -2)
      .split(' | ')
      .map((cell) => cell.trim());
    const missing = /^missing: /.test(tests) ? tests : undefined;
    const named =
      missing || /^not a behaviour: /.test(tests)
        ? []
        : tests.split('<br>').map((test) => {
            const [file, title] = test.split(' › ').map((part) => part.trim().replace(/^`|`$/g, ''));
            return { file, title };
          });
    return { readme, words: words.replace(/\\\|/g, '|'), tests: named, missing };
  });
}

const listed = promises();

/** The titles a test file gives its tests and groups: the string after `test(`, `it(`, `describe(` or `.each(…)(`. */
function titlesIn(file: string): string[] {
  const call = /(?:\b(?:test|it|describe)|\))\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  return [...read(file).matchAll(call)].map((match) => match[2].replace(/\\(.)/g, '$1'));
}

/** Sentences and table cells: ended by ., ! or ? before a space, or by a cell's bar. */
function sentences(text: string): Array<{ start: number; end: number; words: string }> {
  const found: Array<{ start: number; end: number; words: string }> = [];
  let start = 0;
  for (const boundary of text.matchAll(/[.!?](?= )|\|/g)) {
    const end = boundary.index + 1;
    found.push({ start, end, words: text.slice(start, end).trim() });
    start = end;
  }
  found.push({ start, end: text.length, words: text.slice(start).trim() });
  return found;
}

test('the list has rows for every README, and none for a README that does not exist', () => {
  const listedReadmes = new Set(listed.map((row) => row.readme));
  expect(READMES.filter((readme) => !listedReadmes.has(readme))).toEqual([]);
  expect([...listedReadmes].filter((readme) => !READMES.includes(readme))).toEqual([]);
});

describe.each(READMES)('%s', (readme) => {
  const text = prose(read(readme));
  const rows = listed.filter((row) => row.readme === readme);

  test('each promise listed for it is in its words, and names a test that exists', () => {
    const problems: string[] = [];
    for (const row of rows) {
      if (!text.includes(row.words)) problems.push(`not in ${readme} (reworded?): "${row.words}"`);
      for (const { file, title } of row.tests) {
        if (!existsSync(path.join(root, file))) problems.push(`"${row.words}": no file ${file}`);
        else if (!titlesIn(file).some((named) => named.includes(title)))
          problems.push(`"${row.words}": no test titled "${title}" in ${file}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('each sentence promising what is refused, converted, sent or started holds a listed promise', () => {
    const spans = rows.flatMap((row) => {
      const spansOf: Array<[number, number]> = [];
      for (let at = text.indexOf(row.words); at >= 0; at = text.indexOf(row.words, at + 1))
        spansOf.push([at, at + row.words.length]);
      return spansOf;
    });
    const unlisted = sentences(text).filter(
      ({ start, end, words }) => PROMISE_WORDS.test(words) && !spans.some(([from, to]) => from < end && to > start),
    );
    expect(unlisted.map(({ words }) => words)).toEqual([]);
  });
});
