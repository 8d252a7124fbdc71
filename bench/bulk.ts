/**
 * Figure 1, bulk: 1,000 items through the n8n node's Create Invoice in one execution. Against the
 * service's own limit (25 requests/s per test key: 40 s for 1,000 at best) the node must come within
 * 10 % and fail no item, 429s being waited out; without a limit, the default concurrency and 1 are
 * compared with bare fetch at the same concurrency.
 */
import { performance } from 'node:perf_hooks';
import type { IDataObject, INodeType } from 'n8n-workflow';
import { mapConcurrent } from '../shared';
import type { Connection } from '../shared';
import {
  freshKey,
  invoiceRequest,
  loadN8n,
  n8nCredentials,
  n8nInvoiceParameters,
  runNode,
  runPassThrough,
  type N8n,
} from './platforms';
import { median, perSecond, pct, row, startSandboxChild, within, type Row } from './support';

export const RATE_LIMIT = 25;
export const BULK_TARGET = 0.1;

interface BulkRun {
  seconds: number;
  created: number;
  failed: number;
}

/**
 * One execution of `items` items through our node; each output item has either the created invoice
 * or (Continue On Fail) an error. Bounded: one that has not finished in `limitSeconds` counts as failed.
 */
async function nodeRun(
  n8n: N8n,
  connection: Required<Connection>,
  items: number,
  limitSeconds: number,
  concurrency?: number,
): Promise<BulkRun> {
  const input: IDataObject[] = Array.from({ length: items }, (_, index) => ({ index }));
  const started = performance.now();
  const run = await within(
    limitSeconds,
    `${items} items through the n8n node`,
    runNode(n8n.pkg, {
      node: 'invoicingApi',
      credentials: n8nCredentials(connection),
      input,
      parameters: n8nInvoiceParameters(concurrency === undefined ? {} : { concurrency }),
      settings: { onError: 'continueRegularOutput' },
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (run.error) throw new Error(`the bulk execution stopped: ${run.error.message}`);
  const created = run.items.filter((item) => typeof item.json.id === 'string').length;
  return { seconds, created, failed: items - created };
}

/** The platform's own cost for the same creates: the pass-through node, one item after another. */
async function passThroughRun(n8n: N8n, connection: Required<Connection>, items: number): Promise<BulkRun> {
  const started = performance.now();
  const run = await within(
    120,
    `${items} items through the pass-through node`,
    runPassThrough(n8n, connection, invoiceRequest(connection, 'replaced per item'), { items }),
  );
  const created = run.items.filter((item) => typeof item.json.id === 'string').length;
  return { seconds: (performance.now() - started) / 1000, created, failed: items - created };
}

/** The same creates with fetch at the same concurrency: what the API allows without a platform. */
async function fetchRun(connection: Required<Connection>, items: number, concurrency: number): Promise<BulkRun> {
  const started = performance.now();
  await mapConcurrent(items, concurrency, async () => {
    const request = invoiceRequest(connection, freshKey());
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: JSON.stringify(request.body),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`fetch create answered ${response.status}`);
  });
  return { seconds: (performance.now() - started) / 1000, created: items, failed: 0 };
}

export async function bulk({ items, rounds }: { items: number; rounds: number }): Promise<Row[]> {
  const n8n = await loadN8n();
  try {
    // The node's own default, as a workflow author gets it without touching Options.
    const { description } = n8n.pkg.loader.getNode('invoicingApi').type as INodeType;
    const options = description.properties.find((property) => property.name === 'options');
    const concurrencyOption = options?.options?.find((option) => option.name === 'concurrency') as
      | { default?: number }
      | undefined;
    const defaultConcurrency = Number(concurrencyOption?.default ?? 1);

    // Against the limit: a fresh sandbox, so the key starts with a full bucket as a new day would.
    const minimum = items / RATE_LIMIT;
    const limitedSandbox = await startSandboxChild({ rateLimitPerSecond: RATE_LIMIT });
    let limited: BulkRun;
    let answers: Record<string, number>;
    try {
      limited = await nodeRun(
        n8n,
        { apiKey: limitedSandbox.testKey, baseUrl: limitedSandbox.baseUrl },
        items,
        2 * minimum + 30,
      );
      answers = await limitedSandbox.statuses();
    } finally {
      await limitedSandbox.stop();
    }
    const over = limited.seconds / minimum - 1;

    // Without a limit: one warmed-up sandbox, the four ways interleaved over rounds, medians.
    const sandbox = await startSandboxChild({ rateLimitPerSecond: 1e9 });
    const runs: Record<string, BulkRun[]> = { ours: [], serial: [], passThrough: [], fetch: [] };
    try {
      const connection = { apiKey: sandbox.testKey, baseUrl: sandbox.baseUrl };
      await fetchRun(connection, 300, defaultConcurrency);
      await nodeRun(n8n, connection, 100, 60);
      const ways: Array<[keyof typeof runs, () => Promise<BulkRun>]> = [
        ['ours', () => nodeRun(n8n, connection, items, 120)],
        ['serial', () => nodeRun(n8n, connection, items, 120, 1)],
        ['passThrough', () => passThroughRun(n8n, connection, items)],
        ['fetch', () => fetchRun(connection, items, defaultConcurrency)],
      ];
      for (let round = 0; round < rounds; round += 1) {
        for (const [name, way] of round % 2 ? [...ways].reverse() : ways) runs[name].push(await way());
      }
    } finally {
      await sandbox.stop();
    }
    const rate = (name: keyof typeof runs) => median(runs[name].map((run) => items / run.seconds));
    const clean = (list: BulkRun[]) => list.every((run) => run.failed === 0 && run.created === items);
    const flag = (list: BulkRun[]) => (clean(list) ? undefined : false);
    return [
      row(
        '1 bulk',
        `${items} items at ${RATE_LIMIT}/s, default concurrency (${defaultConcurrency})`,
        `${limited.seconds.toFixed(1)} s`,
        `${pct(over)} over the ${minimum.toFixed(0)} s minimum (target < ${pct(BULK_TARGET)}; ` +
          `a full bucket's first ${RATE_LIMIT} make ${((items - RATE_LIMIT) / RATE_LIMIT).toFixed(0)} s possible)`,
        over < BULK_TARGET,
      ),
      row(
        '1 bulk',
        `  failed items (429s answered: ${answers['429'] ?? 0}, all waited out)`,
        String(limited.failed),
        'target 0',
        clean([limited]),
      ),
      row(
        '1 bulk',
        `${items} items, no limit, concurrency ${defaultConcurrency}`,
        perSecond(rate('ours')),
        `${(rate('ours') / rate('fetch')).toFixed(2)}× bare fetch at ${defaultConcurrency} (${perSecond(rate('fetch'))})`,
        flag(runs.ours),
      ),
      row(
        '1 bulk',
        `${items} items, no limit, concurrency 1`,
        perSecond(rate('serial')),
        `${(rate('serial') / rate('passThrough')).toFixed(2)}× the pass-through node one at a time (${perSecond(rate('passThrough'))}); ` +
          `concurrency ${defaultConcurrency} is ${(rate('ours') / rate('serial')).toFixed(2)}× this`,
        flag([...runs.serial, ...runs.passThrough]),
      ),
    ];
  } finally {
    n8n.cleanup();
  }
}
