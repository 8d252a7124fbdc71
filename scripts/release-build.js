// `npm run build`: both artifacts from the working tree, offline, with their sizes.
//   zapier/build/build.zip         zapier-platform build --skip-validation (after the offline schema validate)
//   zapier/build/source.zip        every source file the app is built from, shared/ included (source-zip.js)
//   release/n8n-nodes-…-x.y.z.tgz  npm pack of n8n/ after its bundle is built
// `push` / `npm publish` stay manual (accounts and the network); see zapier/README.md and n8n/README.md.
const { execFileSync } = require('node:child_process');
const { mkdirSync, statSync } = require('node:fs');
const path = require('node:path');

require('./check-node');

const root = path.resolve(__dirname, '..');
const startedAt = Date.now();
const release = path.join(root, 'release');
// The Zapier CLI's temp-dir `npm install --production` is served from the cache the root install filled.
const env = {
  ...process.env,
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};
const zapierCli = require.resolve('zapier-platform-cli/src/bin/run');
const npmCli = process.env.npm_execpath;

function step(title, work) {
  const started = Date.now();
  process.stdout.write(`${title}… `);
  let result;
  try {
    result = work();
  } catch (error) {
    process.stdout.write('failed\n');
    process.stderr.write(
      `${error.stderr ?? ''}${error.stdout ?? ''}${error.stderr || error.stdout ? '' : error.message}\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`done (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  return result;
}

const run = (file, args, cwd) => execFileSync(file, args, { cwd, env, encoding: 'utf8', stdio: 'pipe' });
const npm = (args, cwd) => (npmCli ? run(process.execPath, [npmCli, ...args], cwd) : run('npm', args, cwd));
const size = (file) => `${(statSync(file).size / 1024).toFixed(1)} KiB`;
const { version } = require(path.join(root, 'package.json'));

// One version for both artifacts (npm run version:set writes all three manifests).
for (const part of ['zapier', 'n8n']) {
  const partVersion = require(path.join(root, part, 'package.json')).version;
  if (partVersion !== version) {
    process.stderr.write(
      `${part}/package.json has version ${partVersion}, the root ${version}: run npm run version:set -- ${version}\n`,
    );
    process.exit(1);
  }
}

step('Zapier: validate the app definition (offline)', () => {
  const problems = JSON.parse(
    run(
      process.execPath,
      [zapierCli, 'validate', '--without-style', '--format', 'json'],
      path.join(root, 'zapier'),
    ).trim() || '[]',
  );
  if (problems.length)
    throw new Error(`zapier-platform validate found problems:\n${JSON.stringify(problems, null, 2)}`);
});
step('Zapier: build zapier/build/build.zip', () => {
  // The CLI's last step loads the new zip in a child it kills after 5 s (testBuildZip in zapier-platform-cli's
  // utils/build.js), with no option to give it longer: on two cores at load 15 loading alone took longer, and
  // the build failed with an empty message. Only that step is tried again; any other failure stops here.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return run(process.execPath, [zapierCli, 'build', '--skip-validation'], path.join(root, 'zapier'));
    } catch (error) {
      const said = `${error.stdout ?? ''}${error.stderr ?? ''}`;
      const lastStep = said.match(/^- .+$/gm)?.pop();
      if (attempt === 3 || lastStep !== '- Testing build') throw error;
      process.stdout.write(`(Zapier's 5 s build test ran out of time, attempt ${attempt} of 3; again) `);
    }
  }
});
step('Zapier: build/source.zip with the shared core it is built from', () =>
  run(process.execPath, [path.join(root, 'scripts', 'source-zip.js')], root),
);
step('n8n: bundle n8n/dist', () =>
  run(process.execPath, [path.join(root, 'n8n', 'build.mjs')], path.join(root, 'n8n')),
);
mkdirSync(release, { recursive: true });
const tarball = step('n8n: npm pack into release/', () => {
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', release], path.join(root, 'n8n')));
  return path.join(release, packed.filename);
});

const zip = path.join(root, 'zapier', 'build', 'build.zip');
process.stdout.write(`\nVersion ${version}, built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
process.stdout.write(`  ${path.relative(root, zip)}  ${size(zip)}\n`);
process.stdout.write(`  ${path.relative(root, tarball)}  ${size(tarball)}\n`);
