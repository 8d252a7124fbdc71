// Bundles the sandbox CLI (and the shared core it uses) into dist/cli.js for `npm start`, copies the
// dashboard's static files beside it, since the page is served as is, and bundles shared/money.ts for the
// dashboard (dist/public/money.js; the options are dashboard/moneyScript.ts's MONEY_SCRIPT_OPTIONS).
import { build } from 'esbuild';
import { bundle } from '../scripts/bundle.mjs';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

rmSync(dist, { recursive: true, force: true });
await bundle({
  entryPoints: [path.join(here, 'cli', 'index.ts')],
  outfile: path.join(dist, 'cli.js'),
  target: 'node22',
  sourcemap: 'linked',
  // pdfkit reads its fonts' metrics from files beside its own code, so it is required from node_modules, not inlined.
  external: ['pdfkit'],
});
cpSync(path.join(here, 'dashboard', 'public'), path.join(dist, 'public'), { recursive: true });
await build({
  bundle: true,
  format: 'iife',
  globalName: 'sharedMoney',
  platform: 'browser',
  entryPoints: [path.join(here, '..', 'shared', 'money.ts')],
  outfile: path.join(dist, 'public', 'money.js'),
  logLevel: 'warning',
});
// The API reference page: the generated document and Swagger UI's two files, so the built sandbox needs no CDN.
cpSync(path.join(here, '..', 'docs', 'openapi.json'), path.join(dist, 'public', 'openapi.json'));
const swaggerUi = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js'])
  cpSync(path.join(swaggerUi, file), path.join(dist, 'public', 'swagger-ui', file));
