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
