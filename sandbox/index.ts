/**
 * The Invoicing API sandbox, programmatically: a local, stateful emulator of the contract (shared/) that
 * delivers signed webhooks. Other parts' end-to-end tests and the demo start one per test file:
 *
 *   import { startSandbox } from '../../sandbox';
 *   const sandbox = await startSandbox({ port: 0, timeScale: 0.001 });
 *   // sandbox.baseUrl  → 'http://127.0.0.1:41233'  (a Connection's baseUrl)
 *   // sandbox.testKey  → a test key               (a Connection's apiKey: the first account's first key)
 *   const other = sandbox.createAccount();  // { account, secret }: a second account that sees none of the first's data
 *   const spare = sandbox.issueKey();       // another key of the first account (its own rate-limit bucket)
 *   sandbox.answerLate('POST', '/v1/invoices', 35_000); // the next create acts at once, answers 35 s later
 *   await sandbox.settled();  // waits until no webhook delivery is due or in flight
 *   await sandbox.close();    // stops the server, every timer and the database; jest exits cleanly
 *
 * Options (all optional):
 *   port 0 = any free port (default 0; the CLI defaults to 4010) · host '127.0.0.1'
 *   database ':memory:' (default) or a file path; with a file, data and pending deliveries survive a restart
 *   rateLimitPerSecond 25 (per key) · maxBodyBytes 1 MB (1,000,000 bytes)
 *   timeScale 1: multiplies every retry wait (0.001 turns 5 s into 5 ms) · jitter 0.1 (±10 % per wait)
 *   deliveryTimeoutMs 10000 · faults {} (see faults.ts) · seed: makes jitter, faults and shuffling repeatable
 *   testKey: an issued-shaped key to register for the first account and return (default: its first key)
 *   allowedHosts: Host header names accepted besides localhost and IP addresses (DNS-rebinding guard)
 *   examples: make the objects docs/openapi.json's examples name, in the first account (sandbox/examples.ts)
 */
