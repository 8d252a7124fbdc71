/**
 * Each suite writes what it measured to .results/<suite>.json; `npm run reliability:report` renders
 * docs/reliability.md from those files, so every figure in the doc is one a test counted and asserted.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const RESULTS_DIR = path.join(__dirname, '..', '.results');

/** One row of the doc: a platform's outcome for one part of a suite. */
export interface Row {
  platform: 'Zapier' | 'n8n' | 'Sandbox';
  part: string;
  tried: number;
  rejected: number;
  accepted: number;
  /** Must be 0: valid input that got no (correct) request, an event that never started a run, a leak. */
  lost: number;
  /** Anything else worth a column in the doc ("requests sent: 4,123"). */
  notes?: string;
}

export interface SuiteResult {
  suite: string;
  title: string;
  rows: Row[];
  durationMs: number;
  seed?: number;
  /** Sentences the doc prints under the table (decisions, limits). */
  facts?: string[];
  /** What this suite's secret scan saw (suite 7 lists every suite's). */
  scans?: Array<{ platform: Row['platform'] | 'both'; artefacts: number; bytes: number; leaks: number }>;
}

export function writeResult(file: string, result: SuiteResult): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    path.join(RESULTS_DIR, `${file}.json`),
    `${JSON.stringify({ ...result, writtenAt: new Date().toISOString() }, null, 2)}\n`,
  );
}

export function readResults(dir = RESULTS_DIR): Array<SuiteResult & { file: string; writtenAt: string }> {
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((name) => ({
    file: name.replace(/\.json$/, ''),
    ...(JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as SuiteResult & { writtenAt: string }),
  }));
}

/** The seed of this run's generated inputs: RELIABILITY_SEED to repeat a run, else a fresh one (printed). */
export function runSeed(): number {
  const given = Number(process.env.RELIABILITY_SEED);
  return Number.isSafeInteger(given) && given !== 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1;
}
