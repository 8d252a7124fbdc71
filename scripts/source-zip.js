// Replaces zapier/build/source.zip, which the Zapier CLI makes from zapier/ alone, with every source file
// the app is built from, laid out as in this repository so a reviewer can read it and rebuild it whole:
// zapier/ (without node_modules, dist, build, .env), shared/ (bundled into the app), scripts/bundle.mjs
// (the bundler build.mjs calls), and the root package.json and tsconfig.json. Uses the zip library the
// Zapier CLI itself uses. `zapier-platform upload` then sends these zips as they are (`push` rebuilds).
const { createWriteStream, readdirSync, statSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const archiver = require(
  require.resolve('archiver', { paths: [path.dirname(require.resolve('zapier-platform-cli/package.json'))] }),
);

const SKIP = new Set(['node_modules', 'dist', 'build']);

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.env')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

function sourceFiles() {
  return [
    ...walk(path.join(root, 'zapier')),
    ...walk(path.join(root, 'shared')),
    ...['scripts/bundle.mjs', 'n8n/scripts/bundle.mjs', 'package.json', 'tsconfig.json'].map((file) =>
      path.join(root, file),
    ),
  ];
}

async function main() {
  const target = path.join(root, 'zapier', 'build', 'source.zip');
  statSync(path.dirname(target));
  const archive = archiver('zip', { zlib: { level: 9 } });
  const done = new Promise((resolve, reject) => {
    const out = createWriteStream(target);
    out.on('close', resolve);
    archive.on('error', reject);
    archive.pipe(out);
  });
  for (const file of sourceFiles()) archive.file(file, { name: path.relative(root, file) });
  await archive.finalize();
  await done;
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
