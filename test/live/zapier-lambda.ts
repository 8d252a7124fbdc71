/**
 * What Zapier's Lambda gives the app it runs, besides the event: the cache over RPC (get, and set with
 * "only if absent") and the log endpoint; and the app in a process of its own, as a warm container runs it.
 * Used by zapier.live.ts and `npm run bench:live`.
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

export interface ZapierRpc {
  /** The RPC base URL (`rpc_base`); logs go to `${url}logs`. */
  url: string;
  /** What the app logged so far, as Zapier's log endpoint received it. */
  logs(): string;
  clearLogs(): void;
  close(): Promise<void>;
}

export function startZapierRpc(): Promise<ZapierRpc> {
  const cache = new Map<string, string>();
  let logs = '';
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.url === '/logs') {
        logs += `${body}\n`;
        res.end('{}');
        return;
      }
      const { id, method, params } = JSON.parse(body);
      let result: unknown = null;
      if (method === 'zcache_get') result = cache.get(params[0]) ?? null;
      else if (method === 'zcache_set') {
        const [key, value, , , nx] = params;
        result = nx && cache.has(key) ? false : (cache.set(key, value), true);
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id, result }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`,
        logs: () => logs,
        clearLogs: () => {
          logs = '';
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

/**
 * The unzipped app in a process of its own, as one warm Lambda container runs it: its `handler` called
 * over IPC. In the test's own process the jest worker's memory (n8n's modules, the sandbox, 10,000
 * clients) counts towards zapier-platform-core's memory check, which ends a process past 250 calls above
 * 450 MB; the app alone stays near 190 MB.
 */
const CONTAINER = String.raw`'use strict';
const { handler } = require(process.argv[2]);
process.on('message', ({ id, event }) => Promise.resolve(handler(event)).then(
  (output) => process.send({ id, output }),
  (error) => process.send({ id, error: { name: error && error.name, message: String(error && error.message || error) } })));
`;

export interface ZapierContainer {
  handler(event: object): Promise<any>;
  close(): void;
}

export function startZapierContainer(wrapper: string, folder: string): ZapierContainer {
  const script = path.join(folder, 'container.js');
  writeFileSync(script, CONTAINER);
  // stdout ignored: core prints a memory line per call outside Lambda's log capture.
  const child = fork(script, [wrapper], { cwd: folder, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  child.on(
    'message',
    ({ id, output, error }: { id: number; output?: unknown; error?: { name: string; message: string } }) => {
      const call = waiting.get(id);
      waiting.delete(id);
      if (error) call?.reject(Object.assign(new Error(error.message), { name: error.name }));
      else call?.resolve(output);
    },
  );
  child.on('exit', (code) => {
    for (const call of waiting.values())
      call.reject(new Error(`the Zapier app's process exited (code ${code}) during a call`));
    waiting.clear();
  });
  return {
    handler: (event) =>
      new Promise((resolve, reject) => {
        const id = (next += 1);
        waiting.set(id, { resolve, reject });
        child.send({ id, event });
      }),
    close: () => {
      child.kill();
    },
  };
}
