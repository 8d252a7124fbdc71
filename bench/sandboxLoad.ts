/**
 * Figure 4, the sandbox under load: create-invoice requests/s over HTTP (alternating in rounds with a
 * server that only answers, the loopback ceiling for the same load generator), webhook deliveries/s end
 * to end (signed POSTs a local receiver answers 200), the catch-up after an outage (events held behind a
 * failed delivery, then sent one at a time in order), and the sandbox process's memory: resident size
 * at the middle and at the end of the create rounds (bounded means it stops growing with the number
 * of requests) and its peak. The sandbox runs in a child process on a database file, as `npm start` runs it; this
 * process is the load generator and the receiver, so neither's work is counted in its memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInvoiceInputSchema, operations, sampleInvoice, validateInput, type Connection } from '../shared';
import { fetchSend } from '../sandbox';
import {
  median,
  pct,
  perSecond,
  row,
  startEchoChild,
  startSandboxChild,
  within,
  type Row,
  type SandboxChild,
} from './support';

export interface SandboxLoad {
  clients: number;
  createSeconds: number;
  created: number;
  createRate: number;
  echoRate: number;
  events: number;
  subscriptions: number;
  deliveryRate: number;
  /** Events held behind a failed delivery during an outage, then sent one at a time in order, per second. */
  catchUpRate: number;
  rssMiddle: number;
  rssEnd: number;
  peakRss: number;
}

const input = validateInput(createInvoiceInputSchema, {
  client_email: 'bench@example.com',
  currency: 'INR',
  items: [
    { description: 'Benchmark line', amount: 1500 },
    { description: 'Second line', amount: 2500 },
  ],
});

/** `clients` loops creating invoices for `seconds`; returns how many were created and the rate. */
async function createFor(connection: Connection, clients: number, seconds: number) {
  let created = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const response = await fetchSend(operations.createInvoice.request(connection, input));
        if (response.status !== 201) throw new Error(`create invoice answered ${response.status}`);
        created += 1;
      }
    }),
  );
  return { created, rate: created / ((performance.now() - started) / 1000) };
}

