/**
 * `npm run review-kit`: what the marketplaces' reviewers are handed, written into release/review-kit/ (ignored
 * by git) from the app definition and the event catalogue, so an item added to either is in the notes without
 * an edit here. Zapier: the reviewer's notes (a test account on the sandbox, what fires each trigger, what each
 * action needs). n8n: the script of the short demo its reviewers ask for (docs/zapier-checks.md, issue 44), and
 * with `--video` the demo itself, recorded from a real n8n (test/live/demo-video.ts; minutes, and ffmpeg).
 * test/live/reviewNotes.live.ts runs the notes' commands for firing triggers against the built zip.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_CATALOGUE, EVENT_TYPES } from '../shared';
import app from '../zapier/src/index';

type Item = { key: string; display: { label: string; description: string; hidden?: boolean }; operation: any };

const root = process.cwd();
// Tests write elsewhere (REVIEW_KIT_OUT), so a run of theirs leaves the maintainer's kit alone.
const out = process.env.REVIEW_KIT_OUT ?? path.join(root, 'release', 'review-kit');

/** How each trigger is made to fire on the sandbox: its event's `npm start -- trigger`, or the overdue helper. */
function howToFire(key: string): string {
  const type = EVENT_TYPES.find((candidate) => EVENT_CATALOGUE[candidate].key === key);
  if (type) return `\`npm start -- trigger ${type}\` (it makes the event happen, as stripe trigger does)`;
  if (key === 'invoice_overdue_days') {
    return '`npm start -- overdue <invoice_id> --days 3` with Days Overdue 3; the next poll lists it';
  }
  return 'not known to this kit: add it to contract/reviewKit.ts';
}

const required = (item: Item) =>
  (Array.isArray(item.operation.inputFields) ? item.operation.inputFields : [])
    .filter((field: { required?: boolean }) => field.required)
    .map((field: { label: string }) => field.label)
    .join(', ') || 'none';

/** An item's label as the notes show it: a hidden one says so, so a reviewer does not look for it in the editor. */
const shown = (item: Item) => `${item.display.label}${item.display.hidden ? ' (hidden at launch)' : ''}`;

function zapierNotes(): string {
  const triggers = Object.values(app.triggers) as Item[];
  const actions = [...Object.values(app.creates), ...Object.values(app.searches)] as Item[];
  const visible = [...triggers, ...actions].filter((item) => !item.display.hidden).length;
  return [
    `# Invoicing API on Zapier: notes for the reviewer (version ${app.version})`,
    '',
    '## A test account',
    '',
    'The local sandbox of the API is the test account: in a clone of the repository, `npm ci`, then `npm start`.',
    'It prints a base URL and a test key (`ik_test_…`). Zapier reaches it through a tunnel of your choice; set the',
    "tunnel's HTTPS URL as the version's environment variable (`zapier-platform env:set <version>",
    'INVOICING_API_BASE_URL=https://…`) and connect with the test key. A test key of the real service works the',
    'same way without the variable.',
    '',
    'Give test Zaps what the samples show (Zapier compares their keys, T004): a client with a GSTIN and an',
    'address, invoice lines with quantity, unit, unit price, HSN/SAC and GST rate, and a UPI payment.',
    '',
    `## Triggers (${triggers.length}), and what fires each`,
    '',
    '| Trigger | Type | Fires with (a second terminal in the same clone) |',
    '| --- | --- | --- |',
    ...triggers.map((item) => `| ${shown(item)} | ${item.operation.type} | ${howToFire(item.key)} |`),
    '',
    `## Actions and searches (${actions.length})`,
    '',
    '| Action | What it does | Required fields |',
    '| --- | --- | --- |',
    ...actions.map((item) => `| ${shown(item)} | ${item.display.description} | ${required(item)} |`),
    '',
    `${visible} items are visible at launch; zapier/README.md says why.`,
    '',
  ].join('\n');
}

function n8nDemoScript(): string {
  const manifest = JSON.parse(readFileSync(path.join(root, 'n8n', 'package.json'), 'utf8'));
  const nodes = (manifest.n8n.nodes as string[]).map((file) => path.basename(file, '.node.js'));
  return [
    `# ${manifest.name} ${manifest.version}: the demo for n8n's reviewers (under 5 minutes)`,
    '',
    'Recorded on a real n8n server and its editor, against the local sandbox (`npm start`).',
    '',
    '| At | Shown | How |',
    '| --- | --- | --- |',
    `| 0:00 | Install from the tarball | Settings → Community Nodes, or the tarball unpacked into \`.n8n/nodes\`; ` +
      `the nodes appear: ${nodes.join(', ')} |`,
    "| 0:45 | The credential test passing | Credentials → Invoicing API: the sandbox's base URL and test key → Save |",
    '| 1:30 | Create Invoice | Invoicing API → Invoice → Create: a client e-mail, INR, one line; Execute step |',
    '| 2:30 | The trigger firing on a payment | Invoicing API Trigger on Invoice Paid, workflow active; ' +
      '`npm start -- pay <invoice_id>` in a terminal; the execution appears with the payment |',
    '| 3:30 | The other nodes, briefly | the operations list and the Polling Trigger |',
    '',
    `Events a trigger can listen to: ${EVENT_TYPES.map((type) => EVENT_CATALOGUE[type].label).join(', ')}.`,
    '',
    '`npm run review-kit -- --video` records this demo from a real n8n and its editor: `n8n-demo.mp4` beside this',
    'file, its captions and times in `n8n-demo-video.md`, each frame in `n8n-demo-frames/`.',
    '',
  ].join('\n');
}

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'zapier-reviewer-notes.md'), zapierNotes());
writeFileSync(path.join(out, 'n8n-demo-script.md'), n8nDemoScript());
process.stdout.write(`Wrote ${path.relative(root, out)}/zapier-reviewer-notes.md and n8n-demo-script.md\n`);
if (process.argv.includes('--video')) {
  // Loaded only when asked: it starts n8n, Chromium and the sandbox, which the notes never need.
  import('../test/live/demo-video.js')
    .then(({ recordDemoVideo }) => recordDemoVideo(root, out))
    .then(
      () => process.exit(0),
      (error) => {
        process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
}
