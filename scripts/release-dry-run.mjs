// `npm run release:dry-run`: the steps of .github/workflows/*.yml, in order, on a fresh clone of the committed
// tree, up to and including the publish step in its dry-run shape, so a release tag meets no step that never
// ran. Each workflow step has its counterpart here (COUNTERPARTS; test/scripts/releaseDryRun.test.ts keeps the
// two in step): most run as written; those that need GitHub, an account or sudo are replaced by what this
// machine can check, and the run says so on its line.
//   --skip "<step>"          leave a step out (e.g. "npm test" when the caller runs it apart), said on its line
//   --link-node-modules      `npm ci` replaced by a link to this checkout's node_modules (a quick local check)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workflowsDir = path.join(root, '.github', 'workflows');

/** A workflow's steps as written: `uses` or `run`, with `working-directory` and `with` values (flat YAML only). */
export function readWorkflow(text) {
  const steps = [];
  let inSteps = false;
  let block;
  for (const line of text.split('\n')) {
    if (/^\s+steps:\s*$/.test(line)) {
      inSteps = true;
      continue;
    }
    if (!inSteps || /^\s*(#.*)?$/.test(line)) continue;
    const start = /^\s+- (uses|run): (.+)$/.exec(line);
    if (start) {
      steps.push({ [start[1]]: start[2].trim(), with: {}, env: {} });
      block = undefined;
      continue;
    }
    const field = /^\s+(working-directory|with|env):\s*(.*)$/.exec(line);
    const step = steps.at(-1);
    if (field && step) {
      if (field[1] === 'working-directory') step.workingDirectory = field[2].trim();
      else block = field[1];
      continue;
    }
    const entry = /^\s+([\w-]+): (.+)$/.exec(line);
    if (entry && step && block) step[block][entry[1]] = entry[2].trim();
  }
  return steps;
}

export const workflowFiles = () =>
  readdirSync(workflowsDir)
    .filter((file) => /\.ya?ml$/.test(file))
    .sort();

const stepText = (step) => step.uses ?? step.run;

/**
 * What each workflow step becomes here, by its text. `as written` runs the command itself; the others say what
 * replaces it and why. A step with no entry stops the run: a new step needs its counterpart first.
 */
export const COUNTERPARTS = {
  'actions/checkout@v4': { does: 'a fresh clone of the committed tree (git clone --no-local)', act: 'clone' },
  'actions/setup-node@v4': { does: 'checks that this run is on the Node major the workflow asks for', act: 'node' },
  'npm ci': { does: 'as written', act: 'run' },
  'sudo apt-get update && sudo apt-get install -y --no-install-recommends poppler-utils zbar-tools': {
    does: 'checks the packages are installed here (no sudo) and are what npm run setup lists for npm test',
    act: 'debian',
  },
  'npm test': { does: 'as written', act: 'run' },
  'npx zapier-platform validate': {
    does: 'npx zapier-platform validate --without-style: the schema offline (the style checks need zapier.com)',
    act: 'run',
    command: 'npx zapier-platform validate --without-style',
  },
  'npm run build': { does: 'as written', act: 'run' },
  'npx zapier-platform upload': {
    does: 'its validation: both zips exist and the built definition validates offline (upload needs an account)',
    act: 'upload',
  },
  'npm publish --provenance --access public': {
    does: 'npm publish --dry-run --provenance --access public (nothing leaves the machine), which must pack every file',
    act: 'publish',
    command: 'npm publish --dry-run --provenance --access public',
  },
};

/** The Debian packages `npm test` needs that `npm run setup` installs (chromium comes from CHROMIUM_PATH on CI). */
export function setupPackagesForNpmTest() {
  const setup = readFileSync(path.join(root, 'scripts', 'setup.js'), 'utf8');
  return [...setup.matchAll(/pkg: '([^']+)',\s*\n\s*why: "?'?([^\n]*)/g)]
    .filter(([, , why]) => /npm test/.test(why))
    .map(([, pkg]) => pkg);
}

/** A step's env as this machine can give it: no GitHub secrets, no path that exists only on GitHub's runner. */
const stepEnv = (step) =>
  Object.fromEntries(
    Object.entries(step.env).filter(
      ([, value]) => !value.includes('${{') && !(value.startsWith('/') && !existsSync(value)),
    ),
  );

