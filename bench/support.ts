/**
 * What every benchmark shares: the result row the report prints, robust statistics (medians, so a
 * noisy shared machine does not mislead) and a sandbox in a child process of its
 * own so its CPU and memory are not the measured process's.
 */
import { fork } from 'node:child_process';
import { ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type SandboxOptions } from '../sandbox';

export interface Row {
  figure: string;
  measure: string;
  value: string;
  /** The ratio or the target it is judged against ("—" when the figure is informational). */
  against: string;
  /** undefined: informational, no target. */
  pass?: boolean;
}

export const row = (figure: string, measure: string, value: string, against = '—', pass?: boolean): Row => ({
  figure,
  measure,
  value,
  against,
  pass,
});

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** The rows as one aligned text table (what both benches print and write). */
export function formatTable(rows: Row[]): string {
  const cells = rows.map((r) => [
    r.figure,
    r.measure,
    r.value,
    r.against,
    r.pass === undefined ? '' : r.pass ? 'pass' : 'MISS',
  ]);
  const header = ['figure', 'measure', 'value', 'ratio / target', 'result'];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const line = (values: string[]) =>
    values
      .map((value, column) => value.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}

/** Linear interpolation between the nearest ranks. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p / 100) * (sorted.length - 1);
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
}

export const ms = (value: number, digits = 2) => `${value.toFixed(digits)} ms`;
export const pct = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)} %`;
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const perSecond = (value: number) => `${value >= 100 ? value.toFixed(0) : value.toFixed(1)}/s`;

/** Time-bounded: rejects after `seconds` (the work itself is left to finish or fail on its own). */
export async function within<T>(seconds: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface SandboxChild {
  baseUrl: string;
  testKey: string;
  /** HTTP statuses the sandbox answered, counted in its process. */
  statuses(): Promise<Record<string, number>>;
  /** The child's resident set size now and its peak so far, in bytes. */
  memory(): Promise<{ rss: number; peakRss: number }>;
  stop(): Promise<void>;
}

const CHILD_FLAG = '--bench-sandbox';
const ECHO_FLAG = '--bench-echo';

type FromChild =
  | { ready: { baseUrl: string; testKey: string } }
  | { statuses: Record<string, number> }
  | { memory: { rss: number; peakRss: number } };

/** A sandbox in its own process (this same script, re-run in the child role), as `npm start` runs it. */
export function startSandboxChild(options: SandboxOptions = {}): Promise<SandboxChild> {
  return startChild([CHILD_FLAG, JSON.stringify(options)]);
}

/**
 * The loopback ceiling in the same kind of child: a server that reads each request and answers 201
 * with a stored invoice, doing nothing else. Same protocol as the sandbox child.
 */
export function startEchoChild(answer: unknown): Promise<SandboxChild> {
  return startChild([ECHO_FLAG, JSON.stringify(answer)]);
}

async function startChild(args: string[]): Promise<SandboxChild> {
  const child = fork(process.argv[1], args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <K extends string>(key: K) =>
    within(
      30,
      `the sandbox child's "${key}" answer`,
      new Promise<any>((resolve, reject) => {
        const onMessage = (message: FromChild) => {
          if (key in message) {
            child.off('message', onMessage);
            child.off('exit', onExit);
            resolve((message as Record<string, unknown>)[key]);
          }
        };
        const onExit = (code: number | null) => reject(new Error(`the sandbox child exited (${code})`));
        child.on('message', onMessage);
        child.once('exit', onExit);
      }),
    );
  const ready = next('ready');
  const { baseUrl, testKey } = (await ready) as { baseUrl: string; testKey: string };
  return {
    baseUrl,
    testKey,
    statuses: () => (child.send('statuses'), next('statuses')),
    memory: () => (child.send('memory'), next('memory')),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await within(10, 'stopping the sandbox child', exited).catch(() => child.kill('SIGKILL'));
    },
  };
}

/** In a child role, runs the sandbox (or the echo server) and answers the parent; returns false in the parent. */
export function runSandboxChildRole(): boolean {
  const sandboxAt = process.argv.indexOf(CHILD_FLAG);
  const echoAt = process.argv.indexOf(ECHO_FLAG);
  if (sandboxAt < 0 && echoAt < 0) return false;
  void (async () => {
    const statuses: Record<string, number> = {};
    // Count answers where they are written: the sandbox answers every request through writeHead.
    const writeHead = ServerResponse.prototype.writeHead;
    ServerResponse.prototype.writeHead = function countStatus(this: unknown, status: number, ...rest: unknown[]) {
      statuses[status] = (statuses[status] ?? 0) + 1;
      return (writeHead as (...args: unknown[]) => unknown).call(this, status, ...rest);
    } as typeof writeHead;
    const server =
      sandboxAt >= 0
        ? await startSandbox(JSON.parse(process.argv[sandboxAt + 1]) as SandboxOptions)
        : await echo(process.argv[echoAt + 1]);
    process.send!({ ready: { baseUrl: server.baseUrl, testKey: server.testKey } });
    process.on('message', async (message) => {
      if (message === 'statuses') process.send!({ statuses });
      if (message === 'memory')
        process.send!({ memory: { rss: process.memoryUsage.rss(), peakRss: process.resourceUsage().maxRSS * 1024 } });
      if (message === 'stop') {
        await server.close();
        process.disconnect();
      }
    });
  })();
  return true;
}

async function echo(answer: string) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    testKey: 'ik_test_echo',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
