/**
 * Figure 3, size and start-up. The n8n package as `npm pack` would publish it (built into a temporary
 * folder); Zapier's build.zip of our app next to a freshly generated minimal app on the same core,
 * both built by the CLI offline from copies (so a test building zapier/ at the same time is not disturbed);
 * then the time each platform's entry module takes to load in a fresh process, platform first.
 */
import { execFile, execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { kb, median, ms, pct, row, type Row } from './support';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');

const npm = (args: string[], cwd: string) => {
  const cli = process.env.npm_execpath;
  return cli && cli.endsWith('.js')
    ? execFileSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', stdio: 'pipe' })
    : execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: 'pipe' });
};

/** The package folder as npm would publish it: manifest, documents, and dist/ from n8n/build.mjs. */
function packN8n(dir: string) {
  for (const file of ['package.json', 'README.md', 'LICENSE'])
    cpSync(path.join(root, 'n8n', file), path.join(dir, file));
  execFileSync(process.execPath, [path.join(root, 'n8n', 'build.mjs'), path.join(dir, 'dist')], {
    cwd: path.join(root, 'n8n'),
    stdio: 'pipe',
  });
  const [packed] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], dir)) as Array<{
    size: number;
    unpackedSize: number;
    entryCount: number;
    files: Array<{ path: string }>;
  }>;
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const dependencies = Object.keys({
    ...manifest.dependencies,
    ...manifest.bundleDependencies,
    ...manifest.optionalDependencies,
  });
  // The package carries zod's v3 API once (dist/vendor/zod.js) rather than lean on n8n's undeclared zod
  // (docs/architecture.md); a copy in every file would be bytes shipped four times.
  const zodCopies = packed.files.filter(
    (file) =>
      file.path.endsWith('.js') &&
      /class ZodError\b|ZodError = class/.test(readFileSync(path.join(dir, file.path), 'utf8')),
  ).length;
  return {
    ...packed,
    dependencies,
    zodCopies,
    nodeFiles: packed.files.map((file) => file.path).filter((file) => file.endsWith('.js')),
  };
}

