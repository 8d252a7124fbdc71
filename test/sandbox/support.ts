import { type Connection, type HttpRequest, operations } from '../../shared';
import { fetchSend, type Sandbox, type SandboxOptions, startSandbox } from '../../sandbox';

export interface TestClient {
  sandbox: Sandbox;
  connection: Required<Connection>;
  send: typeof fetchSend;
  /** A built request sent with other headers or a raw body, for the error cases builders never produce. */
  raw(
    request: HttpRequest,
    changes: { headers?: Record<string, string | undefined>; body?: string },
  ): ReturnType<typeof fetchSend>;
  createInvoice(overrides?: Record<string, unknown>): Promise<any>;
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestClient> {
  const sandbox = await startSandbox({ port: 0, timeScale: 0.001, rateLimitPerSecond: 10_000, ...options });
  const connection = { apiKey: sandbox.testKey, baseUrl: sandbox.baseUrl };
  const client: TestClient = {
    sandbox,
    connection,
    send: fetchSend,
    async raw(request, changes) {
      const headers = { ...request.headers, ...changes.headers };
      for (const [name, value] of Object.entries(headers)) if (value === undefined) delete headers[name];
      const response = await fetch(request.url, {
        method: request.method,
        headers: headers as Record<string, string>,
        body: changes.body ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: text ? JSON.parse(text) : undefined,
      };
    },
    async createInvoice(overrides = {}) {
      const input = {
        client_email: 'ana@example.com',
        currency: 'INR',
        items: [{ description: 'Website design', amount: 150000 }],
        auto_send_whatsapp: false,
        ...overrides,
      };
      const response = await fetchSend(operations.createInvoice.request(connection, input as any));
      expect(response.status).toBe(201);
      return response.body;
    },
  };
  return client;
}

/** Polls `check` until it returns something truthy (the value is returned) or `timeoutMs` passes. */
type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 8000,
  what = 'condition',
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
