// Bundles each node and credential into its own CommonJS file under dist/, the shared core included:
// `n8n-node build` only runs tsc, which would leave shared/ outside the package, and a verified community
// package may have no runtime dependencies. Names, lines and comments' places stay as written, so the
// shipped files read like the source in a review or a stack trace.
//
// zod ships inside the package (dist/vendor/zod.js, its v3 API, once for all files) instead of being
// required from whatever `zod` n8n happens to have: n8n declares none for community packages, and the day
// its own zod is 4.x a bare `require("zod")` would hand the core an API without the classes it checks
// (docs/architecture.md, "zod in the n8n package").
import { bundle } from './scripts/bundle.mjs';
import { fastChecksSource } from './scripts/fastChecks.mjs';
import { cpSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
// Tests build into a temporary folder of their own (argument 1) so parallel suites never share one.
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** dist/nodes/X/X.node.js → nodes/X/X.node.ts: package.json is the one list of what ships. */
const sourceOf = (distFile) => distFile.replace(/^dist\//, '').replace(/\.js$/, '.ts');

/** Icons and codex files keep their place relative to the code, as the `file:` paths expect. */
function copyAssets(folder) {
  for (const entry of readdirSync(path.join(root, folder))) {
    const relative = path.join(folder, entry);
    if (statSync(path.join(root, relative)).isDirectory()) copyAssets(relative);
    else if (/\.(svg|png|json)$/.test(entry)) cpSync(path.join(root, relative), path.join(dist, relative));
  }
}

const requireHere = createRequire(import.meta.url);
const zodEntry = requireHere.resolve('zod/v3');
const zodManifest = JSON.parse(readFileSync(path.join(path.dirname(zodEntry), '..', 'package.json'), 'utf8'));
const zodLicense = readFileSync(path.join(path.dirname(zodEntry), '..', 'LICENSE'), 'utf8');
const vendoredZod = path.join(dist, 'vendor', 'zod.js');

/** Every `zod` import of the bundled code becomes a require of the package's own copy. */
const zodFromVendor = (outfile) => ({
  name: 'zod-from-vendor',
  setup(builder) {
    const target = path.relative(path.dirname(outfile), vendoredZod).split(path.sep).join('/');
    builder.onResolve({ filter: /^zod(\/v3)?$/ }, () => ({
      path: target.startsWith('.') ? target : `./${target}`,
      external: true,
    }));
  },
});

/**
 * shared/schemas/fastChecks.ts becomes the checks generated from the contract (that file says why), written
 * once as dist/vendor/fastChecks.js and required from there by every file, as zod is.
 */
const vendoredFastChecks = path.join(dist, 'vendor', 'fastChecks.js');
const fastChecksFromVendor = (outfile) => ({
  name: 'fast-checks-from-vendor',
  setup(builder) {
    const target = path.relative(path.dirname(outfile), vendoredFastChecks).split(path.sep).join('/');
    builder.onResolve({ filter: /[\\/]schemas[\\/]fastChecks$/ }, () => ({
      path: target.startsWith('.') ? target : `./${target}`,
      external: true,
    }));
  },
});

rmSync(dist, { recursive: true, force: true });
await bundle({
  entryPoints: [zodEntry],
  outfile: vendoredZod,
  target: 'node20',
  banner: {
    js: `/* zod ${zodManifest.version} (its v3 API), bundled unchanged. ${zodLicense.trim().split('\n').join('\n * ')}\n */`,
  },
});
writeFileSync(vendoredFastChecks, fastChecksSource());
for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
  const outfile = path.join(dist, file.replace(/^dist\//, ''));
  await bundle({
    entryPoints: [path.join(root, sourceOf(file))],
    outfile,
    target: 'node20',
    // Provided by n8n at run time.
    external: ['n8n-workflow'],
    plugins: [zodFromVendor(outfile), fastChecksFromVendor(outfile)],
  });
}
for (const folder of ['icons', 'nodes', 'credentials']) copyAssets(folder);
