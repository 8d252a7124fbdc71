/**
 * Every probe of issue 17 ("bad input and exposure", "messages") as a test: what a curious or hostile
 * caller on 127.0.0.1 tries, and the answer the sandbox must give. Counted in docs/reliability.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { operations } from '../../shared';
import { startSandbox } from '../../sandbox';
import { runCli } from '../../sandbox/cli';
import { defaultDatabasePath } from '../../sandbox/storage/databaseFile';
import { forbiddenAddress } from '../../sandbox/delivery/addressGuard';
import { type Row, writeResult } from '../reliability/support/results';
import { type TestClient, startTestSandbox } from './support';

/** Counts for docs/reliability.md (suite 8): a probe counts as answered only once its assertions passed. */
const tally = new Map<string, Row & { answered: number }>();
function probe(part: string, expect: 'refused' | 'accepted'): () => void {
  const row = tally.get(part) ?? {
    platform: 'Sandbox' as const,
    part,
    tried: 0,
    rejected: 0,
    accepted: 0,
    lost: 0,
    answered: 0,
  };
  tally.set(part, row);
  row.tried += 1;
  return () => {
    row.answered += 1;
    if (expect === 'refused') row.rejected += 1;
    else row.accepted += 1;
  };
}
const started = Date.now();
afterAll(() =>
  writeResult('8-sandbox-probes', {
    suite: '8',
    title: 'Sandbox probes',
    durationMs: Date.now() - started,
    rows: [...tally.values()].map(({ answered, ...row }) => ({ ...row, lost: row.tried - answered })),
  }),
);

const root = path.resolve(__dirname, '../..');
const errors: unknown[] = [];
let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox({ onError: (error) => errors.push(error) });
});
afterAll(() => t.sandbox.close());
afterEach(() => expect(errors).toEqual([]));

const call = async (method: string, urlPath: string, init: { body?: string | Buffer; key?: string } = {}) => {
  const response = await fetch(`${t.sandbox.baseUrl}${urlPath}`, {
    method,
    body: init.body,
    headers: { authorization: `Bearer ${init.key ?? t.connection.apiKey}`, 'content-type': 'application/json' },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text,
  };
};

/** A raw HTTP request, for a Host header fetch would not send. */
function rawGet(urlPath: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${t.sandbox.baseUrl}${urlPath}`,
      { headers: { host, authorization: `Bearer ${t.connection.apiKey}` } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('keys: only issued keys open an account, and an account keeps its idempotency keys', () => {
  test.each([
    ['one changed character', () => t.connection.apiKey.slice(0, -1) + (t.connection.apiKey.endsWith('a') ? 'b' : 'a')],
    ['a made-up key', () => 'ik_test_someoneelse123'],
    ['a 10,000-character key', () => `ik_test_${'x'.repeat(10_000)}`],
  ])('%s: 401 in our words', async (_what, key) => {
    const done = probe('Keys the sandbox did not issue', 'refused');
    const answer = await call('GET', '/v1/account', { key: key() });
    expect(answer).toMatchObject({
      status: 401,
      body: { code: 'invalid_api_key', detail: expect.stringContaining('npm start -- keys create') },
    });
    done();
  });
  test("key B sending key A's Idempotency-Key gets an invoice of its own", async () => {
    const done = probe("Another account's Idempotency-Key", 'accepted');
    const b = t.sandbox.createAccount().secret;
    const send = (key: string) =>
      fetch(`${t.sandbox.baseUrl}/v1/invoices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'order-17' },
        body: JSON.stringify({
          client_email: 'a@example.com',
          currency: 'INR',
          items: [{ description: 'A', amount: 100 }],
        }),
      }).then(async (r) => ({
        status: r.status,
        replayed: r.headers.get('idempotent-replayed'),
        body: (await r.json()) as { id: string },
      }));
    const first = await send(t.connection.apiKey);
    const second = await send(b);
    expect([first.status, second.status, second.replayed]).toEqual([201, 201, null]);
    expect(second.body.id).not.toBe(first.body.id);
    done();
  });
});

