// Bundles src/ (with shared/ and zod) into dist/index.js, so the CLI's `build` ships one file plus
// zapier-platform-core from its own `npm install --production`. Never write into build/: that is the
// CLI's zip folder.
import { bundle } from '../scripts/bundle.mjs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));

await bundle({
  entryPoints: [path.join(here, 'src/index.ts')],
  outfile: path.join(here, 'dist/index.js'),
  target: 'node22',
  external: ['zapier-platform-core'],
  sourcemap: false,
});
