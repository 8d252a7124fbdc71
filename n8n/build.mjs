// Bundles each node and credential into its own CommonJS file under dist/, the shared core included:
// `n8n-node build` only runs tsc, which would leave shared/ outside the package, and a verified community
// package may have no runtime dependencies. Names, lines and comments' places stay as written, so the
// shipped files read like the source in a review or a stack trace.
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
for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
  await bundle({
    entryPoints: [path.join(root, sourceOf(file))],
    outfile: path.join(dist, file.replace(/^dist\//, '')),
    target: 'node20',
    // Provided by n8n at run time (zod: its own 3.25.76).
    external: ['n8n-workflow', 'zod'],
  });
}
for (const folder of ['icons', 'nodes', 'credentials']) copyAssets(folder);
