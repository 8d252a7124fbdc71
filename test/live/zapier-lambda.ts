/**
 * What Zapier's Lambda gives the app it runs, besides the event: the cache over RPC (get, and set with
 * "only if absent"), the log endpoint and z.stashFile's upload (RPC `get_presigned_upload_post_data`, then a
 * multipart POST to the presigned URL, which zapier-platform-core 19's create-file-stasher.js and uploader.js
 * make; here the URL is this server's `/stash` instead of Zapier's S3 bucket); and the app in a process of its
 * own, as a warm container runs it. Used by zapier.live.ts, invoiceLife.live.ts and `npm run bench:live`.
 */
import { execFileSync, fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

export interface ZapierRpc {
  /** The RPC base URL (`rpc_base`); logs go to `${url}logs`. */
  url: string;
  /** What the app logged so far, as Zapier's log endpoint received it. */
  logs(): string;
  clearLogs(): void;
  /** Every file the app stashed, as the upload POST carried it: the form's fields and the file's bytes. */
  stashed(): StashedFile[];
  close(): Promise<void>;
}

export interface StashedFile {
  /** The URL z.stashFile answered (the presigned URL joined with the form's `key`). */
  url: string;
  fields: Record<string, string>;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export function startZapierRpc(): Promise<ZapierRpc> {
  const cache = new Map<string, string>();
  let logs = '';
  const stashed: StashedFile[] = [];
  let base = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
    });
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      if (req.url === '/stash') {
        // S3's presigned POST answers 204 No Content; core then answers the file's URL.
        const form = await new Response(raw, { headers: { 'content-type': String(req.headers['content-type']) } })
          .formData()
          .catch(() => undefined);
        // Duck-typed: under jest the form's File comes from another realm than the test's `Blob`.
        const file = form?.get('file') as File | string | null | undefined;
        if (!form || !file || typeof file === 'string') {
          res.statusCode = 400;
          res.end('no file part');
          return;
        }
        const fields: Record<string, string> = {};
        form.forEach((value, key) => {
          if (typeof value === 'string') fields[key] = value;
        });
        stashed.push({
          url: new URL(fields.key, `${base}stash`).href,
          fields,
          fileName: file.name,
          contentType: file.type,
          bytes: Buffer.from(await file.arrayBuffer()),
        });
        res.statusCode = 204;
        res.end();
        return;
      }
      const body = raw.toString('utf8');
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
      } else if (method === 'get_presigned_upload_post_data') {
        result = { url: `${base}stash`, fields: { key: `stash/${id}/file`, policy: 'live-suite' } };
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id, result }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
      resolve({
        url: base,
        logs: () => logs,
        stashed: () => [...stashed],
        clearLogs: () => {
          logs = '';
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    }),
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

/** The built zip running as Zapier runs it: unzipped, in a container of its own, with Zapier's RPC beside it. */
export interface BuiltZip {
  rpc: ZapierRpc;
  /** The app's definition, as Zapier reads it (the handler's `definition` command). */
  definition(): Promise<any>;
  /**
   * One call as Zapier's Lambda makes it: the connection's key in authData, the service's URL the app's
   * environment variable, the cache and logs over RPC.
   */
  execute(connection: { apiKey: string; baseUrl: string }, method: string, bundle?: object): Promise<any>;
  close(): Promise<void>;
}

export async function startBuiltZip(zip: string, folder: string): Promise<BuiltZip> {
  const rpc = await startZapierRpc();
  execFileSync('unzip', ['-q', zip, '-d', path.join(folder, 'app')]);
  // The file Zapier's Lambda loads, from outside the repository, so nothing resolves from its node_modules.
  const container = startZapierContainer(path.join(folder, 'app', 'zapierwrapper.js'), folder);
  return {
    rpc,
    definition: async () => (await container.handler({ command: 'definition', bundle: {} })).results,
    execute: async ({ apiKey, baseUrl }, method, bundle = {}) =>
      (
        await container.handler({
          command: 'execute',
          method,
          bundle: { authData: { api_key: apiKey }, inputData: {}, ...bundle },
          environment: { INVOICING_API_BASE_URL: baseUrl, LOGGING_ENDPOINT: `${rpc.url}logs` },
          rpc_base: rpc.url,
          token: 'live-suite',
        })
      ).results,
    close: async () => {
      container.close();
      await rpc.close();
    },
  };
}
