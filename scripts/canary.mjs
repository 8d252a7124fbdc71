// `npm run test:canary`: the live suite against the platforms' next releases, before they reach users.
// Asks the registry for the newest n8n and the newest zapier-platform-core / -cli, installs them outside
// the lockfile and outside this clone (n8n into the live cache, the Zapier packages into a copy of the
// clone made for the run), runs every live file there, and prints which versions it ran. Not part of
// `.ci/run`: what it tests changes whenever a platform publishes, so a red canary is news, not a regression.
//
// When the newest n8n cannot be installed here (a dependency missing from the registry), the canary says
// so and goes down that line until a version installs (at most three tries).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { SUPPORTED_N8N, installN8n } from '../test/live/install-n8n.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const began = Date.now();
const say = (line) => process.stdout.write(`[canary] ${line}\n`);
// Run from an npm script, the environment carries this project's npm_* settings; registry look-ups are plain.
const plainEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
const npmView = (spec, field) =>
  JSON.parse(
    execFileSync('npm', ['view', spec, field, '--json'], {
      encoding: 'utf8',
      env: plainEnv,
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );

const byVersion = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/** The newest n8n this machine can install: the registry's `latest`, else the next ones down its line. */
async function newestInstallableN8n() {
  const latest = npmView('n8n', 'dist-tags.latest');
  const line = npmView('n8n', 'versions')
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v) && v.split('.')[0] === latest.split('.')[0] && byVersion(v, latest) <= 0)
    .sort(byVersion)
    .reverse();
  const skipped = [];
  for (const version of line.slice(0, 3)) {
    try {
      return { latest, version, skipped, install: await installN8n({ version }) };
    } catch (error) {
      const reason = String(error.message).split('\n')[0];
      say(reason);
      skipped.push({ version, reason });
    }
  }
  throw new Error(
    `none of the newest n8n ${latest.split('.')[0]}.x releases (${line.slice(0, 3).join(', ')}) installs here`,
  );
}

/** A copy of this clone (work tree and node_modules) where the newest Zapier packages replace the pinned ones. */
function cloneWithZapier(core, cli) {
  const copy = path.join(process.env.CANARY_DIR || path.join(tmpdir(), 'invoicing-canary'), 'repo');
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  const skip = /[\\/](\.git|node_modules|release|build|dist|coverage)$/;
  cpSync(root, copy, { recursive: true, filter: (source) => !skip.test(source) });
  execFileSync('cp', ['-a', '--reflink=auto', path.join(root, 'node_modules'), path.join(copy, 'node_modules')]);
  execFileSync(
    'npm',
    [
      'install',
      '--no-save',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      `zapier-platform-core@${core}`,
      `zapier-platform-cli@${cli}`,
    ],
    { cwd: copy, env: plainEnv, stdio: ['ignore', 'ignore', 'inherit'], timeout: 15 * 60_000 },
  );
  // The app folder names its core exactly (Zapier's rule); its lockfile pins today's, so it goes.
  const app = path.join(copy, 'zapier', 'package.json');
  const manifest = JSON.parse(readFileSync(app, 'utf8'));
  manifest.dependencies['zapier-platform-core'] = core;
  writeFileSync(app, `${JSON.stringify(manifest, null, 2)}\n`);
  rmSync(path.join(copy, 'zapier', 'package-lock.json'), { force: true });
  return copy;
}

const installedVersion = (dir, name) =>
  JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;

const n8n = await newestInstallableN8n();
const core = npmView('zapier-platform-core', 'version');
const cli = npmView('zapier-platform-cli', 'version');
say(`newest on the registry: n8n ${n8n.latest}, zapier-platform-core ${core}, zapier-platform-cli ${cli}`);
let started = Date.now();
const copy = cloneWithZapier(core, cli);
say(`copy of the clone with the newest Zapier packages in ${copy} (${((Date.now() - started) / 1000).toFixed(0)} s)`);

const ran = {
  n8n: n8n.install.version,
  'zapier-platform-core': installedVersion(copy, 'zapier-platform-core'),
  'zapier-platform-cli': installedVersion(copy, 'zapier-platform-cli'),
};
say(
  `running the live suite with n8n ${ran.n8n}, zapier-platform-core ${ran['zapier-platform-core']}, ` +
    `zapier-platform-cli ${ran['zapier-platform-cli']}`,
);
started = Date.now();
const liveFiles = execFileSync('git', ['ls-files', 'test/live/*.live.ts'], { cwd: root, encoding: 'utf8' })
  .trim()
  .split('\n');
const live = spawnSync(process.execPath, [path.join(copy, 'test', 'live', 'run.mjs'), '--n8n', ran.n8n, ...liveFiles], {
  cwd: copy,
  stdio: 'inherit',
  env: { ...process.env, INVOICING_LIVE_CACHE: path.dirname(n8n.install.root) },
});

const lines = [
  '',
  'canary: the live suite against the newest platform releases',
  `  n8n                   ${ran.n8n}` +
    (ran.n8n === n8n.latest
      ? " (the registry's latest)"
      : ` (the registry's latest, ${n8n.latest}, does not install here)`) +
    `; supported today: ${SUPPORTED_N8N.oldest} to ${SUPPORTED_N8N.newest}`,
  ...n8n.skipped.map(({ reason }) => `    skipped: ${reason}`),
  `  zapier-platform-core  ${ran['zapier-platform-core']} (the app pins ` +
    JSON.parse(readFileSync(path.join(root, 'zapier', 'package.json'), 'utf8')).dependencies['zapier-platform-core'] +
    ')',
  `  zapier-platform-cli   ${ran['zapier-platform-cli']} (the repo pins ` +
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies['zapier-platform-cli'] +
    ')',
  `  live suite            ${live.status === 0 ? 'passed' : 'FAILED'} ` +
    `in ${((Date.now() - started) / 60000).toFixed(1)} min; ` +
    `the canary took ${((Date.now() - began) / 60000).toFixed(1)} min`,
  '',
];
process.stdout.write(lines.join('\n'));
if (existsSync(copy) && !process.env.CANARY_KEEP) rmSync(copy, { recursive: true, force: true });
process.exit(live.status ?? 1);
