/**
 * Sandbox benchmark (npm run bench:sandbox): create-invoice requests/s over HTTP, webhook deliveries/s
 * end to end (signed POSTs that a local receiver answers 200), and the sandbox's peak RSS. The sandbox
 * runs in a child process on a database file, as `npm start` runs it; this process is the load
 * generator and the receiver, so neither's work is counted in the sandbox's memory.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInvoiceInputSchema, requests, validateInput } from '../shared';
import { fetchSend, startSandbox } from '../sandbox';

const CREATE_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = 16;
const EVENTS = 1000;
const SUBSCRIPTIONS = 10;

type FromSandbox = { baseUrl: string; testKey: string } | { maxRssKb: number };

/** Child role: run the sandbox, report its address, answer "usage" with its peak RSS. */
async function serve(database: string): Promise<void> {
  const sandbox = await startSandbox({ database, rateLimitPerSecond: 1e9 });
  process.send!({ baseUrl: sandbox.baseUrl, testKey: sandbox.testKey });
  process.on('message', async (message) => {
    if (message === 'usage') process.send!({ maxRssKb: process.resourceUsage().maxRSS });
    if (message === 'stop') {
      await sandbox.close();
      process.disconnect();
    }
  });
}

async function measure(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-bench-'));
  const child = fork(__filename, ['--serve', path.join(dir, 'bench.db')]);
  const next = () => new Promise<FromSandbox>((resolve) => child.once('message', (m) => resolve(m as FromSandbox)));
  let delivered = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      delivered += 1;
      res.end('ok');
    });
  });
  try {
    const { baseUrl, testKey } = (await next()) as { baseUrl: string; testKey: string };
    const connection = { apiKey: testKey, baseUrl };
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;

    const input = validateInput(createInvoiceInputSchema, { client_email: 'bench@example.com', currency: 'INR',
      items: [{ description: 'Benchmark line', amount: 1500 }, { description: 'Second line', amount: 2500 }] });
    let created = 0;
    const started = Date.now();
    const until = started + CREATE_SECONDS * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) {
        const response = await fetchSend(requests.createInvoice(connection, input));
        if (response.status !== 201) throw new Error(`create invoice answered ${response.status}`);
        created += 1;
      }
    }));
    const createRate = created / ((Date.now() - started) / 1000);

    for (let i = 0; i < SUBSCRIPTIONS; i += 1) {
      await fetchSend(requests.createWebhook(connection, { url: `${receiverUrl}/hook/${i}`, events: ['invoice.viewed'] }));
    }
    const invoice = (await fetchSend(requests.createInvoice(connection, input))).body as { id: string };
    const expected = EVENTS * SUBSCRIPTIONS;
    const deliveryStart = Date.now();
    for (let i = 0; i < EVENTS; i += CLIENTS) {
      await Promise.all(Array.from({ length: Math.min(CLIENTS, EVENTS - i) },
        () => fetchSend(requests.simulateView(connection, invoice.id, { channel: 'link' }))));
    }
    while (delivered < expected) await new Promise((resolve) => setTimeout(resolve, 5));
    const deliveryRate = expected / ((Date.now() - deliveryStart) / 1000);

    child.send('usage');
    const { maxRssKb } = (await next()) as { maxRssKb: number };
    process.stdout.write([
      `Sandbox benchmark (Node ${process.versions.node}, SQLite file database, ${CLIENTS} concurrent clients)`,
      `  create invoice:     ${createRate.toFixed(0)} requests/s (${created} in ${CREATE_SECONDS} s)`,
      `  webhook deliveries: ${deliveryRate.toFixed(0)} deliveries/s (${EVENTS} events x ${SUBSCRIPTIONS} subscriptions, signed, answered 200)`,
      `  peak RSS:           ${(maxRssKb / 1024).toFixed(0)} MB (the sandbox process)`,
      '',
    ].join('\n'));
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => receiver.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

const role = process.argv[2] === '--serve' ? serve(process.argv[3]) : measure();
role.catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
