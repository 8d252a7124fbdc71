/**
 * The app as Zapier receives it: `zapier-platform build` run on a copy of zapier/ in a temporary folder (so
 * build.test.ts, which builds in zapier/ itself, never shares a build/ folder with this file), the zip
 * unpacked as the CLI's load test unpacks it, and its handler asked for the definition (`command:
 * 'definition'`, the serialised app Zapier's servers store) or run with an event, each in a Node process of
 * its own. The copy carries zapier/dist as `npm run build:code` left it; its `_zapier-build` script is dropped,
 * since it bundles from ../shared, which the copy has not.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import decompress from 'zapier-platform-cli/src/utils/decompress';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const zapierDir = path.join(root, 'zapier');
const cli = require.resolve('zapier-platform-cli/src/bin/run');
const env = { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };

export interface BuiltApp {
  /** The serialised definition: functions are `$func$…` strings, everything else as Zapier stores it. */
  definition: Record<string, any>;
  /** Runs one `execute` event through the zip's handler, with the app's base URL set as a Zapier env var. */
  invoke(method: string, bundle: object, baseUrl?: string): Promise<{ results?: any; error?: { message: string } }>;
  remove(): void;
}

async function handle(unpacked: string, event: object, extraEnv: Record<string, string> = {}) {
  const script = `
    const { handler } = require(${JSON.stringify(path.join(unpacked, 'zapierwrapper.js'))});
    handler(JSON.parse(process.argv[1]), {}).then(
      (output) => process.stdout.write('\\n@@' + JSON.stringify({ results: output.results })),
      (error) => process.stdout.write('\\n@@' + JSON.stringify({ error: { message: error.message } })));`;
  const { stdout } = await run(process.execPath, ['-e', script, JSON.stringify(event)], {
    cwd: unpacked,
    timeout: 30_000,
    env: { ...process.env, ...extraEnv },
    maxBuffer: 32 * 1024 * 1024,
  });
  return JSON.parse(stdout.slice(stdout.lastIndexOf('\n@@') + 3));
}

export async function buildApp(): Promise<BuiltApp> {
  // Inside the repository, so the CLI's check for a local zapier-platform-core finds the root install.
  const cache = path.join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(path.join(cache, 'zapier-review-'));
  const appDir = path.join(work, 'app');
  const unpacked = path.join(work, 'unpacked');
  try {
    for (const entry of ['index.js', 'package-lock.json', '.zapierapprc', 'dist']) {
      cpSync(path.join(zapierDir, entry), path.join(appDir, entry), { recursive: true });
    }
    const manifest = JSON.parse(readFileSync(path.join(zapierDir, 'package.json'), 'utf8'));
    delete manifest.scripts['_zapier-build'];
    writeFileSync(path.join(appDir, 'package.json'), JSON.stringify(manifest, null, 2));
    await run(process.execPath, [cli, 'build', '--skip-validation'], { cwd: appDir, env, timeout: 170_000 });
    await decompress(path.join(appDir, 'build', 'build.zip'), unpacked);
    const { results } = await handle(unpacked, { command: 'definition' });
    return {
      definition: results,
      invoke: (method, bundle, baseUrl) =>
        handle(unpacked, { command: 'execute', method, bundle }, baseUrl ? { INVOICING_API_BASE_URL: baseUrl } : {}),
      remove: () => rmSync(work, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}
