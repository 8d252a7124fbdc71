/**
 * The sandbox's command line.
 *   start (default)   run the sandbox; prints the base URL, the key (in full only when it is issued), the
 *                     database path and the dashboard URL
 *   keys create|list  issue or list keys in the database file
 *   view|pay|dispute <invoice_id> …   run a test helper: view, pay or dispute an invoice on the running sandbox
 *   trigger <event>   make an event happen on a fresh invoice
 *   listen --forward-to <url>         forward the account's events to a local receiver
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type Connection,
  EVENT_TYPES,
  type EventType,
  SERVICE,
  expectOk,
  invoiceIdSchema,
  operations,
  type HttpRequest,
  simulateDisputeInputSchema,
  simulatePaymentInputSchema,
  simulateViewInputSchema,
  validateInput,
} from '../../shared';
import { keyPreview } from '../domain/accounts';
import { createKey, keyFromDatabase, listKeys, UsageError } from './keys';
import { LIFE_COMMANDS, LifeUsageError, lifeCommand } from './lifeCommands';
import { parseFaultSpec } from '../faults/injection';
import { type Sandbox, startSandbox } from '../index';
import { type Listener, startListening } from './listen';
import { defaultDatabasePath } from '../storage/databaseFile';
import { fetchSend } from '../http/fetchSend';
import { isTriggerable, trigger } from './trigger';
import { OPTIONS, USAGE, USUAL } from './usage';

export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** ANSI colours in `listen` lines (a terminal without NO_COLOR). */
  color?: boolean;
}

type Values = Record<string, string | boolean | string[] | undefined>;
const str = (values: Values, name: string) => values[name] as string | undefined;

