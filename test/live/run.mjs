// `npm run test:live`: the connectors where users run them. Installs an n8n server into a cache outside the
// clone (first run of each version only), builds the release artefacts (Zapier's zip, the n8n tarball) as
// `npm run build` does, then runs the live jest files against them. Prints a line per step with its time; the
// last line is jest's "tests: N passed, N failed".
//
//   npm run test:live                          every live file, on the newest n8n the package supports
//   npm run test:live -- --n8n oldest          the n8n files (not Zapier's) on the oldest supported n8n
//   npm run test:live -- --n8n 1.123.81        ... or on any version the installer can install
//   npm run test:live -- test/live/x.live.ts   one file; other arguments go to jest as they are
import { execFileSync, spawnSync } from 'node:child_process';
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

/** `--n8n <version | oldest | newest>` out of the arguments; the rest go to jest. */
function parseArguments(args) {
  const at = args.indexOf('--n8n');
  if (at === -1) return { version: N8N_VERSION, chosen: false, jestArgs: args };
  const wanted = args[at + 1];
  if (!wanted) throw new Error('--n8n needs a version (or oldest / newest)');
  return {
    version: SUPPORTED_N8N[wanted] ?? wanted,
    chosen: true,
    jestArgs: [...args.slice(0, at), ...args.slice(at + 2)],
  };
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

const { version, chosen, jestArgs } = parseArguments(process.argv.slice(2));
const names = Object.entries(SUPPORTED_N8N)
  .filter(([, supported]) => supported === version)
  .map(([name]) => name);
process.stdout.write(
  `[live] n8n ${version}${names.length ? ` (the ${names.join(' and ')} supported)` : ' (not a supported end; a trial)'}\n`,
);
const n8n = await installN8n({ version });

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
  // CI's second run (the oldest n8n) follows the first on the same sources: the same build again would take a
  // minute to make the same files.
  process.stdout.write('[live] release artefacts already built from these very sources (npm run build), reused\n');
} else {
  process.stdout.write('[live] building the release artefacts (npm run build) ...\n');
  rmSync(built, { force: true });
  execFileSync(process.execPath, [path.join(root, 'scripts', 'release-build.js')], { cwd: root, stdio: 'inherit' });
  if (digest) writeFileSync(built, digest);
  process.stdout.write(`[live] release artefacts built in ${seconds(started)}\n`);
}

const env = {
  ...process.env,
  LIVE_N8N: JSON.stringify(n8n),
  ...artefacts,
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--disable-warning=ExperimentalWarning'].filter(Boolean).join(' '),
};
// Another n8n version is a run of the n8n files: Zapier's half does not change with it.
const onlyN8n = chosen && version !== N8N_VERSION && !jestArgs.some((arg) => arg.endsWith('.live.ts'));
process.stdout.write(`[live] running the live tests on n8n ${version} (install and build took ${seconds(began)})\n`);
const jest = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    '-c',
    path.join(root, 'test', 'live', 'jest.config.js'),
    '--runInBand',
    ...(onlyN8n ? ['--testPathIgnorePatterns', ...ZAPIER_ONLY.map((file) => `${file.replace(/\./g, '\\.')}$`)] : []),
    ...jestArgs,
  ],
  { cwd: root, env, stdio: 'inherit' },
);
// jest's last line, "tests: N passed, N failed", is the run's last line (as the README says): nothing after it.
process.exit(jest.status ?? 1);
