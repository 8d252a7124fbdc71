import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventSchema, operations } from '../../shared';
import { fetchSend } from '../../sandbox';
import { runCli } from '../../sandbox/cli';

const root = path.resolve(__dirname, '../..');

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

test('start prints base URL, test key, database and dashboard; view / pay / dispute drive the running sandbox', async () => {
  const started = captureIo();
  const { exitCode, sandbox } = await runCli(
    ['start', '--port', '0', '--memory', '--time-scale', '0.01', '--faults', 'delay=10'],
    started.io,
  );
  expect(exitCode).toBe(0);
  try {
    const text = started.out.join('\n');
    expect(text).toContain(`Base URL:   ${sandbox!.baseUrl}`);
    expect(text).toContain(`Test key:   ${sandbox!.testKey}   (issued now and shown only this once`);
    expect(text).toContain('Database:   in memory');
    expect(text).toContain(`Dashboard:  ${sandbox!.baseUrl}/dashboard`);
    const connection = { apiKey: sandbox!.testKey, baseUrl: sandbox!.baseUrl };
    const invoice = (
      await fetchSend(
        operations.createInvoice.request(connection, {
          client_email: 'cli@example.com',
          currency: 'INR',
          items: [{ description: 'CLI', amount: 1000 }],
          auto_send_whatsapp: false,
        }),
      )
    ).body as any;

    const run = async (...args: string[]) => {
      const captured = captureIo();
      const result = await runCli(['--url', sandbox!.baseUrl, '--key', sandbox!.testKey, ...args], captured.io);
      return { ...result, ...captured };
    };
    const viewed = await run('view', invoice.id, '--channel', 'whatsapp');
    expect(viewed.exitCode).toBe(0);
    expect(viewed.out[0]).toMatch(/^invoice\.viewed evt_\w+: invoice INV-\d+ is now viewed$/);
    expect(eventSchema.parse(JSON.parse(viewed.out[1]))).toMatchObject({ data: { view: { channel: 'whatsapp' } } });
    const paid = await run('pay', invoice.id, '--amount', '400');
    expect(paid.out[0]).toMatch(/is now partially_paid$/);
    const disputed = await run('dispute', invoice.id, '--reason', 'not_received', '--note', 'Never arrived');
    expect(JSON.parse(disputed.out[1]).data.dispute).toMatchObject({ reason: 'not_received', note: 'Never arrived' });

    const overpaid = await run('pay', invoice.id, '--amount', '999999');
    expect(overpaid.exitCode).toBe(1);
    expect(overpaid.err.join('\n')).toMatch(/HTTP 422.*at most the amount remaining/);
    const noReason = await run('dispute', invoice.id);
    expect(noReason).toMatchObject({ exitCode: 1, err: ['Dispute Reason is required'] });
    const badId = await run('pay', 'INV-1');
    expect(badId.err.join('')).toMatch(/must be an ID starting inv_/);
    const noId = await run('pay');
    expect(noId.exitCode).toBe(2);
    expect(noId.err[0]).toMatch(/^pay needs the ID of an invoice, e\.g\. npm start -- pay inv_…/);
    const otherSandbox = await run('pay', invoice.id, '--key', 'ik_test_000000000000000000000000');
    expect(otherSandbox.err.join('')).toMatch(/HTTP 401.*did not issue this API key/);
  } finally {
    await sandbox!.close();
  }
});

test('usage errors exit 2 and show the usage; --help shows it', async () => {
  const unknown = captureIo();
  expect((await runCli(['archive', 'inv_1'], unknown.io)).exitCode).toBe(2);
  expect(unknown.err[0]).toMatch(/^Unknown command "archive"\.\n\nUsage:/);
  const badFlag = captureIo();
  expect((await runCli(['--rate-limit', 'lots'], badFlag.io)).exitCode).toBe(2);
  expect(badFlag.err[0]).toMatch(/--rate-limit must be a positive number/);
  const both = captureIo();
  expect((await runCli(['--memory', '--db', 'x.db'], both.io)).exitCode).toBe(2);
  const help = captureIo();
  expect((await runCli(['--help'], help.io)).exitCode).toBe(0);
  expect(help.out[0]).toMatch(/--faults <spec>/);
  const noSandbox = captureIo();
  expect(
    (
      await runCli(
        ['view', 'inv_abc', '--url', 'http://127.0.0.1:9', '--key', 'ik_test_000000000000000000000000'],
        noSandbox.io,
      )
    ).exitCode,
  ).toBe(2);
  expect(noSandbox.err[0]).toMatch(/No sandbox answered at http:\/\/127\.0\.0\.1:9/);
});

