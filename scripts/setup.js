// `npm run setup`: the Debian packages the tests use that npm cannot install (README, "What `npm run setup`
// installs"). Each is looked for first; what is missing is installed with apt-get when running as root on
// Debian/Ubuntu, with apt's output in a log file and one line per package here; otherwise it prints the one
// command to run. `npm run demo` needs none of them. Then it starts installing the two n8n servers the live suite
// runs on in the background, so that they install while `npm test` runs (npm run test:live waits for them).
const { spawn } = require('node:child_process');
const { existsSync, mkdirSync, openSync, readdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const onPath = (name) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, name)));
const postgresBinDirs = () =>
  existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
    : [];

/** Each package: why the tests need it (the README's table says the same), and where it is once installed. */
const needs = [
  {
    pkg: 'chromium',
    why: "the sandbox dashboard's browser test in npm test",
    otherwise: 'or point CHROMIUM_PATH at a Chrome or Chromium binary',
    found: () =>
      [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
        .filter(Boolean)
        .find((file) => existsSync(file)),
  },
  {
    pkg: 'poppler-utils',
    why: 'pdftotext, which reads the invoice PDF in npm test',
    found: () => onPath('pdftotext') && 'pdftotext',
  },
  {
    pkg: 'zbar-tools',
    why: "zbarimg, which decodes the invoice PDF's e-invoice QR in npm test",
    found: () => onPath('zbarimg') && 'zbarimg',
  },
  {
    pkg: 'redis-server',
    why: "n8n's queue mode in npm run test:live",
    found: () => onPath('redis-server') && 'redis-server',
  },
  {
    pkg: 'postgresql',
    why: "n8n's queue mode in npm run test:live",
    found: () => (onPath('initdb') ? 'initdb' : postgresBinDirs().find((dir) => existsSync(path.join(dir, 'initdb')))),
  },
];

/**
 * Both supported n8n servers, installed one after the other by a process of their own that outlives this one:
 * an install is mostly waiting on the registry and the disk, `npm test` leaves one of two cores idle most of the
 * time, and npm run test:live waits for an install under way (install-n8n.mjs) or does it itself if this failed.
 */
async function installN8nInBackground() {
  if (process.platform !== 'linux' || process.arch !== 'x64') return;
  const installer = path.join(__dirname, '..', 'test', 'live', 'install-n8n.mjs');
  const { SUPPORTED_N8N, cacheRoot } = await import(installer);
  const versions = [SUPPORTED_N8N.newest, SUPPORTED_N8N.oldest];
  const pending = versions.filter((version) => !existsSync(path.join(cacheRoot(version), 'installed.json')));
  if (!pending.length) return;
  const log = path.join(path.dirname(cacheRoot()), 'background-install.log');
  mkdirSync(path.dirname(log), { recursive: true });
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, [installer, ...pending], { detached: true, stdio: ['ignore', out, out] });
  child.unref();
  console.log(
    `n8n ${pending.join(' and ')}: installing in the background for npm run test:live, which waits for it ` +
      `(about 10 minutes; progress in ${log}).`,
  );
}

async function main() {
  const code = await installDebianPackages();
  if (code === 0) await installN8nInBackground();
  return code;
}

async function installDebianPackages() {
  const missing = [];
  for (const need of needs) {
    const found = need.found();
    if (found) console.log(`${need.pkg}: found (${found}), for ${need.why}.`);
    else missing.push(need);
  }
  if (!missing.length) return 0;

  const names = missing.map((need) => need.pkg).join(' ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    for (const need of missing)
      console.error(`${need.pkg}: missing, for ${need.why}${need.otherwise ? ` (${need.otherwise})` : ''}.`);
    console.error(`Install them (Debian/Ubuntu: \`sudo apt-get install -y --no-install-recommends ${names}\`).`);
    return 1;
  }

  const { runLong } = await import('./run-long.mjs');
  const log = path.join(__dirname, '..', 'node_modules', '.cache', 'setup', 'apt.log');
  mkdirSync(path.dirname(log), { recursive: true });
  writeFileSync(log, '');
  console.log(`Installing with apt-get (as root): ${names}. Full log: ${path.relative(process.cwd(), log)}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    await runLong({ label: 'apt-get update', command: 'apt-get', args: ['update', '-qq'], log, env });
    const install = ['install', '-y', '-qq', '--no-install-recommends', ...missing.map((need) => need.pkg)];
    await runLong({ label: 'apt-get install', command: 'apt-get', args: install, log, env });
  } catch (error) {
    console.error(error.message);
    return 1;
  }
  let failed = 0;
  for (const need of missing) {
    const found = need.found();
    if (!found) failed += 1;
    console.log(found ? `${need.pkg}: installed (${found}).` : `${need.pkg}: still missing after apt-get; see ${log}`);
  }
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code));
