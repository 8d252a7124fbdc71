/**
 * A webhook receiver for tests: a local HTTP server on port 0 that records every request (raw body and
 * headers, for signature checks), answers with a status of the test's choosing, and can go down and come
 * back on the same port, as a real receiver does during an outage.
 *
 *   const receiver = await startReceiver();
 *   receiver.respondWith(503);               // or (request) => status
 *   await receiver.down(); await receiver.up();
 *   const [hit] = await receiver.waitFor(1); // resolves with the first n recorded requests
 *   await receiver.close();
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

import { closeServer, listen } from '../http/server';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  receivedAt: number;
  /** The status this request was answered with. */
  status: number;
}

/** A status, or a function of the request giving one (a promise of one to answer slowly). */
export type StatusRule = number | ((request: Omit<ReceivedRequest, 'status'>) => number | Promise<number>);

export interface Receiver {
  /** e.g. http://127.0.0.1:43121/hooks */
  url: string;
  requests: ReceivedRequest[];
  respondWith(rule: StatusRule): void;
  /** Stops listening: deliveries now meet a refused connection. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** Resolves with the recorded requests once `count` have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(options: { status?: StatusRule; path?: string } = {}): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  let rule: StatusRule = options.status ?? 200;
  const path = options.path ?? '/hooks';

  const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const seen = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      const status = typeof rule === 'function' ? await rule(seen) : rule;
      requests.push({ ...seen, status });
      if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      for (const wake of [...waiters]) wake();
    });
  };

  let server: Server = createServer(handler);
  const { port } = await listen(server, 0, '127.0.0.1');

  return {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    respondWith(next) {
      rule = next;
    },
    down: () => closeServer(server),
    async up() {
      if (server.listening) return;
      server = createServer(handler);
      await listen(server, port, '127.0.0.1');
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return;
          cleanup();
          resolve(requests.slice(0, count));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`receiver got ${requests.length} of ${count} expected requests within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => closeServer(server),
  };
}
