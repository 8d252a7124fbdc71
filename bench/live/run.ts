/**
 * `npm run bench:live`: the connectors where users run them, each figure beside its yardstick in the same
 * run (interleaved), on the live suite's n8n install, its process handling and its sandbox. Prints the
 * table and writes it into docs/performance.md under "Live figures"; exits 1 when a target is missed.
 * Bounded in count and time; the sizes are flags (defaults: the sizes):
 *   --only trigger,queue,polling,bulk,lists,zapier   some figures (the report is then not written)
 *   --events 300 --backlog 10000 --bulk 10000 --limit 170 --list 100000 --calls 5000
 *   --bulk-rounds 2 --list-rounds 4 --colds 5 --spread 4
 *   --quick   small sizes to check the bench itself (not written either)
 *   --n8n 1.123.81   another supported n8n version than the newest (not written)
 *   --package <tgz>  measure another build of the n8n package as ours, e.g. main's, for a before/after (not written)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { startQueueDeployment } from '../../test/live/deployment';
import { offersLazyAcquire, type N8nServer } from '../../test/live/n8n-server';
import { progress } from '../../test/live/processes';
import { sandboxCredential } from '../../test/live/single';
import { bulkFigures } from './bulk';
import { pollingFigures, triggerLatency } from './latency';
import { listFigures } from './lists';
import { formatTable, row, type Row } from '../support';
import { writeLiveReport } from './report';
import { BENCH_ENV, startSingle } from './single';
import { zapierFigures } from './zapier';

const FIGURES = ['trigger', 'queue', 'polling', 'bulk', 'lists', 'zapier'] as const;
type Figure = (typeof FIGURES)[number];

const DEFAULTS = {
  events: 300,
  backlog: 10_000,
  bulk: 10_000,
  limit: 170,
  list: 100_000,
  calls: 5000,
  'bulk-rounds': 2,
  // Even: n8n's RSS only grows over a run, so with ABBA… each side gets the same mix of early and late places.
  'list-rounds': 4,
  colds: 5,
  spread: 4,
};
const QUICK = {
  events: 30,
  backlog: 1500,
  bulk: 600,
  limit: 100,
  list: 3000,
  calls: 300,
  'bulk-rounds': 1,
  'list-rounds': 1,
  colds: 2,
  spread: 2,
};

function options() {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const sizes: Record<keyof typeof DEFAULTS, number> = { ...(quick ? QUICK : DEFAULTS) };
  for (const name of Object.keys(DEFAULTS) as Array<keyof typeof DEFAULTS>) {
    const at = args.indexOf(`--${name}`);
    if (at >= 0) sizes[name] = Number(args[at + 1]);
    if (!Number.isFinite(sizes[name]) || sizes[name] <= 0) throw new Error(`--${name} needs a positive number`);
  }
  const only = args.includes('--only') ? (args[args.indexOf('--only') + 1]?.split(',') ?? []) : [...FIGURES];
  const unknown = only.filter((name) => !FIGURES.includes(name as Figure));
  if (unknown.length) throw new Error(`Unknown figure ${unknown.join(', ')}; choose from ${FIGURES.join(', ')}`);
  const changed = Object.keys(DEFAULTS).some((name) => args.includes(`--${name}`));
  const text = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
  const n8nVersion = text('n8n');
  const tarball = text('package');
  return {
    sizes,
    only: only as Figure[],
    n8nVersion,
    tarball,
    write: !quick && !changed && !n8nVersion && !tarball && only.length === FIGURES.length,
  };
}

async function main(): Promise<void> {
  const { sizes, only, write, n8nVersion, tarball: otherTarball } = options();
  const began = Date.now();
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  const { installN8n, N8N_VERSION } = await import('../../test/live/install-n8n.mjs');
  const install = await installN8n(n8nVersion ? { version: n8nVersion } : {});
  const root = path.resolve(__dirname, '../..');
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const tarball = otherTarball
    ? path.resolve(otherTarball)
    : path.join(root, 'release', `n8n-nodes-invoicing-api-${version}.tgz`);
  progress(`bench:live: n8n ${install.version}, package ${tarball}`);
  const zip = path.join(root, 'zapier', 'build', 'build.zip');
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-live-'));
  const rows: Row[] = [];
  const sandboxes: Sandbox[] = [];
  const sandbox = async (rateLimitPerSecond: number) => {
    const started = await startSandbox({ port: 0, timeScale: 0.01, rateLimitPerSecond });
    sandboxes.push(started);
    return started;
  };
  const stops: Array<() => Promise<void>> = [];
  try {
    // No limit that matters, for everything but bulk (whose limit is the point).
    const open = await sandbox(100_000);
    const needsSingle = only.some((figure) => ['trigger', 'polling', 'bulk'].includes(figure));
    let single: N8nServer | undefined;
    let credential = { id: '', name: '' };
    if (needsSingle) {
      single = await startSingle(install, tarball, work);
      stops.push(() => single!.stop());
      credential = await sandboxCredential(single, open);
    }
    // A figure that fails is a MISS row with its reason, and the others still run (a run takes half an hour).
    const guarded = async (figure: Figure, work: () => Promise<Row[]>): Promise<Row[]> => {
      try {
        const done = await work();
        process.stderr.write(`${formatTable(done)}\n`);
        return done;
      } catch (error) {
        process.stderr.write(`bench:live: ${figure} failed: ${(error as Error).stack ?? String(error)}\n`);
        return [
          row(
            figure,
            'the figure did not complete',
            String((error as Error).message ?? error).slice(0, 200),
            "see the run's output",
            false,
          ),
        ];
      }
    };
    for (const figure of only.filter((name) => name !== 'polling' && name !== 'zapier')) {
      const at = Date.now();
      progress(`bench:live: ${figure} …`);
      rows.push(
        ...(await guarded(figure, async () => {
          const figureRows: Row[] = [];
          if (figure === 'trigger') {
            // n8n's expression engines side by side, each in a server of its own: its default (an isolate taken
            // before every trigger's webhook phase but its own Webhook node's), lazy acquire (an isolate only
            // when something is evaluated) and legacy (no isolate). Our trigger at version 2 (what new workflows
            // get), and at version 1 under lazy acquire, where n8n still evaluates an expression per delivery.
            // An n8n without lazy acquire (1.123.81) takes an isolate before every delivery, its Webhook node's
            // too: there the default engine is where a trigger can be at parity, and version 1 is measured in it.
            const lazy = offersLazyAcquire(install);
            const parity = { p50: 1.2, p95: 1.5 };
            const engines = [
              { label: 'default engine', env: {} as NodeJS.ProcessEnv, versions: lazy ? [2] : [2, 1], parity: !lazy },
              ...(lazy
                ? [
                    {
                      label: 'lazy acquire',
                      env: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
                      versions: [2, 1],
                      parity: true,
                    },
                  ]
                : []),
              { label: 'legacy engine', env: { N8N_EXPRESSION_ENGINE: 'legacy' }, versions: [2], parity: false },
            ];
            for (const engine of engines) {
              const server =
                engine.label === 'default engine'
                  ? single!
                  : await startSingle(install, tarball, work, engine.label.replace(/\W/g, '-'), engine.env);
              try {
                const saved = server === single ? credential : await sandboxCredential(server, open);
                for (const typeVersion of engine.versions) {
                  for (const gapMs of typeVersion === 2 ? [0, 250] : [0]) {
                    const targets = engine.parity && typeVersion === 2 ? parity : undefined;
                    figureRows.push(
                      ...(await triggerLatency(
                        open,
                        { label: `single, ${engine.label}`, main: server, webhookBase: server.url },
                        saved,
                        sizes.events,
                        { typeVersion, gapMs, targets },
                      )),
                    );
                  }
                }
              } finally {
                if (server !== single) await server.stop();
              }
            }
          }
          if (figure === 'queue') {
            // A folder of its own: Postgres runs as its own user, which must own the folder it is in.
            const queueWork = mkdtempSync(path.join(os.tmpdir(), 'bench-live-queue-'));
            stops.push(async () => rmSync(queueWork, { recursive: true, force: true }));
            const queue = await startQueueDeployment(install, tarball, queueWork, BENCH_ENV);
            try {
              const saved = await sandboxCredential(queue.main, open);
              figureRows.push(
                ...(await triggerLatency(
                  open,
                  { label: 'queue mode', main: queue.main, webhookBase: queue.webhook.url },
                  saved,
                  sizes.events,
                  { typeVersion: 2, gapMs: 0 },
                )),
              );
            } finally {
              await queue.stop();
            }
          }
          if (figure === 'bulk')
            figureRows.push(
              ...(await bulkFigures(
                { sandbox: await sandbox(sizes.limit), n8n: single! },
                open,
                sizes.bulk,
                sizes.limit,
                sizes['bulk-rounds'],
              )),
            );
          if (figure === 'lists')
            figureRows.push(
              ...(await listFigures(
                open,
                (name) => startSingle(install, tarball, work, name),
                sizes.list,
                sizes['list-rounds'],
              )),
            );
          return figureRows;
        })),
      );
      progress(`bench:live: ${figure} done`, at);
    }
    // The Polling Trigger mostly waits for n8n's minute ticks (a 10,000 backlog is ten of them), and Zapier's
    // containers do not touch n8n: the two run side by side to bound the run's time.
    const at = Date.now();
    const [polling, zapier] = await Promise.all([
      only.includes('polling')
        ? guarded('polling', () => pollingFigures(open, single!, credential, sizes.spread, sizes.backlog))
        : [],
      // An account of its own, so its invoices and events are not the Polling Trigger's.
      only.includes('zapier')
        ? guarded('zapier', () =>
            zapierFigures({ ...open, testKey: open.createAccount().secret }, zip, sizes.colds, sizes.calls),
          )
        : [],
    ]);
    rows.push(...polling, ...zapier);
    if (polling.length || zapier.length) progress('bench:live: polling and zapier done', at);
  } finally {
    for (const stop of stops.reverse()) await stop();
    for (const started of sandboxes) await started.close();
    rmSync(work, { recursive: true, force: true });
  }
  const seconds = (Date.now() - began) / 1000;
  const table = formatTable(rows);
  process.stdout.write(
    `${table}\n\n${rows.filter((r) => r.pass === false).length} target(s) missed; ran in ${seconds.toFixed(0)} s\n`,
  );
  if (write)
    writeLiveReport({
      rows,
      table,
      startedAt,
      seconds,
      loadBefore,
      loadAfter: os.loadavg(),
      n8nVersion: install.version ?? N8N_VERSION,
      sizes,
    });
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
