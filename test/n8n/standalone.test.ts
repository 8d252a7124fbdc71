/**
 * The n8n package builds and packs from a copy of what it is made of, and nothing else of the
 * repository: n8n/ (with its own build and bundle settings, n8n/scripts/), the shared core its nodes import
 * (shared/), the contract its list-page checks are generated from (docs/openapi.json) and the compiler settings
 * (tsconfig.json); n8n-node lint finds nothing there either. n8n/ alone cannot be that copy: its nodes are the
 * thin half of one core both platforms share (docs/architecture.md, "Why bundling"), so reviewers get the bundled
 * package and the repository's n8n/ and shared/. The copy's node_modules holds zod (bundled in, so copied: its
 * path is written into the bundle) and links to the build's and the lint's tools and to n8n-workflow (the peer),
 * as an install would provide them; it sits outside the repository, since esbuild reads no tsconfig.json for
 * files under a node_modules folder.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(__dirname, '../..');
const node = process.execPath;
const npm = (args: string[], cwd: string) =>
  JSON.parse(
    execFileSync(
      process.env.npm_execpath ? node : 'npm',
      [...(process.env.npm_execpath ? [process.env.npm_execpath] : []), ...args],
      {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, npm_config_update_notifier: 'false' },
      },
    ),
  );

// jest sets NODE_ENV=test, which n8n's lint plugin reads as its own test run (see the lint tests below).
const { NODE_ENV: _jest, ...lintEnv } = process.env;

/** `n8n-node lint` in `cwd` as a publisher runs it: its exit status and each problem's line. */
function lint(cwd: string, env: NodeJS.ProcessEnv): { status: number | null; problems: string[] } {
  const run = spawnSync(path.join(root, 'node_modules', '.bin', 'n8n-node'), ['lint'], {
    cwd,
    encoding: 'utf8',
    env: { ...env, FORCE_COLOR: '0', npm_config_offline: 'true' },
  });
  // n8n-node forces eslint's colours on; a problem is a `line:column  error|warning  message  rule` line.
  const text = stripVTControlCharacters(`${run.stdout}${run.stderr}`);
  const problems = text.split('\n').filter((line) => /^\s*\d+:\d+\s+(error|warning)\s/.test(line));
  return { status: run.status, problems: problems.map((line) => line.trim()) };
}

interface Packed {
  integrity: string;
  files: Array<{ path: string; size: number }>;
}

describe('the n8n package from a copy of n8n/, shared/, docs/openapi.json and tsconfig.json', () => {
  let copy: string;
  let standalone: Packed;
  let repository: Packed;

  beforeAll(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'package-copy-'));
    cpSync(path.join(root, 'n8n'), path.join(copy, 'n8n'), {
      recursive: true,
      filter: (source) => !/[\\/]n8n[\\/](dist|node_modules)$/.test(source) && !source.endsWith('.tgz'),
    });
    cpSync(path.join(root, 'shared'), path.join(copy, 'shared'), { recursive: true });
    mkdirSync(path.join(copy, 'docs'));
    cpSync(path.join(root, 'docs', 'openapi.json'), path.join(copy, 'docs', 'openapi.json'));
    cpSync(path.join(root, 'tsconfig.json'), path.join(copy, 'tsconfig.json'));
    mkdirSync(path.join(copy, 'node_modules'));
    cpSync(path.join(root, 'node_modules', 'zod'), path.join(copy, 'node_modules', 'zod'), { recursive: true });
    mkdirSync(path.join(copy, 'node_modules', '@n8n'));
    mkdirSync(path.join(copy, 'node_modules', '.bin'));
    for (const tool of ['esbuild', 'ajv', 'eslint', '@n8n/node-cli', 'n8n-workflow']) {
      symlinkSync(path.join(root, 'node_modules', tool), path.join(copy, 'node_modules', tool));
    }
    // n8n-node lint runs `npm exec -- eslint`, which would fetch eslint from the registry without this link.
    symlinkSync(
      path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'),
      path.join(copy, 'node_modules/.bin/eslint'),
    );

    execFileSync(node, ['build.mjs'], { cwd: path.join(copy, 'n8n'), stdio: 'pipe' });
    [standalone] = npm(['pack', '--dry-run', '--json'], path.join(copy, 'n8n'));
    execFileSync(node, ['build.mjs'], { cwd: path.join(root, 'n8n'), stdio: 'pipe' });
    [repository] = npm(['pack', '--dry-run', '--json'], path.join(root, 'n8n'));
  }, 120_000);

  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  test('n8n-node lint finds nothing in the copy, as in the repository', () => {
    expect(lint(path.join(copy, 'n8n'), lintEnv)).toEqual({ status: 0, problems: [] });
  }, 60_000);

  test("under jest's NODE_ENV=test the plugin's filename rules misread the node files: the four errors", () => {
    // eslint-plugin-n8n-nodes-base takes every file for "Test.node.ts", a trigger, when NODE_ENV is "test" (its
    // own test mode): the four errors once seen in a copy were these, each asking for the name the file has.
    const { status, problems } = lint(path.join(copy, 'n8n'), { ...lintEnv, NODE_ENV: 'test' });
    const rules = problems.map((problem) => problem.split(/\s+/).at(-1)).sort();
    expect({ status, rules }).toEqual({
      status: 1,
      rules: [
        'n8n-nodes-base/node-class-description-name-unsuffixed-trigger-node',
        'n8n-nodes-base/node-filename-against-convention',
        'n8n-nodes-base/node-filename-against-convention',
        'n8n-nodes-base/node-filename-against-convention',
      ],
    });
    for (const file of ['InvoicingApi', 'InvoicingApiTrigger', 'InvoicingApiPollingTrigger']) {
      expect(problems).toContainEqual(expect.stringContaining(`Rename file to ${file}.node.ts`));
    }
  }, 60_000);

  test('its build imports nothing of the repository outside n8n/', () => {
    const build = readFileSync(path.join(root, 'n8n', 'build.mjs'), 'utf8');
    expect(build.match(/from '\.\.\/[^']*'/g) ?? []).toEqual([]);
  });

  test('packs to the same tarball, file for file and byte for byte, as the repository build', () => {
    const listing = (packed: Packed) => packed.files.map(({ path: file, size }) => `${file} ${size}`).sort();
    expect(listing(standalone)).toEqual(listing(repository));
    expect(standalone.integrity).toBe(repository.integrity);
    expect(standalone.files.map(({ path: file }) => file)).toContain('dist/vendor/fastChecks.js');
  });
});
