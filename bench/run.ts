/**
 * `npm run bench`: the performance figures users feel, measured side by side in one run, printed as
 * one table and written to docs/performance.md; exits 1 when a target is missed.
 *   npm run bench -- --only bulk,size       some figures (the report is then not written)
 *   npm run bench -- --quick                fewer rounds, 200 bulk items (a smoke run; not written either)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { writeReport } from './report';
import { formatTable, runSandboxChildRole, type Row } from './support';

const FIGURES = ['bulk', 'webhooks', 'size', 'sandbox'] as const;
type Figure = (typeof FIGURES)[number];

function options() {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? (args[args.indexOf('--only') + 1]?.split(',') ?? []) : [...FIGURES];
  const unknown = only.filter((name) => !FIGURES.includes(name as Figure));
  if (unknown.length) throw new Error(`Unknown figure ${unknown.join(', ')}; choose from ${FIGURES.join(', ')}`);
  const quick = args.includes('--quick');
  return { only: only as Figure[], quick, write: !quick && only.length === FIGURES.length };
}

async function main(): Promise<void> {
  const { only, quick, write } = options();
  const started = performance.now();
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  const rows: Row[] = [];
  // Imported when run, so the sandbox children (this same script) never load n8n-core or Zapier's core.
  const run: Record<Figure, () => Promise<Row[]>> = {
    bulk: async () => (await import('./bulk.js')).bulk(quick ? { items: 200, rounds: 1 } : { items: 1000, rounds: 3 }),
    webhooks: async () =>
      (await import('./webhooks.js')).webhooks(
        quick ? { events: 30, rounds: 1, verifySeconds: 1 } : { events: 300, rounds: 5, verifySeconds: 4 },
      ),
    size: async () => (await import('./size.js')).size({ loadRepeats: quick ? 3 : 9 }),
    sandbox: async () => (await import('./sandboxLoad.js')).sandboxFigure(quick ? 2 : 5),
  };
  for (const figure of only) {
    process.stderr.write(`bench: ${figure}…\n`);
    rows.push(...(await run[figure]()));
  }
  const seconds = (performance.now() - started) / 1000;
  const table = formatTable(rows);
  process.stdout.write(
    `${table}\n\n${rows.filter((r) => r.pass === false).length} target(s) missed; ran in ${seconds.toFixed(0)} s\n`,
  );
  if (write) writeReport({ rows, table, startedAt, seconds, loadBefore, loadAfter: os.loadavg() });
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
}

if (!runSandboxChildRole()) {
  main().catch((error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
