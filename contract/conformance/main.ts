/** The command's entry: Ctrl-C (or a kill) removes the run's webhooks before the process ends. */
import { main } from './cli';
import type { Session } from './run';

let session: Session | undefined;
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.on(signal, () => {
    process.stderr.write(`${signal}: removing this run's webhooks before stopping\n`);
    void (session?.close() ?? Promise.resolve()).finally(() => process.exit(code));
  });
}

main(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  opened: (opened) => { session = opened; },
}).then((code) => process.exit(code), (error) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(2);
});
