/**
 * scripts/release-dry-run.mjs runs the release workflows' steps here; these keep it and .github/workflows in
 * step: each workflow step has its counterpart, each counterpart a step, and the workflows install what
 * `npm test` needs from npm run setup's list.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Step {
  uses?: string;
  run?: string;
  env: Record<string, string>;
}

/** The script's own reading, asked of it in an ESM process (jest runs CommonJS). */
function fromScript(plantedWorkflow?: string) {
  const script = `
    import { COUNTERPARTS, readWorkflow, setupPackagesForNpmTest, workflowFiles } from './scripts/release-dry-run.mjs';
    import { readFileSync } from 'node:fs';
    const texts = workflowFiles().map((file) => [file, readFileSync('.github/workflows/' + file, 'utf8')]);
    if (process.argv[1]) texts.push(['planted.yml', process.argv[1]]);
    process.stdout.write(JSON.stringify({
      counterparts: Object.keys(COUNTERPARTS),
      workflows: Object.fromEntries(texts.map(([file, text]) => [file, readWorkflow(text)])),
      packages: setupPackagesForNpmTest(),
    }));`;
  const args = ['--input-type=module', '-e', script, ...(plantedWorkflow ? [plantedWorkflow] : [])];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' })) as {
    counterparts: string[];
    workflows: Record<string, Step[]>;
    packages: string[];
  };
}

const text = (step: Step) => step.uses ?? step.run ?? '';
const withoutCounterpart = (read: ReturnType<typeof fromScript>) =>
  Object.entries(read.workflows).flatMap(([file, steps]) =>
    steps.filter((step) => !read.counterparts.includes(text(step))).map((step) => `${file}: ${text(step)}`),
  );

test('every workflow step has its counterpart in the script, and every counterpart a step', () => {
  const read = fromScript();
  expect(Object.keys(read.workflows).sort()).toEqual(['publish-n8n.yml', 'push-zapier.yml']);
  for (const [file, steps] of Object.entries(read.workflows)) {
    const written = readFileSync(path.join(root, '.github/workflows', file), 'utf8').match(/^\s+- (uses|run):/gm);
    expect(steps.length).toBe(written?.length);
  }
  expect(withoutCounterpart(read)).toEqual([]);
  const used = new Set(Object.values(read.workflows).flat().map(text));
  expect(read.counterparts.filter((counterpart) => !used.has(counterpart))).toEqual([]);
});

test('a step added to a workflow without its counterpart is named', () => {
  const planted = 'jobs:\n  x:\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm run lint:everything\n';
  expect(withoutCounterpart(fromScript(planted))).toEqual(['planted.yml: npm run lint:everything']);
});

test('each workflow installs what npm run setup installs for npm test before running it', () => {
  const read = fromScript();
  expect(read.packages).toEqual(['chromium', 'poppler-utils', 'zbar-tools']);
  for (const [file, steps] of Object.entries(read.workflows)) {
    const at = (wanted: RegExp) => steps.findIndex((step) => wanted.test(text(step)));
    const apt = steps[at(/apt-get install/)];
    expect({ file, installs: text(apt).split('install -y --no-install-recommends ')[1] }).toEqual({
      file,
      installs: 'poppler-utils zbar-tools',
    });
    expect(at(/apt-get install/)).toBeLessThan(at(/^npm test$/));
    // chromium: the runner's Chrome, as setup.js's CHROMIUM_PATH allows.
    expect(steps[at(/^npm test$/)].env).toEqual({ CHROMIUM_PATH: '/usr/bin/google-chrome' });
  }
});