const CLI = () => require.resolve('zapier-platform-cli/src/bin/run', { paths: [root] });
// The CLI's `npm install --production` in its temp copy is served from the cache the root install filled.
const cliEnv = {
  ...process.env,
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

/**
 * Our app as the CLI would zip it, from a copy: `npm run bench` has just built zapier/dist with
 * zapier/build.mjs, so the copy's `_zapier-build` step (not part of the zip) is made a no-op.
 */
async function buildOurZip(dir: string): Promise<string> {
  const app = path.join(dir, 'zapier');
  cpSync(path.join(root, 'zapier'), app, {
    recursive: true,
    filter: (source) => !/[\\/](build|node_modules|\.env)$/.test(source),
  });
  writeFileSync(path.join(app, 'build.mjs'), '// dist/ was built before this copy was made.\n');
  await run(process.execPath, [CLI(), 'build', '--skip-validation'], { cwd: app, env: cliEnv, timeout: 180_000 });
  return path.join(app, 'build', 'build.zip');
}

/**
 * What `zapier-platform init` would leave after trimming to one create: an exact core version, a
 * trivial app, the same .zapierapprc fix core 19.1.0 needs, and the same lockfile so both zips get
 * the same dependency tree. (Its one create posts to `inputData.url` when given, so bench:live can call it locally.)
 */
export async function buildMinimalZip(dir: string): Promise<string> {
  const app = path.join(dir, 'minimal');
  mkdirSync(app);
  const ours = JSON.parse(readFileSync(path.join(root, 'zapier', 'package.json'), 'utf8'));
  const manifest = {
    name: 'minimal-zapier-app',
    version: '1.0.0',
    main: 'index.js',
    private: true,
    dependencies: { 'zapier-platform-core': ours.dependencies['zapier-platform-core'] },
  };
  writeFileSync(path.join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const lock = JSON.parse(readFileSync(path.join(root, 'zapier', 'package-lock.json'), 'utf8'));
  lock.name = manifest.name;
  lock.version = manifest.version;
  lock.packages[''] = {
    ...lock.packages[''],
    name: manifest.name,
    version: manifest.version,
    license: undefined,
    engines: undefined,
  };
  writeFileSync(path.join(app, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  cpSync(path.join(root, 'zapier', '.zapierapprc'), path.join(app, '.zapierapprc'));
  writeFileSync(
    path.join(app, 'index.js'),
    `const { version: platformVersion } = require('zapier-platform-core');

module.exports = {
  version: require('./package.json').version,
  platformVersion,
  creates: {
    record: {
      key: 'record',
      noun: 'Record',
      display: { label: 'Create Record', description: 'Creates a record.' },
      operation: {
        inputFields: [{ key: 'name', required: true }],
        perform: async (z, bundle) => (await z.request({ url: bundle.inputData.url || 'https://example.com/records', method: 'POST', body: bundle.inputData })).data,
        sample: { id: 1, name: 'Test' },
      },
    },
  },
};
`,
  );
  await run(process.execPath, [CLI(), 'build', '--skip-validation'], { cwd: app, env: cliEnv, timeout: 180_000 });
  return path.join(app, 'build', 'build.zip');
}

async function unzip(zip: string, into: string): Promise<string> {
  const decompress = createRequire(path.join(root, 'package.json'))('zapier-platform-cli/src/utils/decompress');
  await decompress(zip, into);
  return into;
}

/**
 * Milliseconds to require `platform` and then `entry` in a fresh Node process: what a cold start pays
 * for the platform's own modules, and what our entry module adds on top of them.
 */
async function loadTimes(
  cwd: string,
  platform: string[],
  entry: string[],
): Promise<{ platform: number; entry: number }> {
  const script = `const { performance } = require('node:perf_hooks');
    const t0 = performance.now(); for (const m of ${JSON.stringify(platform)}) require(m);
    const t1 = performance.now(); for (const m of ${JSON.stringify(entry)}) require(m);
    process.stdout.write(JSON.stringify({ platform: t1 - t0, entry: performance.now() - t1 }));`;
  const { stdout } = await run(process.execPath, ['-e', script], {
    cwd,
    timeout: 30_000,
    env: { ...process.env, N8N_LOG_LEVEL: 'silent' },
  });
  return JSON.parse(stdout);
}

export async function size({ loadRepeats }: { loadRepeats: number }): Promise<Row[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-size-'));
  try {
    const n8nDir = path.join(dir, 'n8n-package');
    mkdirSync(n8nDir);
    const n8n = packN8n(n8nDir);
    // The CLI checks core from the app folder; both apps find the root install through this link.
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const [ourZip, minimalZip] = await Promise.all([buildOurZip(dir), buildMinimalZip(dir)]);
    const ourBytes = statSync(ourZip).size;
    const minimalBytes = statSync(minimalZip).size;
    const added = ourBytes / minimalBytes - 1;
    const ourApp = await unzip(ourZip, path.join(dir, 'our-unzipped'));
    const minimalApp = await unzip(minimalZip, path.join(dir, 'minimal-unzipped'));
    // n8n resolves n8n-workflow for a community package; so does this folder, from the root install.
    symlinkSync(path.join(root, 'node_modules'), path.join(n8nDir, 'node_modules'), 'dir');

    const loads = {
      zapierOurs: [] as number[],
      zapierMinimal: [] as number[],
      zapierCore: [] as number[],
      n8n: [] as number[],
      n8nWorkflow: [] as number[],
    };
    for (let i = 0; i < loadRepeats; i += 1) {
      const ours = await loadTimes(ourApp, ['zapier-platform-core'], ['./index.js']);
      const minimal = await loadTimes(minimalApp, ['zapier-platform-core'], ['./index.js']);
      const nodes = await loadTimes(
        n8nDir,
        ['n8n-workflow'],
        n8n.nodeFiles.map((file) => `./${file}`),
      );
      loads.zapierOurs.push(ours.entry);
      loads.zapierMinimal.push(minimal.entry);
      loads.zapierCore.push(ours.platform, minimal.platform);
      loads.n8n.push(nodes.entry);
      loads.n8nWorkflow.push(nodes.platform);
    }
    const at = (name: keyof typeof loads) => median(loads[name]);
    const zipFiles = (folder: string) =>
      readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    return [
      row('3 size', 'n8n package tarball (npm pack)', kb(n8n.size)),
      row('3 size', `n8n package unpacked (${n8n.entryCount} files)`, kb(n8n.unpackedSize)),
      row(
        '3 size',
        'n8n package runtime dependencies',
        n8n.dependencies.length ? n8n.dependencies.join(', ') : '0',
        `target 0, and zod carried once (${n8n.zodCopies} ${n8n.zodCopies === 1 ? 'copy' : 'copies'})`,
        n8n.dependencies.length === 0 && n8n.zodCopies === 1,
      ),
      row(
        '3 size',
        `Zapier build.zip, our app (${zipFiles(ourApp)} files)`,
        kb(ourBytes),
        `${pct(added)} over a minimal app on the same core, ${kb(minimalBytes)}`,
      ),
      row(
        '3 size',
        'load Zapier entry (index.js) in a fresh process',
        ms(at('zapierOurs'), 1),
        `+${ms(at('zapierOurs') - at('zapierMinimal'), 1)} over the minimal app's, ` +
          `${pct((at('zapierOurs') - at('zapierMinimal')) / at('zapierCore'))} of core's own ${ms(at('zapierCore'), 1)}`,
      ),
      row(
        '3 size',
        'load n8n nodes + credential in a fresh process',
        ms(at('n8n'), 1),
        `${pct(at('n8n') / at('n8nWorkflow'))} of n8n-workflow's own ${ms(at('n8nWorkflow'), 1)}`,
      ),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
