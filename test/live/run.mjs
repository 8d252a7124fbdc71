// `npm run test:live`: the connectors where users run them. Installs the n8n servers into a cache outside the
// clone (first run of each version only), builds the release artefacts (Zapier's zip, the n8n tarball) as
// `npm run build` does, then runs the live jest files against them. Prints a line per step with its time; the
// last line is "tests: N passed, N failed".
//
//   npm run test:live                          both supported ends at once: every live file on the newest n8n,
//                                              the n8n files (not Zapier's) on the oldest; each line prefixed
//   npm run test:live -- --n8n newest          one end only: every live file on the newest
//   npm run test:live -- --n8n oldest          the n8n files on the oldest
//   npm run test:live -- --n8n 1.123.81        ... or on any version the installer can install
//   npm run test:live -- test/live/x.live.ts   one file (on both ends, or with --n8n on one); other arguments go
//                                              to jest as they are
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { N8N_VERSION, SUPPORTED_N8N, installN8n } from './install-n8n.mjs';

/** The live files that run Zapier's built zip alone: another n8n version does not change what they test. */
const ZAPIER_ONLY = ['zapier.live.ts', 'recipes.live.ts', 'reviewNotes.live.ts'];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const began = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * `--n8n <version | oldest | newest>` out of the arguments (the rest go to jest): the lines to run, each an n8n
 * version and whether it runs the n8n files only. Without it, both supported ends, side by side: they share no
 * port, folder or database, and on two cores they take about the time of the longer one instead of the sum.
 */
function parseArguments(args) {
  const at = args.indexOf('--n8n');
  if (at === -1)
    return {
      lines: [
        { version: SUPPORTED_N8N.newest, onlyN8n: false },
        { version: SUPPORTED_N8N.oldest, onlyN8n: true },
      ],
      jestArgs: args,
    };
  const wanted = args[at + 1];
  if (!wanted) throw new Error('--n8n needs a version (or oldest / newest)');
  const version = SUPPORTED_N8N[wanted] ?? wanted;
  const jestArgs = [...args.slice(0, at), ...args.slice(at + 2)];
  // Another n8n version is a run of the n8n files, unless files are named: Zapier's half does not change with it.
  const onlyN8n = version !== N8N_VERSION && !jestArgs.some((arg) => arg.endsWith('.live.ts'));
  return { lines: [{ version, onlyN8n }], jestArgs };
}

/**
 * What the release build reads, by content: every file git would take (tracked or new; ignored ones, such as
 * the artefacts and node_modules, left out), with package-lock.json standing for node_modules. None without git.
 */
function sourcesDigest() {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root });
    const hash = createHash('sha256');
    for (const file of [...new Set(listed.toString('utf8').split('\0').filter(Boolean))].sort()) {
      const at = path.join(root, file);
      hash.update(`${file}\0${existsSync(at) ? createHash('sha256').update(readFileSync(at)).digest('hex') : '-'}\n`);
    }
    return hash.digest('hex');
  } catch {
    return undefined;
  }
}

const { lines, jestArgs } = parseArguments(process.argv.slice(2));
const installs = [];
for (const line of lines) {
  const names = Object.entries(SUPPORTED_N8N)
    .filter(([, supported]) => supported === line.version)
    .map(([name]) => name);
  process.stdout.write(
    `[live] n8n ${line.version}${names.length ? ` (the ${names.join(' and ')} supported)` : ' (not a supported end; a trial)'}\n`,
  );
  installs.push(await installN8n({ version: line.version }));
}

const started = Date.now();
const built = path.join(root, 'release', '.built-from');
const digest = sourcesDigest();
const { version: ours } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const artefacts = {
  LIVE_N8N_TARBALL: path.join(root, 'release', `n8n-nodes-invoicing-api-${ours}.tgz`),
  LIVE_ZAPIER_ZIP: path.join(root, 'zapier', 'build', 'build.zip'),
};
if (
  digest &&
  existsSync(built) &&
  readFileSync(built, 'utf8') === digest &&
  Object.values(artefacts).every((file) => existsSync(file))
) {
  // A second run on the same sources: the same build again would take a minute to make the same files.
  process.stdout.write('[live] release artefacts already built from these very sources (npm run build), reused\n');
} else {
  process.stdout.write('[live] building the release artefacts (npm run build) ...\n');
  rmSync(built, { force: true });
  execFileSync(process.execPath, [path.join(root, 'scripts', 'release-build.js')], { cwd: root, stdio: 'inherit' });
  if (digest) writeFileSync(built, digest);
  process.stdout.write(`[live] release artefacts built in ${seconds(started)}\n`);
}

/** One line's jest run; with another line beside it, its output is read line by line and prefixed. */
function runLine({ version, onlyN8n }, n8n, prefixed) {
  const env = {
    ...process.env,
    LIVE_N8N: JSON.stringify(n8n),
    ...artefacts,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--disable-warning=ExperimentalWarning'].filter(Boolean).join(' '),
  };
  process.stdout.write(`[live] running the live tests on n8n ${version} (install and build took ${seconds(began)})\n`);
  const jest = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
      '-c',
      path.join(root, 'test', 'live', 'jest.config.js'),
      '--runInBand',
      ...jestArgs,
      // Last: the option takes every argument after it as a pattern. A file named for both lines may be Zapier's
      // alone, and the n8n line then has nothing to run, which is no failure.
      ...(onlyN8n ? ['--passWithNoTests', '--testPathIgnorePatterns', ...ZAPIER_ONLY.map(escaped)] : []),
    ],
    { cwd: root, env, stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit' },
  );
  let summary;
  if (prefixed)
    for (const stream of [jest.stdout, jest.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop();
        for (const text of parts) {
          if (/^tests: \d+ passed/.test(text)) summary = text;
          process.stdout.write(`[${version}] ${text}\n`);
        }
      });
      stream.on('end', () => rest && process.stdout.write(`[${version}] ${rest}\n`));
    }
  return new Promise((resolve) => jest.on('close', (status) => resolve({ version, status, summary })));
}

const escaped = (file) => `${file.replace(/\./g, '\\.')}$`;
const results = await Promise.all(lines.map((line, index) => runLine(line, installs[index], lines.length > 1)));
if (lines.length > 1) {
  // jest's last lines, one per n8n version, summed into the run's last line (as the README says): nothing after it.
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const { version, status, summary } of results) {
    process.stdout.write(`[live] n8n ${version}: ${summary ?? `jest ended with status ${status} and no summary`}\n`);
    for (const [, number, kind] of (summary ?? '').matchAll(/(\d+) (passed|failed|skipped)/g)) counts[kind] += +number;
    if (status !== 0 && !summary) counts.failed += 1;
  }
  const skipped = counts.skipped ? `, ${counts.skipped} skipped` : '';
  process.stdout.write(`tests: ${counts.passed} passed, ${counts.failed} failed${skipped}\n`);
}
process.exit(results.every(({ status }) => status === 0) ? 0 : 1);