import { type Account, KEY_PREFIX } from '../shared';
import { type IssuedKey, ISSUED_KEY, createAccount, issueKey } from './domain/accounts';
import { createApi } from './http/api';
import type { SandboxCore } from './domain/context';
import { openData, type Data } from './storage/collections';
import { DeliveryEngine } from './delivery/engine';
import type { Faults } from './faults/injection';
import { LateAnswers } from './faults/lateAnswers';
import { randomToken } from './storage/ids';
import { createPages } from './dashboard/pages';
import { seedExamples } from './examples';
import { seededRandom } from './faults/random';
import { RateLimiter } from './http/rateLimit';
import { closeServer, createHttpServer, listen } from './http/server';
import { startOverdueSweeps } from './domain/overdue';
import { Store } from './storage/store';

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
  allowedHosts?: string[];
  /** Make the example objects (sandbox/examples.ts) unless the database has them. */
  examples?: boolean;
  /** Where unexpected errors are reported (default: stderr). */
  onError?: (error: unknown) => void;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:41233 (no trailing slash, no /v1): a Connection's baseUrl. */
  baseUrl: string;
  port: number;
  /** The first account's first key still in force. */
  testKey: string;
  /** Whether this start issued `testKey` (a new database): the CLI prints a key in full only then. */
  testKeyIssued: boolean;
  /** A new key for the first account (or for `account`): its own rate-limit bucket, the same data. */
  issueKey(account?: Account): IssuedKey;
  /** A new account with its first key: it sees none of the other accounts' invoices, clients, webhooks, events. */
  createAccount(): IssuedKey;
  dashboardUrl: string;
  /** The database file, or ':memory:'. */
  databasePath: string;
  /** The raw collections, for tests that inspect state (the delivery log, pending deliveries). */
  data: Data;
  /**
   * A planted fault: the next call of `method` to `path` is carried out at once, but its answer is sent only
   * `afterMs` later, so a client with a shorter timeout gives up after the service acted.
   */
  answerLate(method: string, path: string, afterMs: number): void;
  /** Resolves once no delivery is due or in flight (scheduled retries may still be waiting). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export const SANDBOX_DEFAULTS = {
  port: 0,
  host: '127.0.0.1',
  database: ':memory:',
  rateLimitPerSecond: 25,
  maxBodyBytes: 1_000_000,
  timeScale: 1,
  jitter: 0.1,
  deliveryTimeoutMs: 10_000,
} as const;

const reportToStderr = (error: unknown) =>
  process.stderr.write(`sandbox: ${(error as Error)?.stack ?? String(error)}\n`);

/** The first account and its key: made at first start, found again on later starts. */
function firstKey(data: Data, wanted: string | undefined): { secret: string; issued: boolean } {
  return data.store.transaction(() => {
    if (wanted !== undefined) {
      if (!ISSUED_KEY.test(wanted))
        throw new Error(`testKey must look like an issued key: ${KEY_PREFIX.test} and 24 letters or digits.`);
      if (data.accounts.activeKey(wanted)) return { secret: wanted, issued: false };
      issueKey(data.accounts, undefined, wanted);
      return { secret: wanted, issued: true };
    }
    const account = data.accounts.first();
    const existing = account && data.accounts.activeKeys(account.id)[0];
    return existing
      ? { secret: existing.secret, issued: false }
      : { secret: issueKey(data.accounts, account).secret, issued: true };
  });
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const settings = { ...SANDBOX_DEFAULTS, ...options };
  const random = seededRandom(options.seed ?? Number.parseInt(randomToken(6), 36));
  const faults = options.faults ?? {};
  const onError = options.onError ?? reportToStderr;
  const store = new Store(settings.database);
  const data = openData(store);
  const engine = new DeliveryEngine(data, {
    timeScale: settings.timeScale,
    jitter: settings.jitter,
    random,
    faults,
    timeoutMs: settings.deliveryTimeoutMs,
    concurrency: 32,
  });
  let baseUrl = '';
  let port = 0;
  const core: SandboxCore = { data, engine, publicUrl: (path) => `${baseUrl}${path}`, ownPort: () => port };
  const first = firstKey(data, options.testKey);
  const api = createApi(
    core,
    {
      limiter: new RateLimiter(settings.rateLimitPerSecond),
      faults,
      random,
      maxBodyBytes: settings.maxBodyBytes,
      allowedHosts: options.allowedHosts ?? [],
      page: createPages(core),
    },
    onError,
  );
  const late = new LateAnswers();
  const dispatch = (call: Parameters<typeof api>[0]) => late.deliver(call.method, call.url.pathname, api(call));
  const server = createHttpServer(dispatch, settings.maxBodyBytes, (error) => {
    onError(error);
    return { status: 500, body: 'internal error' };
  });
  let address;
  try {
    address = await listen(server, settings.port, settings.host);
  } catch (error) {
    await engine.close();
    store.close();
    throw error;
  }
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;
  port = address.port;
  try {
    if (options.examples) seedExamples(core);
  } catch (error) {
    await closeServer(server);
    await engine.close();
    store.close();
    throw error;
  }
  engine.kick();
  const stopOverdueSweeps = startOverdueSweeps(core, onError);

  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    port: address.port,
    testKey: first.secret,
    testKeyIssued: first.issued,
    issueKey: (account) => store.transaction(() => issueKey(data.accounts, account)),
    createAccount: () => store.transaction(() => issueKey(data.accounts, createAccount(data.accounts))),
    dashboardUrl: `${baseUrl}/dashboard`,
    databasePath: settings.database,
    data,
    answerLate: (method, path, afterMs) => late.plant(method, path, afterMs),
    settled: () => engine.settled(),
    close: () => {
      closing ??= (async () => {
        stopOverdueSweeps();
        late.close();
        await closeServer(server);
        await engine.close();
        store.close();
      })();
      return closing;
    },
  };
}

export { startReceiver, type Receiver, type ReceivedRequest } from './webhookReceiver/receiver';
export { parseFaultSpec, type Faults } from './faults/injection';
export { fetchSend } from './http/fetchSend';
