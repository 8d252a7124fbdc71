/**
 * The Zapier reviewer's notes (`npm run review-kit`) say what fires each trigger on the sandbox. Here the notes are
 * written as a maintainer writes them, and the commands they give for Invoice Viewed, Invoice Disputed, Invoice
 * Delivery Failed, Invoice Overdue and Invoice Overdue by Days are run as written (the sandbox's command line, in
 * this process, with this sandbox's URL and key added, as a reviewer's second terminal finds them by default)
 * against the built zip's triggers: a hook trigger, subscribed as Zapier subscribes it, must get the delivery and
 * start one Zap on it; the polling trigger's next poll must list the invoice.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Sandbox } from '../../sandbox';
import { runCli } from '../../sandbox/cli';
import { operations } from '../../shared';
import { eventually } from './processes';
import { liveSandbox, sandboxApi, sandboxKey } from './sandbox';
import { startBuiltZip, type BuiltZip } from './zapier-lambda';

const zip = process.env.LIVE_ZAPIER_ZIP;
if (!zip) throw new Error('Run the live suite with npm run test:live (it builds the Zapier zip first).');

const root = path.resolve(__dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'invoicing-live-review-notes-'));
let sandbox: Sandbox;
let app: BuiltZip;
let notes: string;
let receiver: Server;
let receiverUrl = '';
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];

/** The notes as `npm run review-kit` writes them (into this run's folder, not the maintainer's). */
function writeNotes(): string {
  const bundle = path.join(root, 'node_modules', '.cache', `review-kit-live-${process.pid}.js`);
  execFileSync(
    path.join(root, 'node_modules', '.bin', 'esbuild'),
    ['contract/reviewKit.ts', '--bundle', '--platform=node', '--packages=external', `--outfile=${bundle}`],
    { cwd: root, stdio: 'pipe' },
  );
  const out = path.join(work, 'kit');
  execFileSync(process.execPath, [bundle], { cwd: root, env: { ...process.env, REVIEW_KIT_OUT: out }, stdio: 'pipe' });
  rmSync(bundle, { force: true });
  return readFileSync(path.join(out, 'zapier-reviewer-notes.md'), 'utf8');
}

/** The notes' row for a trigger: its type and the command (`npm start -- …`) with what it says around it. */
function row(label: string): { type: string; argv: string[]; words: string } {
  const line = notes.split('\n').find((candidate) => candidate.startsWith(`| ${label} |`));
  if (!line) throw new Error(`the reviewer's notes have no row for ${label}`);
  const [, type, words] = line.split(' | ');
  const command = /`npm start -- ([^`]+)`/.exec(words);
  if (!command) throw new Error(`the notes give no npm start command for ${label}: ${words}`);
  return { type, argv: command[1].split(' '), words };
}

/** The command as a reviewer types it in a second terminal, pointed at this sandbox: its output lines. */
async function runAsWritten(argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(`error: ${line}`) };
  const { exitCode } = await runCli([...argv, '--url', sandbox.baseUrl, '--key', sandboxKey(sandbox)], io);
  if (exitCode !== 0) throw new Error(`npm start -- ${argv.join(' ')} failed: ${lines.join(' / ')}`);
  return lines;
}

const connection = () => ({ apiKey: sandboxKey(sandbox), baseUrl: sandbox.baseUrl });

/** A delivery as Zapier hands it to `perform`: the raw body, and headers under an `Http-` prefix. */
function asZapierSees(delivery: { headers: IncomingHttpHeaders; body: string }) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(delivery.headers)) {
    headers[
      `Http-${name.replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => dash + letter.toUpperCase())}`
    ] = String(value);
  }
  return {
    rawRequest: { headers, content: delivery.body, method: 'POST', querystring: '' },
    cleanedRequest: JSON.parse(delivery.body),
  };
}

beforeAll(async () => {
  notes = writeNotes();
  sandbox = await liveSandbox();
  app = await startBuiltZip(zip, work);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.end('{"status":"success"}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

describe.each([
  ['Invoice Viewed', 'invoice_viewed', 'invoice.viewed'],
  ['Invoice Disputed', 'invoice_disputed', 'invoice.disputed'],
  ['Invoice Delivery Failed', 'invoice_delivery_failed', 'invoice.delivery_failed'],
  ['Invoice Overdue', 'invoice_overdue', 'invoice.overdue'],
])('%s, fired as the notes say', (label, key, type) => {
  test('its command starts one Zap with the event', async () => {
    const { type: kind, argv } = row(label);
    const targetUrl = `${receiverUrl}/hooks/${key}`;
    const subscribeData = await app.execute(connection(), `triggers.${key}.operation.performSubscribe`, { targetUrl });
    const already = received.length;
    await runAsWritten(argv);
    const delivery = await eventually(`the delivery of ${type}`, 30, async () =>
      received.slice(already).find((one) => one.path === `/hooks/${key}`),
    );
    const zaps = await app.execute(connection(), `triggers.${key}.operation.perform`, {
      subscribeData,
      ...asZapierSees(delivery),
    });
    await app.execute(connection(), `triggers.${key}.operation.performUnsubscribe`, { subscribeData });
    expect(zaps).toEqual([expect.objectContaining({ event_type: type, id: delivery.headers['webhook-id'] })]);
    expect({ kind, argv }).toEqual({ kind: 'hook', argv: ['trigger', type] });
  });
});

test('Invoice Overdue by Days, fired as the notes say: the next poll lists the invoice', async () => {
  const { type: kind, argv, words } = row('Invoice Overdue by Days');
  const days = Number(/Days Overdue (\d+)/.exec(words)?.[1]);
  expect({ kind, command: argv[0], days }).toEqual({ kind: 'polling', command: 'overdue', days: expect.any(Number) });
  const invoice = await sandboxApi(sandbox, (c) =>
    operations.createInvoice.request(c, {
      client_email: 'overdue.notes@example.com',
      currency: 'INR',
      items: [{ description: 'Review of the notes', amount: 120000 }],
    }),
  );
  await runAsWritten(argv.map((word) => (word === '<invoice_id>' ? invoice.id : word)));
  const listed = await app.execute(connection(), 'triggers.invoice_overdue_days.operation.perform', {
    inputData: { days_overdue: days },
  });
  expect(listed).toEqual([expect.objectContaining({ invoice_id: invoice.id, days_overdue: days })]);
});
