// Builds every part that has a build script of its own (sandbox, zapier, n8n), in that order, so
// tests run against what ships. Each part's build.mjs bundles shared/ into its own output folder.
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
for (const part of ['sandbox', 'zapier', 'n8n']) {
  const script = path.join(root, part, 'build.mjs');
  if (!existsSync(script)) continue;
  execFileSync(process.execPath, [script], { cwd: path.join(root, part), stdio: 'inherit' });
}
