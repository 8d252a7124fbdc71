/**
 * A stand-in for the service (or a gateway in front of it) on 127.0.0.1 that answers each request the
 * way a rule says: a status with headers and body, a reset connection, silence until the client gives
 * up, or the real sandbox's answer (optionally never delivered, as when a client times out after the
 * service did the work). Real sockets, so timeouts and resets are the platforms' own.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FaultCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
  receivedAt: number;
}

export type FaultReply =
  | { status: number; headers?: Record<string, string>; body?: string }
  | { reset: true }
  | { hang: true }
  /** Forward to the sandbox; with `thenHang` the sandbox's answer is held back for good. */
  | { forward: true; thenHang?: boolean };

export async function startFaultServer(rule: (call: FaultCall, index: number) => FaultReply, forwardTo?: string) {
  const calls: FaultCall[] = [];
  const held: ServerResponse[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text.
    }
    const call: FaultCall = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      body,
      receivedAt: Date.now(),
    };
    calls.push(call);
    const reply = rule(call, calls.length - 1);
    if ('reset' in reply) {
      req.socket.destroy();
      return;
    }
    if ('hang' in reply) {
      held.push(res);
      return;
    }
    if ('forward' in reply) {
      const forwarded = await fetch(`${forwardTo}${call.path}`, {
        method: call.method,
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(
            ([name]) => !['host', 'connection', 'content-length'].includes(name),
          ) as Array<[string, string]>,
        ),
        body: call.method === 'GET' || call.method === 'DELETE' ? undefined : text,
      });
      const payload = await forwarded.text();
      if (reply.thenHang) {
        held.push(res);
        return;
      }
      res
        .writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'application/json' })
        .end(payload);
      return;
    }
    res.writeHead(reply.status, reply.headers ?? {}).end(reply.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: async () => {
      for (const res of held) res.destroy();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
