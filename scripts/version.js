// One version for both artifacts: `npm run version:set -- 1.2.0` (or patch|minor|major) writes it to the
// root, zapier/ and n8n/ package.json files and opens a CHANGELOG section for it.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const manifests = ['package.json', 'zapier/package.json', 'n8n/package.json'].map((file) => path.join(root, file));
const current = JSON.parse(fs.readFileSync(manifests[0], 'utf8')).version;

function next(spec) {
  const [major, minor, patch] = current.split('.').map(Number);
  if (spec === 'major') return `${major + 1}.0.0`;
  if (spec === 'minor') return `${major}.${minor + 1}.0`;
  if (spec === 'patch') return `${major}.${minor}.${patch + 1}`;
  if (/^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/.test(spec ?? '')) return spec;
  console.error('Usage: npm run version:set -- <major|minor|patch|x.y.z>');
  process.exit(1);
}

const version = next(process.argv[2]);
for (const file of manifests) {
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  manifest.version = version;
  fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}
const changelog = path.join(root, 'CHANGELOG.md');
const text = fs.readFileSync(changelog, 'utf8');
const date = new Date().toISOString().slice(0, 10);
if (!text.includes(`## ${version} `)) {
  fs.writeFileSync(changelog, text.replace('## Unreleased', `## Unreleased\n\n## ${version} (${date})`));
}
console.log(`${current} → ${version} in ${manifests.length} package.json files and CHANGELOG.md`);
