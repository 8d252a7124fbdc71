/**
 * What ships: the CLI's own `validate` and `build` on zapier/, then the built zip's handler, unpacked
 * as the CLI's load test unpacks it, called in a fresh Node process with the events Zapier's runtime
 * sends. `build` runs `npm install --production` in a temp copy; prefer-offline serves it from the npm
 * cache the root install filled, so no registry request is needed once the cache holds core 19.1.0.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import decompress from 'zapier-platform-cli/src/utils/decompress';
import { generateWebhookSecret, sampleEvents, sampleInvoice, signWebhook } from '../../shared';

const run = promisify(execFile);
const zapierDir = path.resolve(__dirname, '../../zapier');
const cli = require.resolve('zapier-platform-cli/src/bin/run');
const env = { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Runs one event through the unpacked zip's zapierwrapper in its own process, as Lambda would. */
async function invoke(
  unpacked: string,
  event: object,
): Promise<{ results?: any; error?: { name: string; message: string } }> {
  const script = `
    const { handler } = require(${JSON.stringify(path.join(unpacked, 'zapierwrapper.js'))});
    handler(JSON.parse(process.argv[1]), {}).then(
      (output) => process.stdout.write('\\n@@' + JSON.stringify({ results: output.results })),
      (error) => process.stdout.write('\\n@@' + JSON.stringify({ error: { name: error.name, message: error.message } })));`;
  const { stdout } = await run(process.execPath, ['-e', script, JSON.stringify(event)], {
    cwd: unpacked,
    timeout: 30_000,
  });
  return JSON.parse(stdout.slice(stdout.lastIndexOf('\n@@') + 3));
}

describe('the built app (zapier-platform build)', () => {
  let server: Server;
  let baseUrl: string;
  const received: Received[] = [];
  let unpacked: string;
  let buildSeconds: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(sampleInvoice));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const started = Date.now();
    await run(process.execPath, [cli, 'build', '--skip-validation'], { cwd: zapierDir, env, timeout: 170_000 });
    buildSeconds = (Date.now() - started) / 1000;
    unpacked = mkdtempSync(path.join(tmpdir(), 'zapier-built-'));
    await decompress(path.join(zapierDir, 'build', 'build.zip'), unpacked);
  }, 180_000);

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    if (unpacked) rmSync(unpacked, { recursive: true, force: true });
  });

  it("passes the CLI's offline validation with no errors and no warnings", async () => {
    const { stdout, stderr } = await run(process.execPath, [cli, 'validate', '--without-style', '--format', 'json'], {
      cwd: zapierDir,
      env,
      timeout: 60_000,
    });
    expect(JSON.parse(stdout.trim())).toEqual([]);
    // The machine's own npm config may warn about itself; nothing else may.
    expect(stderr.split('\n').filter((line) => /warn/i.test(line) && !/Unknown user config/.test(line))).toEqual([]);
  });

  it('builds build.zip with the shared code bundled in and only core from node_modules', () => {
    expect(buildSeconds).toBeLessThan(120);
    const files = readdirSync(unpacked, { recursive: true }) as string[];
    expect(files).toEqual(
      expect.arrayContaining([
        'zapierwrapper.js',
        'index.js',
        path.join('dist', 'index.js'),
        path.join('node_modules', 'zapier-platform-core', 'index.js'),
      ]),
    );
    expect(
      files.some(
        (file) => file.startsWith(`node_modules${path.sep}zod`) || file.startsWith('src') || file.startsWith('shared'),
      ),
    ).toBe(false);
    const bundle = readFileSync(path.join(unpacked, 'dist', 'index.js'), 'utf8');
    expect(bundle).toContain('must have at least one line item'); // shared schemas
    expect(bundle).toContain('webhook-signature'); // shared Standard Webhooks verification
    expect(statSync(path.join(zapierDir, 'build', 'build.zip')).size).toBeLessThan(5_000_000);
  });

  it("creates an invoice through the zip's handler, line items in order", async () => {
    received.length = 0;
    const output = await invoke(unpacked, {
      command: 'execute',
      method: 'creates.create_invoice.operation.perform',
      bundle: {
        authData: { api_key: 'ik_test_buildCheck1' },
        inputData: {
          client_email: 'ana@example.com',
          currency: 'INR',
          items: [
            { description: 'B', amount: '2.00' },
            { description: 'A', amount: '1' },
          ],
        },
      },
      // Zapier's Lambda hands the app's environment variables over in the event.
      environment: { INVOICING_API_BASE_URL: baseUrl },
    });
    expect(output.error).toBeUndefined();
    expect(output.results).toMatchObject({ id: sampleInvoice.id, amount_due_formatted: '₹14,900.00' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/v1/invoices' });
    expect(received[0].headers.authorization).toBe('Bearer ik_test_buildCheck1');
    expect(JSON.parse(received[0].body).items).toEqual([
      { description: 'B', amount: 200 },
      { description: 'A', amount: 100 },
    ]);
  });

  it('refuses bad input inside the zip before sending anything', async () => {
    received.length = 0;
    const output = await invoke(unpacked, {
      command: 'execute',
      method: 'creates.create_invoice.operation.perform',
      bundle: {
        authData: { api_key: 'ik_test_buildCheck1' },
        inputData: { client_email: 'ana@example.com', currency: 'INR', items: [{ description: 'A', amount: '1.505' }] },
      },
      environment: { INVOICING_API_BASE_URL: baseUrl },
    });
    expect(output.error?.message).toContain(
      'Item 1: amount has more decimals than INR has (2 decimals; you entered 1.505)',
    );
    expect(received).toHaveLength(0);
  });

  it('verifies a signed delivery inside the zip and turns it into the flat record', async () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify(sampleEvents.paid);
    const signed = signWebhook({ secret, id: sampleEvents.paid.id, timestamp: Math.floor(Date.now() / 1000), body });
    const rawRequest = {
      content: body,
      headers: Object.fromEntries(Object.entries(signed).map(([name, value]) => [`Http-${name}`, value])),
    };
    const event = (content: string) => ({
      command: 'execute',
      method: 'triggers.invoice_paid.operation.perform',
      bundle: {
        authData: { api_key: 'ik_test_buildCheck1' },
        subscribeData: { id: 'we_x', secret },
        rawRequest: { ...rawRequest, content },
      },
    });
    await expect(invoke(unpacked, event(body))).resolves.toMatchObject({
      results: [{ id: sampleEvents.paid.id, upi_utr: '412345678901' }],
    });
    await expect(invoke(unpacked, event(body.replace('412345678901', '999999999999')))).resolves.toEqual({
      results: [],
    });
  });
});
