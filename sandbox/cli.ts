/**
 * The sandbox's command line.
 *   start (default)   run the sandbox; prints the base URL, a test key, the database path and the dashboard URL
 *   view <invoice_id> [--channel link|email|whatsapp]
 *   pay <invoice_id> [--amount <minor units>]
 *   dispute <invoice_id> --reason <text> [--note <text>]
 * The three occasions call a running sandbox's test helpers (--url, default the sandbox's usual address).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type Connection, SERVICE, expectOk, invoiceIdSchema, operations,
  simulateDisputeInputSchema, simulatePaymentInputSchema, simulateViewInputSchema, validateInput,
} from '../shared';
import { newTestKey } from './auth';
import { FAULT_SPEC_HELP, parseFaultSpec } from './faults';
import { type Sandbox, startSandbox } from './index';
import { fetchSend } from './send';

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

const USUAL = new URL(SERVICE.sandboxBaseUrl);
export const DEFAULT_DATABASE = 'invoicing-sandbox.db';

export const USAGE = `Usage: npm start -- [start] [options]     (or node sandbox/dist/cli.js …)
  --port <n>          port to listen on (default ${USUAL.port}; 0 = any free port)
  --host <address>    address to bind (default ${USUAL.hostname})
  --db <path>         database file (default ./${DEFAULT_DATABASE}); data and pending deliveries survive restarts
  --memory            keep everything in memory instead (gone when the sandbox stops)
  --rate-limit <n>    requests per second per key (default 25)
  --time-scale <x>    multiply webhook retry waits (default 1; 0.01 makes 5 min into 3 s)
  --faults <spec>     ${FAULT_SPEC_HELP}
  --seed <n>          repeatable jitter, shuffling and faults

       npm start -- view <invoice_id> [--channel link|email|whatsapp]
       npm start -- pay <invoice_id> [--amount <minor units, e.g. 1500 for ₹15.00>]
       npm start -- dispute <invoice_id> --reason <text> [--note <text>]
  --url <base url>    the running sandbox (default ${USUAL.origin})
  --key <ik_test_…>   a test key (default: a fresh one; the sandbox accepts any well-formed test key)`;

const OPTIONS = {
  port: { type: 'string' }, host: { type: 'string' }, db: { type: 'string' }, memory: { type: 'boolean' },
  'rate-limit': { type: 'string' }, 'time-scale': { type: 'string' }, faults: { type: 'string' }, seed: { type: 'string' },
  channel: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' }, note: { type: 'string' },
  url: { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

function positiveNumber(name: string, text: string | undefined, fallback: number, allowZero = false): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new UsageError(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got "${text}".`);
  }
  return value;
}

async function start(values: Record<string, string | boolean | undefined>, io: Io): Promise<Sandbox> {
  const str = (name: string) => values[name] as string | undefined;
  const port = positiveNumber('port', str('port'), Number(USUAL.port), true);
  if (!Number.isInteger(port) || port > 65535) throw new UsageError('--port must be a whole number from 0 to 65535.');
  if (values.memory && str('db')) throw new UsageError('Use either --db <path> or --memory, not both.');
  const sandbox = await startSandbox({
    port,
    host: str('host') ?? USUAL.hostname,
    database: values.memory ? ':memory:' : path.resolve(str('db') ?? DEFAULT_DATABASE),
    rateLimitPerSecond: positiveNumber('rate-limit', str('rate-limit'), 25),
    timeScale: positiveNumber('time-scale', str('time-scale'), 1),
    faults: str('faults') ? parseFaultSpec(str('faults')!) : {},
    seed: str('seed') === undefined ? undefined : positiveNumber('seed', str('seed'), 0, true),
  });
  io.out(`${SERVICE.displayName} sandbox running (test mode only)`);
  io.out(`  Base URL:   ${sandbox.baseUrl}`);
  io.out(`  Test key:   ${sandbox.testKey}`);
  io.out(`  Database:   ${sandbox.databasePath === ':memory:' ? 'in memory (nothing kept after stop)' : sandbox.databasePath}`);
  io.out(`  Dashboard:  ${sandbox.dashboardUrl}`);
  io.out('Press Ctrl-C to stop.');
  return sandbox;
}

async function occasion(command: string, invoiceArg: string | undefined, values: Record<string, string | boolean | undefined>, io: Io) {
  const str = (name: string) => values[name] as string | undefined;
  const invoiceId = validateInput(invoiceIdSchema, invoiceArg);
  const connection: Connection = { apiKey: str('key') ?? newTestKey(), baseUrl: str('url') ?? USUAL.origin };
  const request = command === 'view'
    ? operations.simulateView.request(connection, { invoice_id: invoiceId, ...validateInput(simulateViewInputSchema, { channel: str('channel') }) })
    : command === 'pay'
      ? operations.simulatePayment.request(connection, { invoice_id: invoiceId, ...validateInput(simulatePaymentInputSchema, { amount: str('amount') }) })
      : operations.simulateDispute.request(connection, { invoice_id: invoiceId, ...validateInput(simulateDisputeInputSchema, { reason: str('reason'), note: str('note') }) });
  let response;
  try {
    response = await fetchSend(request);
  } catch (error) {
    throw new UsageError(`No sandbox answered at ${connection.baseUrl} (${(error as Error).message}); start one with npm start.`);
  }
  const event = expectOk(response) as { id: string; type: string; data: { invoice: { number: string; status: string } } };
  io.out(`${event.type} ${event.id}: invoice ${event.data.invoice.number} is now ${event.data.invoice.status}`);
  io.out(JSON.stringify(event, null, 2));
}

/** Runs one command; `start` resolves with the running sandbox, the others with nothing. Exit code via the result. */
export async function runCli(argv: string[], io: Io): Promise<{ exitCode: number; sandbox?: Sandbox }> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    if (values.help) {
      io.out(USAGE);
      return { exitCode: 0 };
    }
    const [command = 'start', invoiceId, ...extra] = positionals;
    if (extra.length) throw new UsageError(`Unexpected argument "${extra[0]}".`);
    if (command === 'start' && !invoiceId) return { exitCode: 0, sandbox: await start(values, io) };
    if (['view', 'pay', 'dispute'].includes(command)) {
      await occasion(command, invoiceId, values, io);
      return { exitCode: 0 };
    }
    throw new UsageError(`Unknown command "${command}".`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.err(error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
      ? `${message}\n\n${USAGE}` : message);
    return { exitCode: error instanceof UsageError ? 2 : 1 };
  }
}

async function main(): Promise<void> {
  const io: Io = { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };
  const { exitCode, sandbox } = await runCli(process.argv.slice(2), io);
  if (!sandbox) {
    process.exitCode = exitCode;
    return;
  }
  const stop = () => {
    io.out('Stopping the sandbox…');
    sandbox.close().then(() => io.out('Stopped.'), (error) => io.err(String(error)));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) void main();
