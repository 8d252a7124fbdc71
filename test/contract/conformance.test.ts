/**
 * `npm run conformance`: every assumption holds against the sandbox; against a proxy that differs on
 * purpose, exactly the planted differences are named; a run interrupted halfway leaves no webhook behind.
 */
import { buildSync } from 'esbuild';
import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { main } from '../../contract/conformance/cli';
import { openSession } from '../../contract/conformance/run';
import { report } from '../../contract/conformance/table';
import { startSandbox, type Sandbox } from '../../sandbox';

const root = path.join(__dirname, '..', '..');

function captured() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) } };
}

test('without flags it checks a sandbox it starts, and every assumption holds', async () => {
  const { out, io } = captured();
  expect(await main([], io)).toBe(0);
  const summary = /(\d+) held, 0 differ, 0 not checkable \(of (\d+)\)/.exec(out.join(''));
  expect(summary).not.toBeNull();
  expect(summary![1]).toBe(summary![2]);
  expect(Number(summary![1])).toBeGreaterThanOrEqual(21);
}, 60_000);

test('a live key is refused unless --allow-live', async () => {
  const { err, io } = captured();
  expect(await main(['--base-url', 'http://127.0.0.1:9', '--key', 'ik_live_abcdefghijklmnopqrstuvwx'], io)).toBe(2);
  expect(err.join('')).toContain('Refusing a live key');
  expect(err.join('')).not.toContain('abcdefghijklmnop');
});

describe('against a deployment that differs', () => {
  let sandbox: Sandbox;
  let proxy: Server;
  let proxyUrl: string;

  /**
   * Three planted differences: a created client answers 200 instead of 201, a validation problem names its
   * field errors `field_errors` instead of `errors`, and a 429 comes without Retry-After.
   */
  beforeAll(async () => {
    sandbox = await startSandbox({ timeScale: 0.01 });
    const target = new URL(sandbox.baseUrl);
    proxy = createServer((incoming, outgoing) => {
      const forwarded = request({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url,
        headers: incoming.headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          let status = answer.statusCode ?? 500;
          const headers = { ...answer.headers };
          let body = Buffer.concat(chunks).toString('utf8');
          if (incoming.method === 'POST' && incoming.url === '/v1/clients' && status === 201) status = 200;
          if (status === 422 && body.includes('"validation_failed"')) body = body.replace('"errors":', '"field_errors":');
          if (status === 429) delete headers['retry-after'];
          delete headers['content-length'];
          outgoing.writeHead(status, headers).end(body);
        });
      });
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await sandbox.close();
  });

  test('the table names exactly the planted differences, with the request and answer seen', async () => {
    const session = await openSession({ baseUrl: proxyUrl, key: sandbox.testKey, deliveryWaitMs: 5000, retryWaitMs: 5000 });
    const results = await session.run();
    const differing = results.filter((result) => result.outcome.state === 'differs').map((result) => result.assumption.id);
    expect(differing).toEqual(['errors.validation', 'clients.create', 'rate-limit']);
    expect(results.filter((result) => result.outcome.state === 'not checkable')).toEqual([]);
    const table = report(results);
    expect(table).toContain('answered 200; the contract says 201');
    expect(table).toContain('errors[] names []');
    expect(table).toContain('header Retry-After is missing');
    expect(table).toMatch(/request: POST http:\/\/127\.0\.0\.1:\d+\/v1\/clients/);
    expect(table).not.toMatch(/ik_test_[A-Za-z0-9]{12}|whsec_[A-Za-z0-9+/]{8}/);
    expect(table).toContain(`${results.length - 3} held, 3 differ, 0 not checkable`);
  }, 60_000);
});

describe('a run stopped halfway', () => {
  let sandbox: Sandbox;
  const bundle = path.join(root, 'node_modules', '.cache', 'contract', 'conformance-test.js');

  beforeAll(async () => {
    sandbox = await startSandbox({ timeScale: 0.01 });
    buildSync({ entryPoints: [path.join(root, 'contract', 'conformance', 'main.ts')], bundle: true, platform: 'node', target: 'node22',
      packages: 'external', outfile: bundle, logLevel: 'warning' });
  });
  afterAll(() => sandbox.close());

  /** Starts the command against the sandbox and sends `signal` once it has registered its webhook; resolves with the exit code. */
  async function stopAfterRegistering(signal: NodeJS.Signals): Promise<number | null> {
    // Stopped the moment it has registered its webhook: halfway, with the delivery checks still to come.
    const child = spawn(process.execPath, [bundle, '--base-url', sandbox.baseUrl, '--delivery-wait', '60'],
      { cwd: root, env: { ...process.env, INVOICING_API_KEY: sandbox.testKey }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (/registered webhook we_\w+/.test(stderr) && !child.killed) child.kill(signal);
    });
    return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  /** The account's webhooks; the run just spent the key's rate limit, so a 429 is waited out as it asks. */
  const webhooks = async () => {
    for (let tries = 0; ; tries += 1) {
      const response = await fetch(`${sandbox.baseUrl}/v1/webhooks?limit=100`, { headers: { Authorization: `Bearer ${sandbox.testKey}` } });
      if (response.status !== 429 || tries >= 10) {
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: Array<{ id: string; description: string }> }).data;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
    }
  };

  test('Ctrl-C (SIGINT) and SIGTERM remove the webhook it registered', async () => {
    expect(await stopAfterRegistering('SIGINT')).toBe(130);
    expect(await webhooks()).toEqual([]);
    expect(await stopAfterRegistering('SIGTERM')).toBe(143);
    expect(await webhooks()).toEqual([]);
  }, 60_000);

  test('only a SIGKILL, which no process can handle, leaves it, recognisable by the run tag', async () => {
    await stopAfterRegistering('SIGKILL');
    const left = await webhooks();
    expect(left).toHaveLength(1);
    expect(left[0].description).toMatch(/^conformance \d{12}-[0-9a-f]{6}$/);
  }, 60_000);
});