function parseArgs(argv) {
  const options = { skip: new Set(), linkNodeModules: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--skip') options.skip.add(argv[++i]);
    else if (argv[i] === '--link-node-modules') options.linkNodeModules = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return options;
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const env = { ...process.env, CI: 'true', npm_config_prefer_offline: 'true', npm_config_audit: 'false' };
  let failed = false;
  for (const file of workflowFiles()) {
    const steps = readWorkflow(readFileSync(path.join(workflowsDir, file), 'utf8'));
    process.stdout.write(`\n${file}\n`);
    let clone;
    for (const step of steps) {
      const text = stepText(step);
      const counterpart = COUNTERPARTS[text];
      const started = Date.now();
      const say = (verdict) =>
        process.stdout.write(`  ${verdict.padEnd(7)} ${text}  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
      if (!counterpart) {
        say('NO PART');
        process.stderr.write(`    no counterpart in scripts/release-dry-run.mjs for "${text}"\n`);
        failed = true;
        break;
      }
      if (options.skip.has(text)) {
        say('skipped');
        continue;
      }
      const cwd = clone && step.workingDirectory ? path.join(clone, step.workingDirectory) : clone;
      try {
        if (counterpart.act === 'clone') {
          clone = mkdtempSync(path.join(tmpdir(), 'release-dry-run-'));
          execFileSync('git', ['clone', '--quiet', '--no-local', root, clone], { stdio: 'pipe' });
        } else if (counterpart.act === 'node') {
          const wanted = String(step.with['node-version']);
          if (process.versions.node.split('.')[0] !== wanted) {
            throw new Error(`this run is on Node ${process.version}; the workflow asks for ${wanted}`);
          }
        } else if (counterpart.act === 'debian') {
          const listed = text.replace(/^.*install -y (--no-install-recommends )?/, '').split(/\s+/);
          const wanted = setupPackagesForNpmTest().filter((pkg) => pkg !== 'chromium');
          if (listed.join(' ') !== wanted.join(' '))
            throw new Error(`installs ${listed}, npm run setup lists ${wanted}`);
          execFileSync('dpkg', ['-s', ...listed], { stdio: 'pipe' });
        } else if (counterpart.act === 'upload') {
          for (const zip of ['build.zip', 'source.zip']) {
            if (!existsSync(path.join(cwd, 'build', zip))) throw new Error(`zapier/build/${zip} is missing`);
          }
          execFileSync('npx', ['zapier-platform', 'validate', '--without-style'], { cwd, env, stdio: 'pipe' });
        } else if (counterpart.act === 'publish') {
          // A publish of a folder whose build never ran would pass and ship no code: every listed file must be packed.
          const [packed] = JSON.parse(
            execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd, env, encoding: 'utf8' }),
          );
          const manifest = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8'));
          const files = new Set(packed.files.map((entry) => entry.path));
          const missing = [...manifest.n8n.nodes, ...manifest.n8n.credentials].filter((file) => !files.has(file));
          if (missing.length) throw new Error(`the package would ship without ${missing.join(', ')}`);
          execFileSync('sh', ['-c', counterpart.command], { cwd, env, stdio: 'pipe' });
        } else if (text === 'npm ci' && options.linkNodeModules) {
          symlinkSync(path.join(root, 'node_modules'), path.join(cwd, 'node_modules'));
          say('linked');
          continue;
        } else {
          execFileSync('sh', ['-c', counterpart.command ?? text], {
            cwd,
            env: { ...env, ...stepEnv(step) },
            stdio: 'pipe',
          });
        }
        say('passed');
      } catch (error) {
        say('FAILED');
        process.stderr.write(`${error.stderr ?? ''}${error.stdout ?? ''}${error.message}\n`);
        failed = true;
        break;
      }
    }
    if (clone) rmSync(clone, { recursive: true, force: true });
    if (failed) break;
  }
  process.stdout.write(failed ? '\nThe workflows would fail; see above.\n' : '\nEvery step passed up to publishing.\n');
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
