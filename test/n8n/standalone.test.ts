/**
 * The n8n package builds and packs from a copy of what it is made of, and nothing else of the
 * repository: n8n/ (with its own build and bundle settings, n8n/scripts/), the shared core its nodes import
 * (shared/), the contract its list-page checks are generated from (docs/openapi.json) and the compiler settings
 * (tsconfig.json). n8n/ alone cannot be that copy: its nodes are the thin half of one core both platforms share
 * (docs/architecture.md, "Why bundling"), so reviewers get the bundled package and the repository's n8n/ and
 * shared/. The copy's node_modules holds zod (bundled in, so copied: its path is written into the bundle) and
 * links to the build's tools, as an install would provide them; it sits outside the repository, since
 * esbuild reads no tsconfig.json for files under a node_modules folder.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
    for (const tool of ['esbuild', 'ajv']) {
      symlinkSync(path.join(root, 'node_modules', tool), path.join(copy, 'node_modules', tool));
    }

    execFileSync(node, ['build.mjs'], { cwd: path.join(copy, 'n8n'), stdio: 'pipe' });
    [standalone] = npm(['pack', '--dry-run', '--json'], path.join(copy, 'n8n'));
    execFileSync(node, ['build.mjs'], { cwd: path.join(root, 'n8n'), stdio: 'pipe' });
    [repository] = npm(['pack', '--dry-run', '--json'], path.join(root, 'n8n'));
  }, 120_000);

  afterAll(() => rmSync(copy, { recursive: true, force: true }));

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