test('the built CLI (what npm start runs) serves the API from a database file and stops cleanly on Ctrl-C', async () => {
  execFileSync(process.execPath, [path.join(root, 'sandbox/build.mjs')], { cwd: path.join(root, 'sandbox') });
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-cli-'));
  const child = spawn(process.execPath, [path.join(root, 'sandbox/dist/cli.js'), '--port', '0', '--db', 'here.db'], {
    cwd: dir,
  });
  try {
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (stdout.includes('Press Ctrl-C')) resolve();
      });
      child.once('exit', () => reject(new Error(`exited early: ${stderr}`)));
    });
    expect(stdout).toContain(`Database:   ${path.join(dir, 'here.db')}`);
    const baseUrl = /Base URL: +(\S+)/.exec(stdout)![1];
    const apiKey = /Test key: +(\S+)/.exec(stdout)![1];
    expect((await fetchSend(operations.getAccount.request({ apiKey, baseUrl }, {}))).status).toBe(200);
    const dashboard = await fetch(/Dashboard: +(\S+)/.exec(stdout)![1]);
    expect(await dashboard.text()).toContain('<script src="/dashboard.js">');

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout).toContain('Stopped.');
    expect(stderr).toBe('');
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('keys: the first start prints its key once; keys create works beside the running sandbox; list shows previews only', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-keys-'));
  const db = path.join(dir, 'sandbox.db');
  try {
    const first = captureIo();
    const { sandbox } = await runCli(['--port', '0', '--db', db], first.io);
    const key = sandbox!.testKey;
    expect(first.out.join('\n')).toContain(`Test key:   ${key}   (issued now`);
    expect(first.out.join('\n')).toContain(`Dashboard:  ${sandbox!.dashboardUrl}#key=${key}`);

    const created = captureIo();
    expect((await runCli(['keys', 'create', '--db', db], created.io)).exitCode).toBe(0);
    const second = created.out[0];
    expect(second).toMatch(/^ik_test_[A-Za-z0-9]{24}$/);
    const connection = { apiKey: second, baseUrl: sandbox!.baseUrl };
    expect((await fetchSend(operations.getAccount.request(connection, {}))).status).toBe(200);
    const other = captureIo();
    await runCli(['keys', 'create', '--new-account', '--db', db], other.io);
    const otherAccount = (await fetchSend(operations.getAccount.request({ ...connection, apiKey: other.out[0] }, {})))
      .body as any;
    expect(otherAccount.name).toBe('Sandbox account 2');

    const listed = captureIo();
    await runCli(['keys', 'list', '--db', db], listed.io);
    const text = listed.out.join('\n');
    expect(text).toContain(`ik_test_…${key.slice(-4)}`);
    expect(text).toContain(`ik_test_…${second.slice(-4)}`);
    for (const secret of [key, second, other.out[0]]) expect(text).not.toContain(secret);
    expect(listed.out.filter((line) => line.startsWith('acct_'))).toHaveLength(2);

    // Commands without --key use the first key of the database.
    const invoice = (
      await fetchSend(
        operations.createInvoice.request(
          { ...connection, apiKey: key },
          {
            client_email: 'k@example.com',
            currency: 'INR',
            items: [{ description: 'K', amount: 100 }],
            auto_send_whatsapp: false,
          },
        ),
      )
    ).body as any;
    const paid = captureIo();
    expect((await runCli(['pay', invoice.id, '--db', db, '--url', sandbox!.baseUrl], paid.io)).exitCode).toBe(0);
    await sandbox!.close();

    const again = captureIo();
    const restarted = (await runCli(['--port', '0', '--db', db], again.io)).sandbox!;
    await restarted.close();
    expect(again.out.join('\n')).toContain(`Test key:   ik_test_…${key.slice(-4)}   (printed at first start`);
    expect(again.out.join('\n')).not.toContain(key);
    const missing = captureIo();
    expect((await runCli(['pay', invoice.id, '--db', path.join(dir, 'none.db')], missing.io)).exitCode).toBe(2);
    expect(missing.err[0]).toMatch(/^No --key given and no sandbox database at .*none\.db/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
