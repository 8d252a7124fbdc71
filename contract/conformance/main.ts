/** The command's entry: Ctrl-C (or a kill) removes the run's webhooks before the process ends. */
import { createInterface } from 'node:readline';
import { main } from './cli';
import type { Session } from './run';

let session: Session | undefined;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    process.stderr.write(`${signal}: removing this run's webhooks before stopping\n`);
    void (session?.close() ?? Promise.resolve()).finally(() => process.exit(code));
  });
}

main(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  opened: (opened) => {
    session = opened;
  },
  askKey,
}).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(2);
  },
);

/** The key typed at a terminal, not echoed; nothing to ask when input is not a terminal. */
function askKey(): Promise<string | undefined> {
  if (!process.stdin.isTTY) return Promise.resolve(undefined);
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  process.stderr.write('API key (not shown): ');
  // readline echoes what is typed through this method; the key is not written anywhere.
  (prompt as unknown as { _writeToOutput(text: string): void })._writeToOutput = () => undefined;
  return new Promise((resolve) =>
    prompt.question('', (typed) => {
      prompt.close();
      process.stderr.write('\n');
      resolve(typed.trim() || undefined);
    }),
  );
}
