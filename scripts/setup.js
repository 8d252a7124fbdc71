// One-time machine setup that npm cannot do, with apt when running as root on Debian/Ubuntu; otherwise
// it says exactly what to install:
//   chromium        the sandbox dashboard's browser test (a browser download, as `npx playwright install`
//                   does, is not possible here)
//   redis-server,   the live suite's queue-mode run of n8n (npm run test:live)
//   postgresql
//   poppler-utils   pdftotext, with which the tests read the text of the invoice PDF
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

const onPath = (name) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, name)));
const postgresBinDirs = () =>
  existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
    : [];

const needs = [
  {
    pkg: 'chromium',
    what: 'Chromium, for the sandbox dashboard test (or point CHROMIUM_PATH at a Chrome or Chromium binary)',
    found: () =>
      [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
        .filter(Boolean)
        .find((file) => existsSync(file)),
  },
  {
    pkg: 'redis-server',
    what: "Redis, for the live suite's n8n queue mode",
    found: () => onPath('redis-server') && 'redis-server',
  },
  {
    pkg: 'postgresql',
    what: "PostgreSQL, for the live suite's n8n queue mode",
    found: () => (onPath('initdb') ? 'initdb' : postgresBinDirs().find((dir) => existsSync(path.join(dir, 'initdb')))),
  },
  {
    pkg: 'poppler-utils',
    what: 'pdftotext (poppler-utils), to read the invoice PDF in the tests',
    found: () => onPath('pdftotext') && 'pdftotext',
  },
];

const missing = [];
for (const need of needs) {
  const found = need.found();
  if (found) console.log(`${need.pkg}: found (${found}).`);
  else missing.push(need);
}
if (!missing.length) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.error(
    `Missing: ${missing.map((need) => need.what).join('; ')}.\n` +
      `Install them (Debian/Ubuntu: \`sudo apt-get install -y ${missing.map((need) => need.pkg).join(' ')}\`).`,
  );
  process.exit(1);
}

console.log(`Installing ${missing.map((need) => need.pkg).join(', ')} (apt-get)...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing.map((need) => need.pkg)], {
  stdio: 'inherit',
  env,
});
console.log('Installed.');
