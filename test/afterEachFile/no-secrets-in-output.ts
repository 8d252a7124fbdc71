/**
 * Every test file, every suite: nothing written to the console, stdout or stderr while a test runs may
 * hold an API key or a webhook secret (both carry fixed prefixes, so a pattern finds any of them, not
 * just the ones a test knows). A test that prints one fails, naming the stream.
 */
const SECRET = /\bik_(?:live|test)_[A-Za-z0-9_]{6,}|\bwhsec_[A-Za-z0-9+/=_-]{8,}/;

const leaks: string[] = [];

function watch(label: string, text: unknown): void {
  const value = typeof text === 'string' ? text : Buffer.isBuffer(text) ? text.toString('utf8') : '';
  if (SECRET.test(value))
    leaks.push(`${label}: ${value.replace(SECRET, (found) => `${found.slice(0, 8)}…`).slice(0, 200)}`);
}

for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    for (const arg of args)
      watch(
        `console.${method}`,
        typeof arg === 'string' ? arg : arg instanceof Error ? `${arg.message}\n${arg.stack}` : safeJson(arg),
      );
    original(...args);
  };
}
for (const stream of ['stdout', 'stderr'] as const) {
  const original = process[stream].write.bind(process[stream]) as (...args: unknown[]) => boolean;
  process[stream].write = ((chunk: unknown, ...rest: unknown[]) => {
    watch(stream, chunk);
    return original(chunk, ...rest);
  }) as typeof process.stdout.write;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

afterEach(() => {
  const found = leaks.splice(0);
  expect(found).toEqual([]);
});
