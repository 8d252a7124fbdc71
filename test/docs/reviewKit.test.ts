/**
 * `npm run review-kit` (contract/reviewKit.ts) as a maintainer runs it: every trigger the Zapier app holds gets a
 * way to fire it, every action its required fields, and the n8n demo names each node the package ships.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import app from '../../zapier/src/index';
import { HIDDEN_AT_LAUNCH } from '../../zapier/src/launch';

const root = path.resolve(__dirname, '../..');
let out: string;
let notes: string;
let demo: string;

beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'review-kit-'));
  // Beside the root install, so the bundle's external packages resolve.
  const bundle = path.join(root, 'node_modules', '.cache', `review-kit-test-${process.pid}.js`);
  execFileSync(
    path.join(root, 'node_modules', '.bin', 'esbuild'),
    ['contract/reviewKit.ts', '--bundle', '--platform=node', '--packages=external', `--outfile=${bundle}`],
    { cwd: root, stdio: 'pipe' },
  );
  execFileSync(process.execPath, [bundle], { cwd: root, env: { ...process.env, REVIEW_KIT_OUT: out }, stdio: 'pipe' });
  notes = readFileSync(path.join(out, 'zapier-reviewer-notes.md'), 'utf8');
  demo = readFileSync(path.join(out, 'n8n-demo-script.md'), 'utf8');
});
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(path.join(root, 'node_modules', '.cache', `review-kit-test-${process.pid}.js`), { force: true });
});

/** The label a row starts with: a hidden item's says so (zapier/src/launch.ts). */
const label = ({ display }: { display: { label: string; hidden?: boolean } }) =>
  `${display.label}${display.hidden ? ' (hidden at launch)' : ''}`;

test('the Zapier notes say how each trigger fires and what each action needs, and which are hidden', () => {
  for (const trigger of Object.values(app.triggers)) {
    const row = notes.split('\n').find((line) => line.startsWith(`| ${label(trigger)} |`));
    expect({ trigger: trigger.key, row }).toEqual({
      trigger: trigger.key,
      row: expect.stringMatching(/npm start -- /),
    });
  }
  for (const action of [...Object.values(app.creates), ...Object.values(app.searches)]) {
    expect(notes).toContain(`| ${label(action)} | ${action.display.description} |`);
  }
  expect(notes).not.toContain('not known to this kit');
  expect(notes.match(/\(hidden at launch\)/g)).toHaveLength(HIDDEN_AT_LAUNCH.size);
});

test('the n8n demo shows each node the package ships, in under 5 minutes', () => {
  const manifest = JSON.parse(readFileSync(path.join(root, 'n8n', 'package.json'), 'utf8'));
  for (const file of manifest.n8n.nodes) expect(demo).toContain(path.basename(file, '.node.js'));
  const moments = [...demo.matchAll(/^\| (\d+):(\d\d) \|/gm)].map(([, m, s]) => Number(m) * 60 + Number(s));
  expect(moments.length).toBeGreaterThanOrEqual(4);
  expect(Math.max(...moments)).toBeLessThan(5 * 60);
});
