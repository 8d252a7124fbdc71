/**
 * The Invoicing API sandbox, programmatically: a local, stateful emulator of the contract (shared/) that
 * delivers signed webhooks. Other parts' end-to-end tests and the demo start one per test file:
 *
 *   import { startSandbox } from '../../sandbox';
 *   const sandbox = await startSandbox({ port: 0, timeScale: 0.001 });
 *   // sandbox.baseUrl  → 'http://127.0.0.1:41233'  (a Connection's baseUrl)
 *   // sandbox.testKey  → 'ik_test_…'               (a Connection's apiKey; any well-formed ik_test_ key works)
 *   await sandbox.settled();  // waits until no webhook delivery is due or in flight
 *   await sandbox.close();    // stops the server, every timer and the database; jest exits cleanly
 *
 * Options (all optional):
 *   port 0 = any free port (default 0; the CLI defaults to 4010) · host '127.0.0.1'
 *   database ':memory:' (default) or a file path; with a file, data and pending deliveries survive a restart
 *   rateLimitPerSecond 25 (per key) · maxBodyBytes 1 MiB
 *   timeScale 1: multiplies every retry wait (0.001 turns 5 s into 5 ms) · jitter 0.1 (±10 % per wait)
 *   deliveryTimeoutMs 10000 · faults {} (see faults.ts) · seed: makes jitter, faults and shuffling repeatable
 *   testKey: the key to print and return (default: one generated per database and kept in it)
 */
import { type Account } from '../shared';
import { createApi } from './app';
import { newTestKey } from './auth';
import type { Context } from './context';
import { openData, type Data } from './data';
import { DeliveryEngine } from './delivery';
import type { Faults } from './faults';
import { newId, randomToken } from './ids';
import { createPages } from './pages';
import { seededRandom } from './random';
import { RateLimiter } from './rateLimit';
import { closeServer, createHttpServer, listen } from './server';
import { Store } from './store';

export interface SandboxOptions {
  port?: number;
  host?: string;
  database?: string;
  rateLimitPerSecond?: number;
  maxBodyBytes?: number;
  timeScale?: number;
  jitter?: number;
  deliveryTimeoutMs?: number;
  faults?: Faults;
  seed?: number;
  testKey?: string;
  /** Where unexpected errors are reported (default: stderr). */
  onError?: (error: unknown) => void;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:41233 (no trailing slash, no /v1): a Connection's baseUrl. */
  baseUrl: string;
  port: number;
  testKey: string;
  dashboardUrl: string;
  /** The database file, or ':memory:'. */
  databasePath: string;
  /** The raw collections, for tests that inspect state (the delivery log, pending deliveries). */
  data: Data;
  /** Resolves once no delivery is due or in flight (scheduled retries may still be waiting). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export const SANDBOX_DEFAULTS = {
  port: 0,
  host: '127.0.0.1',
  database: ':memory:',
  rateLimitPerSecond: 25,
  maxBodyBytes: 1024 * 1024,
  timeScale: 1,
  jitter: 0.1,
  deliveryTimeoutMs: 10_000,
} as const;

const reportToStderr = (error: unknown) => process.stderr.write(`sandbox: ${(error as Error)?.stack ?? String(error)}\n`);

function sandboxAccount(data: Data): Account {
  return JSON.parse(data.store.meta('account', () => JSON.stringify({
    id: newId('acct'), object: 'account', name: 'Sandbox Account', email: 'sandbox@invoicing.example', livemode: false,
  }))) as Account;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const settings = { ...SANDBOX_DEFAULTS, ...options };
  const random = seededRandom(options.seed ?? Number.parseInt(randomToken(6), 36));
  const faults = options.faults ?? {};
  const onError = options.onError ?? reportToStderr;
  const store = new Store(settings.database);
  const data = openData(store);
  const engine = new DeliveryEngine(data, { timeScale: settings.timeScale, jitter: settings.jitter, random, faults,
    timeoutMs: settings.deliveryTimeoutMs, concurrency: 32 });
  let baseUrl = '';
  const ctx: Context = { data, engine, account: sandboxAccount(data), publicUrl: (path) => `${baseUrl}${path}` };
  const testKey = options.testKey ?? store.meta('test_key', newTestKey);
  const api = createApi(ctx, {
    limiter: new RateLimiter(settings.rateLimitPerSecond), faults, random, page: createPages(ctx, newTestKey()),
  }, onError);
  const server = createHttpServer(api, settings.maxBodyBytes, (error) => {
    onError(error);
    return { status: 500, body: 'internal error' };
  });
  const address = await listen(server, settings.port, settings.host);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;
  engine.kick();

  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    port: address.port,
    testKey,
    dashboardUrl: `${baseUrl}/dashboard`,
    databasePath: settings.database,
    data,
    settled: () => engine.settled(),
    close: () => {
      closing ??= (async () => {
        await closeServer(server);
        await engine.close();
        store.close();
      })();
      return closing;
    },
  };
}

export { startReceiver, type Receiver, type ReceivedRequest } from './receiver';
export { parseFaultSpec, type Faults } from './faults';
export { fetchSend } from './send';
