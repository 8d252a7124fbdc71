/**
 * One progress line per step, each with its time, and a failure that names the step and the reason
 * without a stack trace (set DEMO_DEBUG=1 to get one). The demo exits 0 only if every step returned.
 */
export interface StepTiming {
  title: string;
  ms: number;
}

export class Steps {
  readonly timings: StepTiming[] = [];

  private count = 0;

  constructor(private readonly print: (line: string) => void) {}

  /** Runs `work`; `done` turns its result into the rest of the progress line. */
  async run<T>(title: string, work: () => Promise<T>, done: (result: T) => string = () => 'done'): Promise<T> {
    this.count += 1;
    const label = `[${String(this.count).padStart(2)}] ${title}`;
    const started = performance.now();
    try {
      const result = await work();
      const ms = Math.round(performance.now() - started);
      this.timings.push({ title, ms });
      this.print(`${label}: ${done(result)} (${ms} ms)`);
      return result;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.print(`${label}: FAILED: ${reason}`);
      if (process.env.DEMO_DEBUG) this.print(String((error as Error)?.stack));
      throw new Error(`step ${this.count} (${title}) failed: ${reason}`);
    }
  }
}

/** Throws with `message` unless `condition` holds: every claim the summary makes is checked first. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The demo's output fits a terminal 120 characters wide (test/demo/demo.test.ts checks every line). */
export const WIDTH = 120;

/**
 * Wraps each line of `text` at a space so that none is wider than WIDTH; a continuation line is indented past
 * the step number or the summary's label ("[12] ", "  Payments:   "), and by at least 5 spaces, which no
 * first line has, so a reader (and the demo's test) can tell it continues the line above.
 */
export function fit(text: string): string {
  return text.split('\n').map(fitLine).join('\n');
}

function fitLine(line: string): string {
  if ([...line].length <= WIDTH) return line;
  const label = /^(\[[ \d]\d\] | {2}[A-Z][\w ]*: +)/.exec(line)?.[0].length ?? 0;
  const indent = ' '.repeat(Math.max(label, 5));
  const lines: string[] = [];
  let rest = line;
  while ([...rest].length > WIDTH) {
    const chars = [...rest];
    const cut = chars
      .slice(0, WIDTH + 1)
      .join('')
      .lastIndexOf(' ');
    if (cut <= indent.length) break;
    lines.push(rest.slice(0, cut));
    rest = indent + rest.slice(cut + 1).trimStart();
  }
  return [...lines, rest].join('\n');
}
