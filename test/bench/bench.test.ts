/**
 * `npm run bench` is run by hand, so nothing else would notice it breaking. This runs its quick mode
 * for the two figures that exercise both platforms end to end and checks that every row is printed
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
  execFileSync(path.join(root, 'node_modules', '.bin', 'esbuild'), [path.join(root, 'bench', 'run.ts'), '--bundle',
    '--platform=node', '--target=node22', '--packages=external', `--outfile=${outfile}`, '--log-level=warning']);
  return spawnSync(process.execPath, [outfile, '--only', figures, '--quick'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
}

test('the quick bench prints every overhead and webhook row with a figure, and does not rewrite the report', () => {
  const report = path.join(root, 'docs', 'performance.md');
  const before = readFileSync(report, 'utf8');
  const run = runQuick('overhead,webhooks');
  expect(run.error).toBeUndefined();
  // 0: every target met; 1: one missed (a quick run is noisy). Anything else is a crash.
  expect([0, 1]).toContain(run.status);
  const lines = run.stdout.split('\n');
  const rowsOf = (figure: string) => lines.filter((line) => line.startsWith(figure));
  const overhead = rowsOf('1 overhead');
  for (const measure of ['(a) bare fetch', "(b) Zapier", "(b') Zapier", '(c) Zapier', '(b) n8n', "(b') n8n", '(c) n8n',
    "Zapier core's prepareApp", 'shared core per Create Invoice']) {
    const line = overhead.find((candidate) => candidate.includes(measure));
    expect([measure, line]).toEqual([measure, expect.stringMatching(/\d+(\.\d+)? (ms|µs)/)]);
  }
  for (const platform of ['Zapier', 'n8n']) {
    expect(overhead.find((line) => line.includes(`(c) ${platform}`))).toMatch(/connector's own share [+-]\d+\.\d % over \(b'\).*\s(pass|MISS)$/);
  }
  const webhooks = rowsOf('3 webhooks');
  for (const measure of ['signature checks', 'whole receive', 'bare receiver output', 'n8n trigger output', 'Zapier trigger output']) {
    const line = webhooks.find((candidate) => candidate.includes(measure));
    expect([measure, line]).toEqual([measure, expect.stringMatching(/\d+(\.\d+)?( ms|\/s)/)]);
  }
  expect(run.stdout).toMatch(/\d+ target\(s\) missed; ran in \d+ s/);
  expect(readFileSync(report, 'utf8')).toBe(before);
}, 180_000);
