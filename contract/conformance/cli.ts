/**
 * `INVOICING_API_KEY=<key> npm run conformance -- --base-url <url>`: the contract's assumptions checked against a
 * deployment; without --base-url, against a sandbox started in this process. Exit 0 when every assumption
 * held or could not be checked, 1 when one differs, 2 for a usage error (a live key without --allow-live).
 */
import { parseArgs } from 'node:util';
import { KEY_PREFIX } from '../../shared';
import { startSandbox, type Sandbox } from '../../sandbox';
import { openSession, type Session } from './run';
import { coverageLine, report } from './table';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /**
   * Asks for the key without echoing it, when the environment has none (a terminal); never a flag
   * (npm prints flags).
   */
  askKey?(): Promise<string | undefined>;
  /** Called with the session once it holds resources, so the caller can close it on a signal. */
  opened?(session: Session): void;
}

const USAGE =
  'Usage: INVOICING_API_KEY=<key> npm run conformance -- ' +
  `[--base-url <url>] [--allow-live] [--receiver-url <url>]
  [--delivery-wait <s>] [--retry-wait <s>]
Without --base-url, checks a sandbox started in-process. The key comes from INVOICING_API_KEY, or is asked for
(not echoed); it is never a flag, since npm prints a script's command line.
--receiver-url: a public URL forwarding to the receiver this run starts on 127.0.0.1 (printed at start),
for a deployment that cannot reach this machine.`;

export async function main(argv: string[], io: Io): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        'base-url': { type: 'string' },
        'allow-live': { type: 'boolean' },
        'receiver-url': { type: 'string' },
        'delivery-wait': { type: 'string' },
        'retry-wait': { type: 'string' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  let sandbox: Sandbox | undefined;
  let baseUrl = args['base-url'];
  let key = process.env.INVOICING_API_KEY;
  if (baseUrl === undefined) {
    // Retries at 1/100 of the contract's waits, so the retry after a 500 comes in 50 ms instead of 5 s.
    sandbox = await startSandbox({ timeScale: 0.01 });
    baseUrl = sandbox.baseUrl;
    key = sandbox.testKey;
    io.err(`no --base-url: checking a sandbox started in this process at ${baseUrl}\n`);
  }
  try {
    key ||= await io.askKey?.();
    if (!key) {
      io.err(`INVOICING_API_KEY (or typing the key when asked) is needed with --base-url.\n${USAGE}\n`);
      return 2;
    }
    if (key.startsWith(KEY_PREFIX.live) && !args['allow-live']) {
      io.err(
        `Refusing a live key (${KEY_PREFIX.live}…): the run creates invoices, clients and payments. Use a test key, ` +
          'or add --allow-live if this deployment is meant for it.\n',
      );
      return 2;
    }
    const seconds = (value: string | undefined, fallback: number) =>
      value === undefined ? fallback : Number(value) * 1000;
    const session = await openSession({
      baseUrl,
      key,
      receiverUrl: args['receiver-url'],
      progress: (line) => io.err(`${line}\n`),
      deliveryWaitMs: seconds(args['delivery-wait'], sandbox ? 5_000 : 15_000),
      retryWaitMs: seconds(args['retry-wait'], sandbox ? 5_000 : 30_000),
    });
    io.opened?.(session);
    io.err(`run ${session.ctx.tag}: everything it creates carries this tag; receiver at ${session.ctx.receiver.url}\n`);
    const results = await session.run();
    io.out(`${report(results)}\n`);
    io.err(`${coverageLine(results)}\n`);
    return results.some((result) => result.outcome.state === 'differs') ? 1 : 0;
  } finally {
    await sandbox?.close();
  }
}