export async function measureSandbox({
  createSeconds = 5,
  clients = 16,
  events = 1000,
  subscriptions = 10,
} = {}): Promise<SandboxLoad> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-bench-'));
  let delivered = 0;
  // The catch-up receiver (path /late) answers 503 while `outage` is on; its 2xx answers are timed.
  let outage = true;
  const caughtUp: number[] = [];
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (!req.url?.startsWith('/late')) delivered += 1;
      else if (outage) res.statusCode = 503;
      else caughtUp.push(performance.now());
      res.end('ok');
    });
  });
  const children: SandboxChild[] = [];
  try {
    const echo = await startEchoChild(sampleInvoice);
    children.push(echo);
    const sandbox = await startSandboxChild({ database: path.join(dir, 'bench.db'), rateLimitPerSecond: 1e9 });
    children.push(sandbox);
    const connection = { apiKey: sandbox.testKey, baseUrl: sandbox.baseUrl };
    const echoConnection = { apiKey: echo.testKey, baseUrl: echo.baseUrl };
    // A short warm-up of each first, so the halves compare warmed-up processes (compiled code, grown heap).
    await createFor(echoConnection, clients, 0.5);
    await createFor(connection, clients, 1);
    // Four rounds alternating the two servers, so a busy moment slows both; memory after rounds 2 and 4.
    const rounds = 4;
    const rates = { echo: [] as number[], sandbox: [] as number[] };
    let created = 0;
    let rssMiddle = 0;
    for (let round = 0; round < rounds; round += 1) {
      const sandboxRun = async () => {
        const run = await createFor(connection, clients, createSeconds / rounds);
        rates.sandbox.push(run.rate);
        created += run.created;
      };
      const echoRun = async () =>
        void rates.echo.push((await createFor(echoConnection, clients, createSeconds / rounds)).rate);
      for (const step of round % 2 ? [echoRun, sandboxRun] : [sandboxRun, echoRun]) await step();
      if (round === rounds / 2 - 1) rssMiddle = (await sandbox.memory()).rss;
    }
    const rssEnd = (await sandbox.memory()).rss;
    await echo.stop();
    const creates = { created, rate: median(rates.sandbox) };
    const echoRate = median(rates.echo);

    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    for (let i = 0; i < subscriptions; i += 1) {
      await fetchSend(
        operations.createWebhook.request(connection, { url: `${receiverUrl}/hook/${i}`, events: ['invoice.viewed'] }),
      );
    }
    const invoice = (await fetchSend(operations.createInvoice.request(connection, input))).body as { id: string };
    const expected = events * subscriptions;
    const deliveryStart = performance.now();
    for (let i = 0; i < events; i += clients) {
      await Promise.all(
        Array.from({ length: Math.min(clients, events - i) }, () =>
          fetchSend(operations.simulateView.request(connection, { invoice_id: invoice.id, channel: 'link' })),
        ),
      );
    }
    await within(
      120,
      `${expected} webhook deliveries`,
      (async () => {
        while (delivered < expected) await new Promise((resolve) => setTimeout(resolve, 5));
      })(),
    );
    const deliveryRate = expected / ((performance.now() - deliveryStart) / 1000);

    // Catching up: one subscription down while `events` happen holds them behind its first failed delivery;
    // once that one's retry gets through, the rest go one at a time, oldest first. Timed from that first 2xx.
    const hooks = (await fetchSend(operations.listWebhooks.request(connection, { limit: 100 }))).body as {
      data: Array<{ id: string }>;
    };
    for (const hook of hooks.data)
      await fetchSend(operations.deleteWebhook.request(connection, { webhook_id: hook.id }));
    await fetchSend(
      operations.createWebhook.request(connection, { url: `${receiverUrl}/late`, events: ['invoice.viewed'] }),
    );
    for (let i = 0; i < events; i += clients) {
      await Promise.all(
        Array.from({ length: Math.min(clients, events - i) }, () =>
          fetchSend(operations.simulateView.request(connection, { invoice_id: invoice.id, channel: 'link' })),
        ),
      );
    }
    outage = false;
    await within(
      120,
      `${events} held deliveries`,
      (async () => {
        while (caughtUp.length < events) await new Promise((resolve) => setTimeout(resolve, 5));
      })(),
    );
    const catchUpRate = (events - 1) / ((caughtUp[events - 1] - caughtUp[0]) / 1000);
    const { peakRss } = await sandbox.memory();
    return {
      clients,
      createSeconds,
      created: creates.created,
      createRate: creates.rate,
      echoRate,
      events,
      subscriptions,
      deliveryRate,
      catchUpRate,
      rssMiddle,
      rssEnd,
      peakRss,
    };
  } finally {
    for (const child of children) await child.stop();
    await new Promise((resolve) => receiver.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Bounded memory: the second half of the creates may not grow the sandbox's resident size by this much. */
export const RSS_GROWTH_LIMIT = 0.2;
export const PEAK_RSS_LIMIT = 256 * 1024 * 1024;

export async function sandboxFigure(createSeconds: number): Promise<Row[]> {
  const load = await measureSandbox({ createSeconds });
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const growth = load.rssEnd / load.rssMiddle - 1;
  return [
    row(
      '4 sandbox',
      `create invoice, ${load.clients} clients, SQLite file (${load.created} in ${load.createSeconds} s)`,
      perSecond(load.createRate),
      `${(load.createRate / load.echoRate).toFixed(2)}× a server that only answers (${perSecond(load.echoRate)})`,
    ),
    row(
      '4 sandbox',
      `webhook deliveries (${load.events} events × ${load.subscriptions} subscriptions, signed)`,
      perSecond(load.deliveryRate),
      `${(load.deliveryRate / load.createRate).toFixed(2)}× the create rate`,
    ),
    row(
      '4 sandbox',
      `catch-up after an outage (${load.events} held events, one at a time, in order)`,
      perSecond(load.catchUpRate),
      `${(load.catchUpRate / load.deliveryRate).toFixed(2)}× the deliveries above (several at once, any order)`,
    ),
    row(
      '4 sandbox',
      'sandbox resident memory, middle → end of the creates',
      `${mb(load.rssMiddle)} → ${mb(load.rssEnd)}`,
      `${pct(growth)} while as many invoices again were created (target < ${pct(RSS_GROWTH_LIMIT)})`,
      growth < RSS_GROWTH_LIMIT,
    ),
    row(
      '4 sandbox',
      'sandbox peak RSS (whole run)',
      mb(load.peakRss),
      `target < ${mb(PEAK_RSS_LIMIT)}`,
      load.peakRss < PEAK_RSS_LIMIT,
    ),
  ];
}
