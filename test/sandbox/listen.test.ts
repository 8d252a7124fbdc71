import { buildSync } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENT_TYPES, operations, verifyWebhook } from '../../shared';
import { type Receiver, startReceiver } from '../../sandbox';
import { runCli } from '../../sandbox/cli';
import { listenSecret } from '../../sandbox/cli/listen';
import { eventually, type TestClient, startTestSandbox } from './support';

let t: TestClient;
let receiver: Receiver;
beforeEach(async () => {
  t = await startTestSandbox();
  receiver = await startReceiver();
});
afterEach(async () => {
  await t.sandbox.close();
  await receiver.close();
});

function capture(color = false) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line), color } };
}

const common = () => ['--url', t.sandbox.baseUrl, '--key', t.connection.apiKey];
const webhooks = async () =>
  ((await t.send(operations.listWebhooks.request(t.connection, {}))).body as any).data as Array<{
    id: string;
    url: string;
  }>;

test('listen forwards each triggered event, re-signed with a stable secret, one line per event; closing removes its webhook', async () => {
  const session = capture();
  // Test helpers' events only: each `trigger` also creates an invoice, whose invoice.created would arrive too.
  const { exitCode, listener } = await runCli(
    ['listen', '--forward-to', receiver.url, '--events', 'invoice.viewed,invoice.paid,invoice.disputed', ...common()],
    session.io,
  );
  expect(exitCode).toBe(0);
  expect(session.out[0]).toBe(`Ready. Forwarding invoice.viewed, invoice.paid, invoice.disputed to ${receiver.url}`);
  expect(session.out[1]).toMatch(new RegExp(`^Webhook signing secret: ${listener!.secret.replace(/[+/]/g, '\\$&')} `));
  expect(listener!.secret).toBe(listenSecret(t.connection.apiKey));
  expect((await webhooks()).map((w) => w.id)).toEqual([listener!.webhookId]);

  for (const [index, type] of (['invoice.viewed', 'invoice.paid', 'invoice.disputed'] as const).entries()) {
    const run = capture();
    expect((await runCli(['trigger', type, ...common()], run.io)).exitCode).toBe(0);
    expect(run.out[0]).toMatch(
      new RegExp(`^${type.replace('.', '\\.')} (evt_\\w+) on invoice INV-\\d+ \\(inv_\\w+\\)$`),
    );
    const eventId = /evt_\w+/.exec(run.out[0])![0];
    const hits = await receiver.waitFor(index + 1);
    const hit = hits[index];
    expect(hit.headers['webhook-id']).toBe(eventId);
    expect(JSON.parse(hit.rawBody)).toMatchObject({ id: eventId, type });
    expect(verifyWebhook({ secret: listener!.secret, headers: hit.headers, body: hit.rawBody }).ok).toBe(true);
    const line = await eventually(() => session.out.find((l) => l.includes(eventId)), 5000, 'the event line');
    expect(line).toMatch(
      new RegExp(
        `^\\d\\d:\\d\\d:\\d\\d  ${type.replace('.', '\\.')} +${eventId}  → \\[200\\] POST ${receiver.url.replace(/[.]/g, '\\.')} \\(\\d+ ms\\)$`,
      ),
    );
  }

  await listener!.close();
  expect(await webhooks()).toEqual([]);

  // A second session with the same key prints, and signs with, the same secret.
  const again = capture();
  const second = (await runCli(['listen', '--forward-to', receiver.url, ...common()], again.io)).listener!;
  expect(second.secret).toBe(listener!.secret);
  await second.close();
});

test('a failing receiver: listen shows its status in red and passes it back, so the sandbox retries; --events filters', async () => {
  const session = capture(true);
  const listener = (
    await runCli(['listen', '--forward-to', receiver.url, '--events', 'invoice.paid', ...common()], session.io)
  ).listener!;
  try {
    receiver.respondWith(503);
    await runCli(['trigger', 'invoice.disputed', ...common()], capture().io);
    await runCli(['trigger', 'invoice.paid', ...common()], capture().io);
    const [first] = await receiver.waitFor(1);
    expect(JSON.parse(first.rawBody).type).toBe('invoice.paid');
    const line = await eventually(
      () => session.out.find((l) => l.includes(first.headers['webhook-id'] as string)),
      5000,
      'the event line',
    );
    const ESC = String.fromCharCode(27);
    expect(line).toContain(`${ESC}[31m[503]${ESC}[39m`);
    receiver.respondWith(200);
    const [, retried] = await receiver.waitFor(2);
    expect(retried.headers['webhook-id']).toBe(first.headers['webhook-id']);
    await eventually(() => session.out.some((l) => l.includes(`${ESC}[32m[200]`)), 5000, 'the green line');
    expect(receiver.requests.every((r) => JSON.parse(r.rawBody).type === 'invoice.paid')).toBe(true);
  } finally {
    await listener.close();
  }
});

test('usage: listen needs --forward-to, trigger an event type, --events known names', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['listen'], /^listen needs --forward-to <url>/],
    [['listen', '--forward-to', 'ftp://x'], /^listen needs --forward-to <url> with http/],
    [
      ['listen', '--forward-to', receiver.url, '--events', 'invoice.archived'],
      /--events takes .* \(not "invoice\.archived"\)/,
    ],
    [
      ['trigger'],
      // Every event type the catalogue has, in its order (a new one is named without an edit here).
      new RegExp(`^trigger needs an event type: ${EVENT_TYPES.map((type) => type.replace('.', '\\.')).join(', ')}\\.`),
    ],
    [['trigger', 'invoice.archived'], /\(not "invoice\.archived"\)/],
  ];
  for (const [args, message] of cases) {
    const run = capture();
    expect((await runCli([...args, ...common()], run.io)).exitCode).toBe(2);
    expect(run.err[0]).toMatch(message);
  }
  expect(await webhooks()).toEqual([]);
});

test('the built CLI: listen runs until Ctrl-C, prints the forwarded event, and removes its webhook', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-listen-'));
  const outfile = path.join(dir, 'cli.js');
  buildSync({
    entryPoints: [path.resolve(__dirname, '../../sandbox/cli/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    logLevel: 'error',
  });
  const child = spawn(process.execPath, [outfile, 'listen', '--forward-to', receiver.url, ...common()]);
  try {
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    await eventually(() => stdout.includes('Press Ctrl-C'), 10_000, 'listen to start');
    await runCli(['trigger', 'invoice.paid', ...common()], capture().io);
    await eventually(() => /invoice\.paid +evt_\w+ {2}→ \[200\]/.test(stdout), 10_000, 'the event line');
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout).toContain('Removing the webhook…');
    expect(await webhooks()).toEqual([]);
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