describe('a malformed percent-encoding in an id is a 400 naming the segment, never a 500', () => {
  test.each([
    ['GET', '/v1/invoices/%E0%A4%A'],
    ['GET', '/v1/webhooks/%'],
    ['GET', '/v1/events/%ZZ'],
    ['GET', '/v1/clients/%ZZ'],
    ['PATCH', '/v1/clients/%E0%A4%A'],
    ['DELETE', '/v1/webhooks/%ZZ'],
    ['POST', '/v1/test_helpers/invoices/%E0%A4%A/pay'],
    ['POST', '/v1/test_helpers/events/%/redeliver'],
  ])('%s %s', async (method, urlPath) => {
    const done = probe('Malformed percent-encoding in an id', 'refused');
    const answer = await call(method, urlPath, { body: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'invalid_path',
      detail: expect.stringMatching(/is not valid percent-encoding.*as the API returned it/),
    });
    done();
  });
});

describe("the body limit is the contract's 1 MB, and anything over it gets a 413 with a body", () => {
  const client = (size: number) => {
    const text = JSON.stringify({ email: 'big@example.com', name: '' });
    return text.replace('"name":""', `"name":"${'x'.repeat(size - text.length)}"`);
  };
  test('1,000,000 bytes are read (and refused for their content, not their size)', async () => {
    const done = probe('Bodies at and over the 1 MB limit', 'accepted');
    const body = client(1_000_000);
    expect(Buffer.byteLength(body)).toBe(1_000_000);
    const answer = await call('POST', '/v1/clients', { body });
    expect(answer.status).toBe(422);
    done();
  });
  test.each([1_000_001, 10 * 1024 * 1024])('%d bytes: 413 payload_too_large, the connection answered', async (size) => {
    const done = probe('Bodies at and over the 1 MB limit', 'refused');
    const answer = await call('POST', '/v1/clients', { body: client(size) });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({
      code: 'payload_too_large',
      detail: expect.stringContaining('1,000,000-byte limit'),
    });
    done();
  });
});

