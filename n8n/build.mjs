// Bundles each node and credential into its own CommonJS file under dist/, and what they have in common
// once into dist/shared.js, which all of them require: `n8n-node build` only runs tsc, which would leave
// the shared core outside the package, and inlining it into every file tripled its size. dist/shared.js
// is built from lib/index.ts: the n8n glue in lib/ and, through lib/core.ts (the package's one import of
// shared/), only the parts of the shared core the nodes use.
import { bundle } from '../scripts/bundle.mjs';
import { cpSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
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

rmSync(dist, { recursive: true, force: true });
const sharedDir = path.resolve(root, '..', 'shared');
const libDir = path.join(root, 'lib');
const sharedOut = path.join(dist, 'shared.js');
const external = ['n8n-workflow', 'zod'];
// Shorter syntax (dead branches out, simpler statements), but names and lines as written, so the shipped
// files stay readable for reviewers and in stack traces: the package is held under 100 kB unpacked.
const compact = { minifySyntax: true };

/** Anything in lib/ becomes a require of dist/shared.js; shared/ reached any other way fails the build. */
const libAsSharedFile = (outfile) => ({
  name: 'lib-as-shared-file',
  setup(builder) {
    builder.onResolve({ filter: /(^|\/)(lib|shared)(\/|$)/ }, (args) => {
      const target = path.resolve(args.resolveDir, args.path);
      if (target.startsWith(libDir + path.sep)) {
        const relative = path.relative(path.dirname(outfile), sharedOut).split(path.sep).join('/');
        return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
      }
      if (target === sharedDir || target.startsWith(sharedDir + path.sep)) {
        return { errors: [{ text: `${args.importer} imports ${args.path}; n8n files import shared/ through lib/core.ts` }] };
      }
      return undefined;
    });
  },
});

await bundle({ entryPoints: [path.join(libDir, 'index.ts')], outfile: sharedOut, target: 'node20', external, ...compact });
for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
  const outfile = path.join(dist, file.replace(/^dist\//, ''));
  await bundle({
    entryPoints: [path.join(root, sourceOf(file))],
    outfile,
    target: 'node20',
    external,
    ...compact,
    plugins: [libAsSharedFile(outfile)],
  });
}
for (const folder of ['icons', 'nodes', 'credentials']) copyAssets(folder);
