/**
 * nock 15 ships only as ES modules (and so do its interceptor dependencies); jest 30 on Node 22 loads
 * test code as CommonJS and refuses them. esbuild turns nock and its dependency tree into one CommonJS
 * file once per run; requiring that gives the real nock, patching the same `http` module
 * zapier-platform-core uses. (A jest `transform` for those packages could do the same from the config.)
 */
import { buildSync, type BuildOptions } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Nock = typeof import('nock', { with: { 'resolution-mode': 'import' } }).default;

function bundle(entry: string, outfile: string): void {
  const options: BuildOptions = {
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    logLevel: 'error',
  };
  // The HTTP parser finds its .wasm file next to its own module through import.meta.url, which a
  // CommonJS bundle does not have: pin it to that module's real location.
  const { metafile } = buildSync({ ...options, write: false, metafile: true });
  const user = Object.keys(metafile!.inputs).find((input) => readFileSync(input, 'utf8').includes('import.meta.url'));
  const define = user ? { 'import.meta.url': JSON.stringify(pathToFileURL(path.resolve(user)).href) } : undefined;
  // Parallel jest workers may race here: each writes its own file, the rename is atomic.
  const own = `${outfile}.${process.pid}`;
  buildSync({ ...options, outfile: own, define });
  renameSync(own, outfile);
}

function loadNock(): Nock {
  const entry = require.resolve('nock');
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  // In this clone's node_modules, not the shared tmp folder: the bundle pins absolute paths of the nock it
  // was built from, and another clone's (since removed) copy broke every suite that loads it.
  const outfile = path.join(
    path.resolve(__dirname, '..', '..', 'node_modules', '.cache', 'zapier-tests'),
    `nock-${version}.cjs.js`,
  );
  if (!existsSync(outfile)) {
    mkdirSync(path.dirname(outfile), { recursive: true });
    bundle(entry, outfile);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file written at run time
  const loaded = require(outfile) as { default?: Nock } & Nock;
  return loaded.default ?? loaded;
}

export const nock = loadNock();
