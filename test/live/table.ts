/** The counts a live run saw, next to what was expected, printed as one table at the end of a file. */
export interface Row {
  mode: string;
  check: string;
  expected: number;
  seen: number;
}

export class Counts {
  readonly rows: Row[] = [];

  /** Records the count first, so a failing check still shows in the table, then returns it. */
  record(mode: string, check: string, expected: number, seen: number): number {
    this.rows.push({ mode, check, expected, seen });
    return seen;
  }

  print(title: string): void {
    if (!this.rows.length) return;
    const width = Math.max(...this.rows.map((row) => row.check.length), 5);
    const modeWidth = Math.max(...this.rows.map((row) => row.mode.length), 4);
    const lines = [
      '',
      title,
      `${'mode'.padEnd(modeWidth)}  ${'check'.padEnd(width)}  expected  seen`,
      ...this.rows.map(
        (row) =>
          `${row.mode.padEnd(modeWidth)}  ${row.check.padEnd(width)}  ${String(row.expected).padStart(8)}  ${String(row.seen).padStart(4)}${row.seen === row.expected ? '' : '  <-- differs'}`,
      ),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
