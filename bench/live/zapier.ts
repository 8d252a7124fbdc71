/**
 * Figure 4, Zapier's built zip where Zapier runs it: a fresh Node process per cold start (process start →
 * the first call's result, through the zip's Lambda handler) beside a minimal app on the same core, in
 * alternation; then one warm process serving `calls` mixed calls (create, search, hook perform,
 * performList) in a row, its RSS read at 250, 1,000 and `calls` (core ends a process that passed 250
 * calls above 450 MB).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { operations } from '../../shared';
import type { Sandbox } from '../../sandbox';
import { progress } from '../../test/live/processes';
import { happen, newInvoice, sandboxApi, sandboxKey } from '../../test/live/sandbox';
import { startZapierRpc } from '../../test/live/zapier-lambda';
import { buildMinimalZip } from '../size';
import { mb, median, msText, row, times, type Row } from './measure';
import { ZAPIER_CHILD } from './zapierChild';

const run = promisify(execFile);
// Two levels below the root both as source (bench/live/) and as the bundle (bench/dist/).
const root = path.resolve(__dirname, '../..');

interface Plan {
  count: number;
  events: Array<Record<string, unknown>>;
  lambda: Record<string, unknown>;
  sampleAt: number[];
}

async function child(
  work: string,
  wrapper: string,
  plan: Plan,
): Promise<{ firstMs: number; rss: Record<string, number>; failed: number }> {
  const planFile = path.join(work, `plan-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(planFile, JSON.stringify(plan));
  const { stdout } = await run(process.execPath, [path.join(work, 'child.cjs'), wrapper, planFile], {
    cwd: path.dirname(wrapper),
    timeout: 900_000,
    maxBuffer: 16 * 1024 * 1024,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
  if (result.error) throw new Error(`Zapier child: ${result.error}`);
  return result;
}

function echoServer(): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":1,"name":"Test"}'));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}/records`,
        close: () => server.close(),
      }),
    ),
  );
}

export async function zapierFigures(sandbox: Sandbox, zip: string, colds: number, calls: number): Promise<Row[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-live-zapier-'));
  const rpc = await startZapierRpc();
  const echo = await echoServer();
  try {
    writeFileSync(path.join(work, 'child.cjs'), ZAPIER_CHILD);
    // The CLI checks core from the app folder; the minimal app finds the root install through this link.
    symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
    const began = Date.now();
    const minimalZip = await buildMinimalZip(work);
    progress('zapier: minimal app built', began);
    const apps = { ours: path.join(work, 'ours'), minimal: path.join(work, 'minimal-app') };
    for (const [name, from] of [
      ['ours', zip],
      ['minimal', minimalZip],
    ] as const) {
      mkdirSync(apps[name]);
      await run('unzip', ['-q', from, '-d', apps[name]]);
    }
    const wrapper = (name: keyof typeof apps) => path.join(apps[name], 'zapierwrapper.js');
    const lambda = {
      environment: { INVOICING_API_BASE_URL: sandbox.baseUrl, LOGGING_ENDPOINT: `${rpc.url}logs` },
      rpc_base: rpc.url,
      token: 'bench',
    };
    const authData = { api_key: sandboxKey(sandbox) };
    const create = {
      command: 'execute',
      method: 'creates.create_invoice.operation.perform',
      bundle: {
        authData,
        inputData: {
          client_email: 'zap.bench@example.com',
          currency: 'INR',
          amount_unit: 'minor',
          items: [{ description: 'Design', amount: 120000 }],
        },
      },
    };
    const minimalCreate = {
      command: 'execute',
      method: 'creates.record.operation.perform',
      bundle: { authData: {}, inputData: { name: 'Test', url: echo.url } },
    };

    // Cold starts, alternating which goes first.
    const cold = { ours: [] as number[], minimal: [] as number[] };
    for (let round = 0; round < colds; round += 1) {
      for (const name of round % 2 === 0 ? (['ours', 'minimal'] as const) : (['minimal', 'ours'] as const)) {
        const result = await child(work, wrapper(name), {
          count: 1,
          events: [name === 'ours' ? create : minimalCreate],
          lambda,
          sampleAt: [1],
        });
        if (result.failed) throw new Error(`Zapier cold start (${name}): the first call failed`);
        cold[name].push(result.firstMs);
      }
    }

    // The warm container: what a busy Zap's calls look like, in turn.
    const invoiceId = await newInvoice(sandbox, 'zap.warm@example.com');
    const paid = JSON.parse(sandbox.data.events.getText((await happen(sandbox, invoiceId, 'invoice.paid')).id)!);
    const webhook = await sandboxApi(sandbox, (c) =>
      operations.createWebhook.request(c, { url: `${echo.url}/hook`, events: ['invoice.paid'] }),
    );
    const subscribeData = { id: webhook.id, secret: webhook.secret };
    const events = [
      create,
      {
        command: 'execute',
        method: 'searches.find_invoice.operation.perform',
        bundle: { authData, inputData: { invoice_id: invoiceId } },
      },
      {
        command: 'execute',
        method: 'triggers.invoice_paid.operation.perform',
        bundle: { authData, inputData: {}, subscribeData },
        hook: { event: paid, secret: webhook.secret },
      },
      {
        command: 'execute',
        method: 'triggers.invoice_paid.operation.performList',
        bundle: { authData, inputData: {} },
      },
    ];
    const sampleAt = [
      ...new Set([1, 250, 1000, calls, ...Array.from({ length: Math.floor(calls / 250) }, (_, i) => (i + 1) * 250)]),
    ]
      .filter((n) => n <= calls)
      .sort((a, b) => a - b);
    const warmBegan = Date.now();
    const warm = await child(work, wrapper('ours'), { count: calls, events, lambda, sampleAt });
    progress(`zapier: ${calls} warm calls (${warm.failed} failed)`, warmBegan);
    const minimalWarm = await child(work, wrapper('minimal'), {
      count: calls,
      events: [minimalCreate],
      lambda,
      sampleAt,
    });

    const at = (n: number) => warm.rss[n];
    // Growth after 1,000 calls: least-squares slope over the readings from 1,000 on, per 1,000 calls.
    const later = sampleAt.filter((n) => n >= Math.min(1000, calls));
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const mx = mean(later);
    const my = mean(later.map(at));
    const slope =
      (later.reduce((s, n) => s + (n - mx) * (at(n) - my), 0) /
        Math.max(
          1,
          later.reduce((s, n) => s + (n - mx) ** 2, 0),
        )) *
      1000;
    const coldRatio = median(cold.ours) / median(cold.minimal);
    const plateau = at(calls) < 300e6 && slope < 2e6;
    return [
      row(
        '4 zapier',
        "cold start: process start → first create's result, minimal app",
        msText(median(cold.minimal)),
        `the yardstick (${colds} fresh processes)`,
      ),
      row(
        '4 zapier',
        "cold start: process start → first create's result, our zip",
        msText(median(cold.ours)),
        `${times(coldRatio)} the minimal app (${median(cold.ours) >= median(cold.minimal) ? '+' : '−'}${msText(Math.abs(median(cold.ours) - median(cold.minimal)))})`,
      ),
      row(
        '4 zapier',
        `warm container RSS at 250 / 1,000 / ${calls} mixed calls`,
        `${mb(at(250))} / ${mb(at(Math.min(1000, calls)))} / ${mb(at(calls))}`,
        `target: under 300 MB and no growth after 1,000 (core ends a process past 250 calls above 450 MB); ${warm.failed} calls failed`,
        plateau && warm.failed === 0,
      ),
      row(
        '4 zapier',
        `  growth after 1,000 calls (least squares over ${later.length} readings)`,
        `${(slope / 1e6).toFixed(2)} MB per 1,000 calls`,
        `target < 2 MB per 1,000; the minimal app: ${mb(minimalWarm.rss[250])} / ${mb(minimalWarm.rss[Math.min(1000, calls)])} / ${mb(minimalWarm.rss[calls])}`,
      ),
    ];
  } finally {
    echo.close();
    await rpc.close();
    rmSync(work, { recursive: true, force: true });
  }
}
