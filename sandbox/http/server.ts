import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Reply } from '../routes/router';

/** A request as it came off the wire, before any API rule is applied. */
export interface RawCall {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body went over the limit; what was read is dropped. */
  tooLarge: boolean;
}

export type Dispatch = (call: RawCall) => Reply | Promise<Reply>;

/**
 * A body over the limit is read to its end and thrown away, so the client, still sending, gets the 413
 * instead of a reset connection. Past this many bytes (a client that never stops) the 413 goes out at once
 * and the connection closes.
 */
const DRAIN_LIMIT_BYTES = 256 * 1024 * 1024;

function send(res: import('node:http').ServerResponse, reply: Reply): void {
  const headers = { ...reply.headers };
  let payload: string | Buffer | undefined;
  if (reply.body === undefined) payload = undefined;
  else if (typeof reply.body === 'string' || Buffer.isBuffer(reply.body)) payload = reply.body;
  else {
    payload = JSON.stringify(reply.body);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  res.writeHead(reply.status, headers);
  res.end(payload);
}

/** The sandbox's HTTP front: reads bodies with a size limit and hands every call to `dispatch`. */
export function createHttpServer(dispatch: Dispatch, maxBodyBytes: number, onError: (error: unknown) => Reply): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      const call: RawCall = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://sandbox.invalid'),
        headers: req.headers,
        body: size <= maxBodyBytes ? Buffer.concat(chunks) : Buffer.alloc(0),
        tooLarge: size > maxBodyBytes,
      };
      Promise.resolve()
        .then(() => dispatch(call))
        .catch(onError)
        .then(
          (reply) => send(res, reply),
          () => res.destroy(),
        );
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
      else if (size > DRAIN_LIMIT_BYTES && !answered) {
        res.setHeader('connection', 'close');
        answer();
        res.once('finish', () => req.destroy());
      }
    });
    req.on('end', answer);
  });
}

export async function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server.address() as AddressInfo;
}

export async function closeServer(server: Server): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}
