/**
 * What Zapier's Lambda gives the app it runs, besides the event: the cache over RPC (get, and set with
 * "only if absent") and the log endpoint. Used by zapier.live.ts and `npm run bench:live`.
 */
import { createServer, type Server } from 'node:http';

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
    req.on('data', (chunk) => { body += chunk; });
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
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`,
    logs: () => logs,
    clearLogs: () => { logs = ''; },
    close: () => new Promise<void>((done) => server.close(() => done())),
  })));
}
