/**
 * What the live suite starts outside its own process, and the bounded waits around them. Every child
 * runs in its own process group and is registered here, so a failing test, a jest timeout or an
 * interrupted run still ends it (the exit hook kills whatever is left).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

export interface Started {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr, also kept in its log file). */
  output(): string;
  /** Resolves when the output matches, rejects when the process ends or `seconds` pass first. */
  waitFor(pattern: RegExp, seconds: number, what: string): Promise<void>;
  stop(): Promise<void>;
}

export function start(
  label: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; log: string },
): Started {
  const child = spawn(command, args, {
    env: options.env,
    cwd: options.cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const log = createWriteStream(options.log, { flags: 'a' });
  let text = '';
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    if (text.length > 2_000_000) text = text.slice(-1_000_000);
    log.write(chunk);
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      log.end();
      resolve();
      for (const listener of listeners) listener();
    }),
  );

  return {
    child,
    output: () => text,
    waitFor: (pattern, seconds, what) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => finish(new Error(`${label}: ${what} did not happen within ${seconds} s (log: ${options.log})`)),
          seconds * 1000,
        );
        const check = () => {
          if (pattern.test(text)) finish();
          else if (child.exitCode !== null || child.signalCode !== null) {
            finish(
              new Error(
                `${label} ended (${child.exitCode ?? child.signalCode}) before ${what}; log: ${options.log}\n${text.slice(-2000)}`,
              ),
            );
          }
        };
        function finish(error?: Error) {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve();
        }
        listeners.add(check);
        check();
      }),
    stop: async () => {
      killGroup(child, 'SIGTERM');
      const killed = setTimeout(() => killGroup(child, 'SIGKILL'), 20_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it returns a value (not undefined) or `seconds` pass; then fails naming `what`. */
export async function eventually<T>(
  what: string,
  seconds: number,
  probe: () => Promise<T | undefined>,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${seconds} s${last ? ` (last error: ${(last as Error).message})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One progress line with the time since `since`, straight to the terminal (jest buffers console). */
export function progress(line: string, since?: number): void {
  const took = since === undefined ? '' : ` (${((Date.now() - since) / 1000).toFixed(1)} s)`;
  process.stdout.write(`[live] ${line}${took}\n`);
}
