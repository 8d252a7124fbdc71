/**
 * The Zapier hook trigger logs why it dropped a delivery with z.console.log, which zapier-platform-core also
 * prints with console.log: in a test that sends repeats and forgeries, dozens of "Webhook refused…" blocks that
 * look like failures in a passing run. Here they are captured instead of printed, each checked to be one of
 * the trigger's reasons and free of secrets, and handed to the test to count.
 */
const REASONS = [
  /^Webhook refused: .+\.$/,
  /^Ignored a repeated delivery of evt_\S+\.$/,
  /^Ignored an event of type [a-z_]+\.[a-z_]+\.$/,
  /^This .+ trigger has no subscription /,
  /^Could not check whether evt_\S+ was delivered before; passing it on\.$/,
];
const SECRET = /\bik_(?:live|test)_\w|\bwhsec_\w/;

/** Call once at the top of a test file; the array fills with each line logged (trailing newline removed). */
export function captureZapierLogs(): string[] {
  const lines: string[] = [];
  let spy: jest.SpyInstance | undefined;
  beforeAll(() => {
    spy = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' ').trimEnd());
    });
  });
  afterEach(() => {
    expect(lines.filter((line) => SECRET.test(line) || !REASONS.some((reason) => reason.test(line)))).toEqual([]);
  });
  afterAll(() => spy?.mockRestore());
  return lines;
}