describe('webhook URLs: loopback receivers yes; metadata, link-local and the sandbox itself no', () => {
  const create = (url: string) =>
    t.send(operations.createWebhook.request(t.connection, { url, events: ['invoice.paid'] }));
  test.each([
    'HTTP://127.0.0.1:5678/hooks',
    'Https://hooks.example.com/x',
    'http://localhost:5678/webhook',
    'http://[::1]:9/x',
  ])('%s is accepted (schemes are case-insensitive)', async (url) => {
    const done = probe('Webhook URLs', 'accepted');
    expect((await create(url)).status).toBe(201);
    done();
  });
  test.each([
    ['http://169.254.169.254/latest/meta-data/', /link-local address/],
    ['http://[fe80::1]:8080/', /link-local address/],
    ['http://[::ffff:169.254.169.254]/', /link-local address/],
    ['http://metadata.google.internal/computeMetadata/v1/', /cloud metadata service/],
    ['http://0.0.0.0:5678/', /must name a host/],
    ['http://224.0.0.1:5678/', /multicast/],
    ['http://user:pass@127.0.0.1:5678/', /user name or password/],
  ])('%s is refused', async (url, why) => {
    const done = probe('Webhook URLs', 'refused');
    const answer = await create(url);
    expect(answer.status).toBe(422);
    expect((answer.body as any).errors).toEqual([{ param: 'url', message: expect.stringMatching(why) }]);
    done();
  });
  test("the sandbox's own port is refused under every loopback name", async () => {
    for (const host of ['127.0.0.1', 'localhost', '127.1.2.3', '[::1]']) {
      const done = probe('Webhook URLs', 'refused');
      const answer = await create(`http://${host}:${t.sandbox.port}/v1/invoices`);
      expect(answer.status).toBe(422);
      expect((answer.body as any).errors[0].message).toMatch(/must not point at the sandbox itself/);
      done();
    }
  });
  test('the delivery-time check classifies resolved addresses the same way', () => {
    expect(
      ['169.254.169.254', 'fe80::1', '::ffff:169.254.1.1', '0.0.0.0', '::', '255.255.255.255'].map((a) =>
        Boolean(forbiddenAddress(a)),
      ),
    ).toEqual([true, true, true, true, true, true]);
    expect(['127.0.0.1', '::1', '10.0.0.5', '192.168.1.2', '93.184.216.34'].map(forbiddenAddress)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('exposure: no key in the dashboard page, the Host header checked, a warning for 0.0.0.0', () => {
  test('the dashboard page and its script carry no key', async () => {
    for (const page of ['/dashboard', '/dashboard.js']) {
      const done = probe('Exposure: key in the page, Host header, 0.0.0.0', 'refused');
      const text = await (await fetch(`${t.sandbox.baseUrl}${page}`)).text();
      expect(text).not.toMatch(/ik_test_[A-Za-z0-9]{24}/);
      expect(text).not.toContain(t.connection.apiKey);
      done();
    }
  });
  test('a request addressed to another host name (DNS rebinding) gets 403, for the API and the pages', async () => {
    for (const urlPath of ['/v1/account', '/dashboard', '/v1/test_helpers/api_keys']) {
      const done = probe('Exposure: key in the page, Host header, 0.0.0.0', 'refused');
      const refused = await rawGet(urlPath, `rebind.attacker.example:${t.sandbox.port}`);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({
        code: 'host_not_allowed',
        detail: expect.stringContaining('--allow-host'),
      });
      done();
    }
    expect((await rawGet('/v1/account', `localhost:${t.sandbox.port}`)).status).toBe(200);
    expect((await rawGet('/v1/account', `127.0.0.1:${t.sandbox.port}`)).status).toBe(200);
  });
  test('--allow-host admits one more name', async () => {
    const other = await startSandbox({ port: 0, allowedHosts: ['host.docker.internal'] });
    try {
      const answer = await new Promise<number>((resolve, reject) => {
        httpRequest(
          `${other.baseUrl}/v1/account`,
          { headers: { host: 'host.docker.internal', authorization: `Bearer ${other.testKey}` } },
          (res) => resolve(res.statusCode!),
        )
          .on('error', reject)
          .end();
      });
      expect(answer).toBe(200);
    } finally {
      await other.close();
    }
  });
  test('--host 0.0.0.0 starts with a warning', async () => {
    const done = probe('Exposure: key in the page, Host header, 0.0.0.0', 'refused');
    const err: string[] = [];
    const { sandbox } = await runCli(['--host', '0.0.0.0', '--port', '0', '--memory'], {
      out: () => undefined,
      err: (line) => err.push(line),
    });
    await sandbox!.close();
    expect(err.join('\n')).toMatch(/^Warning: --host 0\.0\.0\.0 makes the sandbox reachable from other machines/);
    done();
  });
});

describe('the database: outside the work tree, owner-only, every file of it git-ignored', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'sandbox-db-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("the default path is in the user's data folder, not the work tree", () => {
    expect(path.relative(root, defaultDatabasePath()).startsWith('..')).toBe(true);
    expect(defaultDatabasePath({ XDG_DATA_HOME: '/data' }, 'linux')).toBe('/data/invoicing-sandbox/sandbox.db');
    expect(defaultDatabasePath({ LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' }, 'win32')).toContain(
      'invoicing-sandbox',
    );
  });
  test('the file and its -wal and -shm are 0600, in a new folder of mode 0700', async () => {
    const done = probe('The database file', 'refused');
    const file = path.join(dir, 'nested', 'sandbox.db');
    const sandbox = await startSandbox({ port: 0, database: file });
    try {
      await fetch(`${sandbox.baseUrl}/v1/clients`, {
        method: 'POST',
        body: JSON.stringify({ email: 'a@example.com' }),
        headers: { authorization: `Bearer ${sandbox.testKey}`, 'content-type': 'application/json' },
      });
      for (const name of [file, `${file}-wal`, `${file}-shm`])
        expect((statSync(name).mode & 0o777).toString(8)).toBe('600');
      expect((statSync(path.dirname(file)).mode & 0o777).toString(8)).toBe('700');
      done();
    } finally {
      await sandbox.close();
    }
  });
  test('git ignores a database given with --db inside the work tree, with its -wal and -shm', () => {
    const done = probe('The database file', 'refused');
    const names = [
      'invoicing-sandbox.db',
      'invoicing-sandbox.db-wal',
      'invoicing-sandbox.db-shm',
      'sandbox/x.db-journal',
    ];
    const ignored = execFileSync('git', ['check-ignore', ...names], { cwd: root })
      .toString()
      .trim()
      .split('\n');
    expect(ignored).toEqual(names);
    done();
  });
  test.each([
    [
      'a folder that cannot be made (a file is in the way)',
      () => {
        writeFileSync(path.join(dir, 'file'), '');
        return path.join(dir, 'file', 'sub', 'sandbox.db');
      },
      /Check that its folder exists/,
    ],
    [
      'a file that is not a database',
      () => {
        const f = path.join(dir, 'garbage.db');
        writeFileSync(f, 'x'.repeat(5000));
        return f;
      },
      /not a sandbox database or is damaged/,
    ],
    [
      'a truncated database',
      () => {
        const f = path.join(dir, 'cut.db');
        execFileSync(process.execPath, [
          '-e',
          `const {DatabaseSync}=require('node:sqlite');const d=new DatabaseSync(${JSON.stringify(f)});` +
            "d.exec('PRAGMA user_version=2; CREATE TABLE t(x); INSERT INTO t VALUES (randomblob(100000))');d.close()",
        ]);
        truncateSync(f, 5000);
        return f;
      },
      /not a sandbox database or is damaged/,
    ],
    [
      'a database of an older sandbox',
      () => {
        const f = path.join(dir, 'old.db');
        execFileSync(process.execPath, [
          '-e',
          `const {DatabaseSync}=require('node:sqlite');const d=new DatabaseSync(${JSON.stringify(f)});` +
            "d.exec('CREATE TABLE invoices(id)');d.close()",
        ]);
        return f;
      },
      /written by an older sandbox.*Move it away/,
    ],
  ])('%s: the message names the file and the way out', async (_what, make, fix) => {
    const done = probe('The database file', 'refused');
    const file = make();
    const err: string[] = [];
    const result = await runCli(['--port', '0', '--db', file], { out: () => undefined, err: (line) => err.push(line) });
    expect(result.exitCode).toBe(1);
    expect(err.join('\n')).toContain(file);
    expect(err.join('\n')).toMatch(fix);
    expect(err.join('\n')).toMatch(/--memory/);
    done();
  });
});

describe('messages name the problem and the fix', () => {
  test('an empty POST /v1/invoices says the body is missing and shows one', async () => {
    const done = probe('Messages', 'refused');
    const answer = await call('POST', '/v1/invoices');
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(
      /^POST \/v1\/invoices needs a JSON object as its body.*"client_email": "ana@example.com"/,
    );
    done();
  });
  test.each([
    ['[]', 'an array'],
    ['"text"', 'a string'],
    ['null', 'null'],
    ['42', 'a number'],
  ])('a body of %s says it must be an object', async (body, kind) => {
    const done = probe('Messages', 'refused');
    const answer = await call('POST', '/v1/invoices', { body });
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'invalid_body', detail: `The request body must be a JSON object of fields ({…}), not ${kind}.` },
    });
    done();
  });
  test('a second sandbox on a taken port says so and names --port', async () => {
    const done = probe('Messages', 'refused');
    const err: string[] = [];
    const result = await runCli(['--port', String(t.sandbox.port), '--memory'], {
      out: () => undefined,
      err: (line) => err.push(line),
    });
    expect(result.exitCode).toBe(2);
    expect(err[0]).toMatch(
      new RegExp(
        `^Port ${t.sandbox.port} on 127\\.0\\.0\\.1 is already in use.*npm start -- --port ${t.sandbox.port + 1}`,
      ),
    );
    done();
  });
  test('the sandbox README shows a first invoice with curl', () => {
    const readme = readFileSync(path.join(root, 'sandbox/README.md'), 'utf8');
    expect(readme).toMatch(/curl [^\n]*\/v1\/invoices/);
  });
});
