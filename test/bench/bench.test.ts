/**
 * `npm run bench` is run by hand, so nothing else would notice it breaking. This runs its quick mode
 * for the figures that exercise both platforms end to end (bulk through the n8n node, the webhook path
 * through both triggers) and checks that every row is printed
 * with a figure in it. No time is asserted: a quick run's ratios are too noisy to judge, and targets
 * are the bench's business, not a test's.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
// The bench finds the repository two levels above its bundle, as it does from bench/dist/.
const outdir = mkdtempSync(path.join(root, 'bench', 'dist-test-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

function runQuick(figures: string) {
  const outfile = path.join(outdir, 'run.js');
  execFileSync(path.join(root, 'node_modules', '.bin', 'esbuild'), [
    path.join(root, 'bench', 'run.ts'),
    '--bundle',
    '--platform=node',
    '--target=node22',
    '--packages=external',
    `--outfile=${outfile}`,
    '--log-level=warning',
  ]);
  return spawnSync(process.execPath, [outfile, '--only', figures, '--quick'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

test('the quick bench prints every bulk and webhook row with a figure, and does not rewrite the report', () => {
  const report = path.join(root, 'docs', 'performance.md');
  const before = readFileSync(report, 'utf8');
  const run = runQuick('bulk,webhooks');
  expect(run.error).toBeUndefined();
  // 0: every target met; 1: one missed (a quick run is noisy). Anything else is a crash.
  expect([0, 1]).toContain(run.status);
  const lines = run.stdout.split('\n');
  const rowsOf = (figure: string) => lines.filter((line) => line.startsWith(figure));
  const bulk = rowsOf('1 bulk');
  expect(bulk.find((line) => line.includes('items at 25/s'))).toMatch(
    /\d+\.\d s\s+[+-]\d+\.\d % over the \d+ s minimum.*\s(pass|MISS)$/,
  );
  expect(bulk.find((line) => line.includes('failed items'))).toMatch(
    /failed items \(429s answered: \d+, all waited out\)\s+\d+\s+target 0\s+(pass|MISS)$/,
  );
  for (const measure of ['no limit, concurrency 5', 'no limit, concurrency 1']) {
    const line = bulk.find((candidate) => candidate.includes(measure));
    expect([measure, line]).toEqual([measure, expect.stringMatching(/\d+(\.\d+)?\/s/)]);
  }
  const webhooks = rowsOf('2 webhooks');
  for (const measure of [
    'signature checks',
    'whole receive',
    'bare receiver output',
    'n8n trigger output',
    'Zapier trigger output',
  ]) {
    const line = webhooks.find((candidate) => candidate.includes(measure));
    expect([measure, line]).toEqual([measure, expect.stringMatching(/\d+(\.\d+)?( ms|\/s)/)]);
  }
  expect(lines.some((line) => line.includes('overhead'))).toBe(false);
  expect(run.stdout).toMatch(/\d+ target\(s\) missed; ran in \d+ s/);
  expect(readFileSync(report, 'utf8')).toBe(before);
}, 240_000);
