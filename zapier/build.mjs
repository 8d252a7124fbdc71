// Bundles src/ (with shared/ and zod) into dist/index.js, so the CLI's `build` ships one file plus
// zapier-platform-core from its own `npm install --production`. Never write into build/: that is the
// CLI's zip folder.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));

await build({
  entryPoints: [path.join(here, 'src/index.ts')],
  outfile: path.join(here, 'dist/index.js'),
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  external: ['zapier-platform-core'],
  sourcemap: false,
  logLevel: 'warning',
});
