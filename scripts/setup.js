// One-time machine setup that npm cannot do: the dashboard's browser test drives Debian's Chromium
// (a browser download, as `npx playwright install` does, is not possible here). Installs it with apt
// when running as root on Debian/Ubuntu; otherwise says exactly what to run.
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((path) => existsSync(path));
if (found) {
  console.log(`Chromium found at ${found}.`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.error('Chromium is needed for the sandbox dashboard test and was not found.\n' +
    'Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`), or point CHROMIUM_PATH at a Chrome or Chromium binary.');
  process.exit(1);
}

console.log('Installing Debian\'s chromium for the dashboard test (apt-get)...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
console.log('Chromium installed.');
