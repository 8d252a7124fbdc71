// Bundles the demo (with shared/, the sandbox and the n8n test harness it reuses) into dist/: demo.js and
// sandbox.js, the sandbox process it forks. Packages stay external, so the demo loads the same
// zapier-platform-core and n8n-core the tests use, and the Zapier app it drives is the built zapier/dist.
// dist/ sits two levels below the repository root on purpose: the bundled code resolves the root from
// its own folder (`../..`), as the harness does from test/n8n.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { bundle } from '../scripts/bundle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

await bundle({
  entryPoints: { demo: path.join(here, 'main.ts'), sandbox: path.join(here, 'sandboxProcess.ts') },
  outdir: path.join(here, 'dist'),
  target: 'node22',
  packages: 'external',
});
