/** What the n8n end-to-end suites share: the built package loaded in n8n-core, a sandbox, a proxy. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { operations, type HttpRequest } from '../../shared';
import { fetchSend, startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { buildPackage, loadPackage, runNode, type LoadedPackage, type NodeRun, type RunNodeOptions } from './harness';

export interface Setup {
  pkg: LoadedPackage;
  sandbox: Sandbox;
  /** The credential as a workflow author would fill it in for the sandbox. */
  credentials: Record<string, ICredentialDataDecryptedObject>;
  run(parameters: IDataObject, options?: Partial<RunNodeOptions>): Promise<NodeRun>;
  /** Sends a shared request straight to the sandbox (setting up or checking state). */
  api(build: (connection: { apiKey: string; baseUrl: string }) => HttpRequest): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** Builds and loads the package once per test file and starts an in-memory sandbox beside it. */
export async function setUp(
  options: SandboxOptions = {},
  build: Parameters<typeof buildPackage>[0] = {},
): Promise<Setup> {
  const built = buildPackage(build);
  const pkg = await loadPackage(built.dir);
  const sandbox = await startSandbox({ port: 0, timeScale: 0.001, rateLimitPerSecond: 10_000, ...options });
  const connection = { apiKey: sandbox.testKey, baseUrl: sandbox.baseUrl };
  const credentials = { invoicingApi: { apiKey: sandbox.testKey, baseUrl: sandbox.baseUrl } };
  return {
    pkg,
    sandbox,
    credentials,
    run: (parameters, runOptions = {}) =>
      runNode(pkg, { node: 'invoicingApi', parameters, credentials, ...runOptions }),
    api: async (build) => fetchSend(build(connection)),
    close: async () => {
      await sandbox.close();
      built.cleanup();
    },
  };
}

export { operations };

/** How many invoices the sandbox holds (up to 100): what a refused item must leave unchanged. */
export const invoiceCount = async (s: Setup) =>
  (await s.api((c) => operations.listInvoices.request(c, { limit: 100 }))).body.data.length as number;

export interface ProxiedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/**
 * A pass-through proxy in front of the sandbox that can replace answers: what a flaky network or a
 * busy service does to a real workflow. `answer` returns a reply to send instead of forwarding (or
 * `after: true` to forward first and then lose the sandbox's answer).
 */
type Replacement = { status: number; headers?: Record<string, string>; body?: string; after?: boolean };

export async function startProxy(
  target: string,
  options: {
    answer?: (call: { method: string; path: string; index: number }) => Replacement | undefined;
    /** Holds every answer this long, so concurrent requests overlap measurably. */
    delayMs?: number;
  } = {},
) {
  const { answer = () => undefined, delayMs = 0 } = options;
  const calls: ProxiedCall[] = [];
  let inFlight = 0;
  let peakInFlight = 0;
  const server: Server = createServer(async (req, res) => {
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const replacement = answer({ method, path, index: calls.length });
    const call: ProxiedCall = { method, path, headers: req.headers, body, status: 0 };
    calls.push(call);
    let status: number;
    let headers: Record<string, string>;
    let payload: string;
    if (replacement && !replacement.after) {
      ({ status, headers = {}, body: payload = '' } = replacement);
    } else {
      const forwarded = await fetch(`${target}${path}`, {
        method,
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(
            ([name]) => !['host', 'connection', 'content-length'].includes(name),
          ) as Array<[string, string]>,
        ),
        body: method === 'GET' || method === 'DELETE' ? undefined : body,
      });
      status = forwarded.status;
      headers = { 'content-type': forwarded.headers.get('content-type') ?? 'application/json' };
      payload = await forwarded.text();
      if (replacement?.after) ({ status, headers = {}, body: payload = '' } = replacement);
    }
    call.status = status;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    inFlight -= 1;
    res.writeHead(status, headers);
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    get peakInFlight() {
      return peakInFlight;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A list that passes the contract's validation: `n` line items. */
export function lineItems(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    description: `Line ${index + 1}`,
    amount: 1000 * (index + 1),
  }));
}
