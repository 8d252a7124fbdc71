// `npm run test:live`: the connectors where users run them. Installs a pinned n8n server into a cache
// outside the clone (first run only), builds the release artefacts (Zapier's zip, the n8n tarball) as
// `npm run build` does, then runs the live jest files against them. Prints a line per step with its time.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { installN8n } from './install-n8n.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const began = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const n8n = installN8n();

let started = Date.now();
process.stdout.write('[live] building the release artefacts (npm run build) ...\n');
execFileSync(process.execPath, [path.join(root, 'scripts', 'release-build.js')], { cwd: root, stdio: 'inherit' });
process.stdout.write(`[live] release artefacts built in ${seconds(started)}\n`);

const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const env = {
  ...process.env,
  LIVE_N8N: JSON.stringify(n8n),
  LIVE_N8N_TARBALL: path.join(root, 'release', `n8n-nodes-invoicing-api-${version}.tgz`),
  LIVE_ZAPIER_ZIP: path.join(root, 'zapier', 'build', 'build.zip'),
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--disable-warning=ExperimentalWarning'].filter(Boolean).join(' '),
};
started = Date.now();
const jest = spawnSync(process.execPath, [path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '-c', path.join(root, 'test', 'live', 'jest.config.js'),
  '--runInBand', ...process.argv.slice(2)], { cwd: root, env, stdio: 'inherit' });
process.stdout.write(`[live] live tests ran in ${seconds(started)}; the whole live run took ${seconds(began)}\n`);
process.exit(jest.status ?? 1);