function positiveNumber(name: string, text: string | undefined, fallback: number, allowZero = false): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new UsageError(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got "${text}".`);
  }
  return value;
}

const databaseFile = (values: Values) => path.resolve(str(values, 'db') ?? defaultDatabasePath());

async function start(values: Values, io: Io): Promise<Sandbox> {
  const port = positiveNumber('port', str(values, 'port'), Number(USUAL.port), true);
  if (!Number.isInteger(port) || port > 65535) throw new UsageError('--port must be a whole number from 0 to 65535.');
  if (values.memory && str(values, 'db')) throw new UsageError('Use either --db <path> or --memory, not both.');
  const host = str(values, 'host') ?? USUAL.hostname;
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      port,
      host,
      allowedHosts: (values['allow-host'] as string[] | undefined) ?? [],
      database: values.memory ? ':memory:' : databaseFile(values),
      examples: Boolean(values.examples),
      rateLimitPerSecond: positiveNumber('rate-limit', str(values, 'rate-limit'), 25),
      timeScale: positiveNumber('time-scale', str(values, 'time-scale'), 1),
      faults: str(values, 'faults') ? parseFaultSpec(str(values, 'faults')!) : {},
      seed: str(values, 'seed') === undefined ? undefined : positiveNumber('seed', str(values, 'seed'), 0, true),
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE') {
      throw new UsageError(
        `Port ${port} on ${host} is already in use (is another sandbox running?). Stop it, or start ` +
          `this one on another port: npm start -- --port ${port + 1}`,
      );
    }
    if (code === 'EADDRNOTAVAIL')
      throw new UsageError(`--host ${host} is not an address of this machine; use 127.0.0.1.`);
    throw error;
  }
  io.out(`${SERVICE.displayName} sandbox running (test mode only)`);
  io.out(`  Base URL:   ${sandbox.baseUrl}`);
  io.out(
    sandbox.testKeyIssued
      ? `  Test key:   ${sandbox.testKey}   (issued now and shown only this once: ` +
          `keep it; npm start -- keys create makes another)`
      : `  Test key:   ${keyPreview(sandbox.testKey)}   (printed at first start; ` +
          `npm start -- keys create makes another)`,
  );
  io.out(
    `  Database:   ` +
      `${sandbox.databasePath === ':memory:' ? 'in memory (nothing kept after stop)' : sandbox.databasePath}`,
  );
  // On first start the link signs the browser in (the key rides in the fragment, which no server sees).
  io.out(`  Dashboard:  ${sandbox.dashboardUrl}${sandbox.testKeyIssued ? `#key=${sandbox.testKey}` : ''}`);
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
    io.err(
      `Warning: --host ${host} makes the sandbox reachable from other machines on your network. Anyone who ` +
        'reaches it can use the hosted invoice pages, and with a key, the API; bind 127.0.0.1 unless you need this.',
    );
  }
  io.out('Press Ctrl-C to stop.');
  return sandbox;
}

function connection(values: Values): Required<Connection> {
  return {
    apiKey: str(values, 'key') ?? keyFromDatabase(databaseFile(values)),
    baseUrl: str(values, 'url') ?? USUAL.origin,
  };
}

async function send(request: HttpRequest, baseUrl: string) {
  try {
    return await fetchSend(request);
  } catch (error) {
    throw new UsageError(`No sandbox answered at ${baseUrl} (${(error as Error).message}); start one with npm start.`);
  }
}

async function testHelper(command: string, invoiceArg: string | undefined, values: Values, io: Io) {
  if (!invoiceArg) {
    throw new UsageError(
      `${command} needs the ID of an invoice, e.g. npm start -- ${command} inv_… (it is in the ` +
        'answer to POST /v1/invoices and on the dashboard).',
    );
  }
  const invoiceId = validateInput(invoiceIdSchema, invoiceArg);
  const input =
    command === 'view'
      ? validateInput(simulateViewInputSchema, { channel: str(values, 'channel') })
      : command === 'pay'
        ? validateInput(simulatePaymentInputSchema, { amount: str(values, 'amount') })
        : validateInput(simulateDisputeInputSchema, { reason: str(values, 'reason'), note: str(values, 'note') });
  const c = connection(values);
  const request =
    command === 'view'
      ? operations.simulateView.request(c, { invoice_id: invoiceId, ...input } as never)
      : command === 'pay'
        ? operations.simulatePayment.request(c, { invoice_id: invoiceId, ...input } as never)
        : operations.simulateDispute.request(c, { invoice_id: invoiceId, ...input } as never);
  const event = expectOk(await send(request, c.baseUrl)) as {
    id: string;
    type: string;
    data: { invoice: { number: string; status: string } };
  };
  io.out(`${event.type} ${event.id}: invoice ${event.data.invoice.number} is now ${event.data.invoice.status}`);
  io.out(JSON.stringify(event, null, 2));
}

async function keys(action: string | undefined, values: Values, io: Io) {
  const file = databaseFile(values);
  if (action === 'create') {
    const issued = createKey(file, Boolean(values['new-account']));
    io.out(`${issued.secret}`);
    io.err(`Issued ${issued.id} for ${issued.account.id} (${issued.account.name}) in ${file}; shown only this once.`);
  } else if (action === 'list') {
    for (const line of listKeys(file)) io.out(line);
  } else {
    throw new UsageError('keys needs create or list, e.g. npm start -- keys create');
  }
}

async function triggerCommand(name: string | undefined, values: Values, io: Io) {
  if (!name || !isTriggerable(name)) {
    throw new UsageError(`trigger needs an event type: ${EVENT_TYPES.join(', ')}${name ? ` (not "${name}")` : ''}.`);
  }
  const c = connection(values);
  await send(operations.getAccount.request(c, {}), c.baseUrl);
  const { invoice, event } = await trigger(c, name);
  io.out(`${event.type} ${event.id} on invoice ${invoice.number} (${invoice.id})`);
}

function eventList(text: string | undefined): EventType[] | undefined {
  if (text === undefined) return undefined;
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.find((name) => !isTriggerable(name));
  if (unknown || !names.length)
    throw new UsageError(
      `--events takes a comma-separated list of ${EVENT_TYPES.join(', ')}${unknown ? ` (not "${unknown}")` : ''}.`,
    );
  return names as EventType[];
}

async function listenCommand(values: Values, io: Io): Promise<Listener> {
  const forwardTo = str(values, 'forward-to');
  if (!forwardTo || !URL.canParse(forwardTo) || !/^https?:$/i.test(new URL(forwardTo).protocol)) {
    throw new UsageError(
      'listen needs --forward-to <url> with http:// or https://, e.g. --forward-to http://127.0.0.1:5678/webhook',
    );
  }
  const c = connection(values);
  const events = eventList(str(values, 'events'));
  await send(operations.getAccount.request(c, {}), c.baseUrl);
  return startListening({ connection: c, forwardTo, events, out: io.out, color: Boolean(io.color) });
}

export interface CliResult {
  exitCode: number;
  /** `start`: the running sandbox. */
  sandbox?: Sandbox;
  /** `listen`: the running relay. */
  listener?: Listener;
}

/** Runs one command; `start` and `listen` resolve with what keeps running, the others with nothing. */
export async function runCli(argv: string[], io: Io): Promise<CliResult> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    if (values.help) {
      io.out(USAGE);
      return { exitCode: 0 };
    }
    const [command = 'start', argument, ...extra] = positionals;
    if (extra.length) throw new UsageError(`Unexpected argument "${extra[0]}".`);
    if (command === 'start' && !argument) return { exitCode: 0, sandbox: await start(values, io) };
    if (['view', 'pay', 'dispute'].includes(command)) await testHelper(command, argument, values, io);
    else if (command === 'keys') await keys(argument, values, io);
    else if ((LIFE_COMMANDS as readonly string[]).includes(command)) {
      const c = connection(values);
      await lifeCommand(command, argument, values, io.out, c, (request) => send(request, c.baseUrl));
    } else if (command === 'trigger') await triggerCommand(argument, values, io);
    else if (command === 'listen' && !argument) return { exitCode: 0, listener: await listenCommand(values, io) };
    else throw new UsageError(`Unknown command "${command}".`);
    return { exitCode: 0 };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const usage =
      error instanceof UsageError ||
      error instanceof LifeUsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    io.err(usage ? `${message}\n\n${USAGE}` : message);
    return { exitCode: error instanceof UsageError || error instanceof LifeUsageError ? 2 : 1 };
  }
}

async function main(): Promise<void> {
  const io: Io = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
  };
  const { exitCode, sandbox, listener } = await runCli(process.argv.slice(2), io);
  const running = sandbox ?? listener;
  if (!running) {
    process.exitCode = exitCode;
    return;
  }
  const stop = () => {
    io.out(sandbox ? 'Stopping the sandbox…' : 'Removing the webhook…');
    running.close().then(
      () => io.out('Stopped.'),
      (error) => {
        io.err(String((error as Error).message ?? error));
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) void main();
