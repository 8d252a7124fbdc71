/**
 * Figure 2, bulk in the real server: one manual execution creating `items` invoices from items against
 * the sandbox's rate limit, our Create Invoice (its default concurrency, waiting out every 429) beside
 * n8n's HTTP Request node with batching set to stay under the limit, as a careful user sets it. Each run
 * gets a fresh key (a full bucket); the floor is what the bucket allows: its first `limit` at once, then
 * `limit` a second.
 */
import { ServerResponse } from 'node:http';
import type { Sandbox } from '../../sandbox';
import { progress } from '../../test/live/processes';
import { CREDENTIAL } from '../../test/live/workflows';
import type { SingleDeployment } from './single';
import { loadText, type LoadReading } from './cpu';
import { mb, median, pct, row, sec, type Row } from './measure';
import { manualRun } from './runs';
import { bulkHttp, bulkOurs } from './workflows';

/** Statuses the in-process sandbox answered, counted where it writes them. */
const statuses = new Map<number, number>();
const writeHead = ServerResponse.prototype.writeHead;
ServerResponse.prototype.writeHead = function counted(this: ServerResponse, status: number, ...rest: unknown[]) {
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
} as typeof writeHead;
const seen = (status: number) => statuses.get(status) ?? 0;

const invoiceCount = (sandbox: Sandbox) =>
  Number(sandbox.data.store.db.prepare('SELECT COUNT(*) AS n FROM invoices').get()!.n);

interface Variant {
  label: string;
  workflow: (saved: { id: string; name: string }, header: { id: string; name: string }) => object;
}

/**
 * `unlimited` (a sandbox without a limit that matters) gives the ceiling: how fast this server creates
 * invoices at all on this machine, ours beside HTTP Request without batching, so the table shows whether
 * the rate limit or n8n's own per-item work bounds the run.
 */
export async function bulkFigures(
  at: SingleDeployment,
  unlimited: SingleDeployment['sandbox'],
  items: number,
  limit: number,
  rounds: number,
): Promise<Row[]> {
  const { sandbox, n8n } = at;
  const floorMs = (Math.max(0, items - limit) / limit) * 1000;
  // HTTP Request sends a batch, then waits the interval: a careful user divides the limit into tenths of a second,
  // at the limit itself and a tenth under it.
  const perTenth = Math.floor(limit / 10);
  const variants: Variant[] = [
    {
      label: 'our Create Invoice (default concurrency 5)',
      workflow: (saved) => bulkOurs('Bench: bulk, ours', saved, items),
    },
    ...[perTenth, Math.floor(perTenth * 0.9)].map((size) => ({
      label: `HTTP Request, batches of ${size} every 100 ms (${size * 10}/s)`,
      workflow: (_saved: unknown, header: { id: string; name: string }) =>
        bulkHttp(`Bench: bulk, HTTP ${size}/100ms`, header, sandbox.baseUrl, items, size, 100),
    })),
  ];
  const results = new Map<
    string,
    Array<{
      ms: number;
      failed: number;
      throttled: number;
      rssGrowth: number;
      peak: number;
      cpuPerItem: number;
      load: LoadReading;
    }>
  >();
  for (let round = 0; round < rounds; round += 1) {
    for (const variant of round % 2 === 0 ? variants : [...variants].reverse()) {
      const key = sandbox.issueKey().secret;
      const saved = await n8n.createCredential(`Bench bulk ${round}`, CREDENTIAL, {
        apiKey: key,
        baseUrl: sandbox.baseUrl,
      });
      const header = await n8n.createCredential(`Bench bulk header ${round}`, 'httpHeaderAuth', {
        name: 'Authorization',
        value: `Bearer ${key}`,
      });
      const { id } = await n8n.createWorkflow(variant.workflow(saved, header) as never);
      const [before, throttledBefore] = [invoiceCount(sandbox), seen(429)];
      const run = await manualRun(n8n, id, Math.max(600, (floorMs / 1000) * 4));
      const created = invoiceCount(sandbox) - before;
      const node = run.nodes['Create Invoice'];
      const failed = items - created;
      const errors = node?.items.filter((item) => item.error !== undefined).length ?? items;
      if (errors !== failed)
        progress(`bulk: ${variant.label}: ${errors} items carry an error, ${failed} invoices missing`);
      (results.get(variant.label) ?? results.set(variant.label, []).get(variant.label)!).push({
        ms: node?.ms ?? run.ms,
        failed: Math.max(failed, errors),
        throttled: seen(429) - throttledBefore,
        rssGrowth: run.rss.last - run.rss.first,
        peak: run.rss.peak,
        cpuPerItem: (run.cpuSeconds / items) * 1e6,
        load: run.load,
      });
      progress(
        `bulk round ${round + 1}: ${variant.label}: ${sec(node?.ms ?? run.ms)}, ${created} created, ${seen(429) - throttledBefore} × 429, peak RSS ${mb(run.rss.peak)}, n8n CPU ${((run.cpuSeconds / items) * 1e6).toFixed(0)} µs/item (${loadText(run.load)})`,
      );
      await n8n.rest('DELETE', `/rest/executions/${run.executionId}`).catch(() => undefined);
    }
  }
  const ceilingItems = Math.min(items, 2000);
  const ceiling: Record<string, number> = {};
  const ceilingCpu: Record<string, { cpuPerItem: number; load: LoadReading }> = {};
  for (const [label, build] of [
    ['ours', (saved: { id: string; name: string }) => bulkOurs('Bench: bulk ceiling, ours', saved, ceilingItems)],
    [
      'HTTP Request',
      (_saved: unknown, header: { id: string; name: string }) =>
        bulkHttp('Bench: bulk ceiling, HTTP', header, unlimited.baseUrl, ceilingItems, -1, 0),
    ],
  ] as const) {
    const key = unlimited.issueKey().secret;
    const saved = await n8n.createCredential('Bench ceiling', CREDENTIAL, { apiKey: key, baseUrl: unlimited.baseUrl });
    const header = await n8n.createCredential('Bench ceiling header', 'httpHeaderAuth', {
      name: 'Authorization',
      value: `Bearer ${key}`,
    });
    const { id } = await n8n.createWorkflow(build(saved, header) as never);
    const run = await manualRun(n8n, id, 600);
    ceiling[label] = ceilingItems / ((run.nodes['Create Invoice']?.ms ?? run.ms) / 1000);
    ceilingCpu[label] = { cpuPerItem: (run.cpuSeconds / ceilingItems) * 1e6, load: run.load };
    await n8n.rest('DELETE', `/rest/executions/${run.executionId}`).catch(() => undefined);
  }
  const best = (label: string) => [...results.get(label)!].sort((a, b) => a.ms - b.ms)[0];
  const ours = best(variants[0].label);
  const carefulBest = variants
    .slice(1)
    .map((v) => ({ label: v.label, ...best(v.label) }))
    .filter((r) => r.failed === 0)
    .sort((a, b) => a.ms - b.ms)[0];
  const over = ours.ms / floorMs - 1;
  const rows: Row[] = [
    row(
      '2 bulk',
      `${items} invoices at ${limit}/s, ${variants[0].label}`,
      sec(ours.ms),
      `${pct(over)} over the ${sec(floorMs)} floor (target ≤ +3 %)`,
      over <= 0.03,
    ),
    row(
      '2 bulk',
      '  failed items (429s answered, all waited out)',
      `${ours.failed} (${ours.throttled})`,
      'target 0',
      ours.failed === 0,
    ),
    row(
      '2 bulk',
      '  n8n RSS: peak, growth over the run',
      `${mb(ours.peak)}, ${mb(ours.rssGrowth)}`,
      `${mb((ours.rssGrowth / items) * 1000)} per 1,000 items`,
    ),
  ];
  for (const variant of variants.slice(1)) {
    const r = best(variant.label);
    rows.push(
      row(
        '2 bulk',
        `${items} invoices, ${variant.label}`,
        sec(r.ms),
        `${r.failed} failed, ${r.throttled} × 429; peak RSS ${mb(r.peak)}`,
      ),
    );
  }
  rows.push(
    row(
      '2 bulk',
      `ceiling without a limit (${ceilingItems} items), our Create Invoice`,
      `${ceiling.ours.toFixed(0)}/s`,
      `HTTP Request without batching: ${ceiling['HTTP Request'].toFixed(0)}/s; the limit asks ${limit}/s; ${loadText(ceilingCpu.ours.load)}`,
    ),
  );
  // n8n's CPU per item: the server's CPU time over each run ÷ items, a ratio a busy machine moves far less than time.
  const cpu = (label: string) => median(results.get(label)!.map((r) => r.cpuPerItem));
  const loads = (label: string) =>
    results
      .get(label)!
      .map((r) => loadText(r.load))
      .join('; ');
  const careful = variants
    .slice(1)
    .map((v) => ({ label: v.label, cpu: cpu(v.label) }))
    .sort((a, b) => a.cpu - b.cpu)[0];
  rows.push(
    row(
      '2 bulk, n8n CPU',
      `per item, ${variants[0].label}, median of ${rounds}`,
      `${cpu(variants[0].label).toFixed(0)} µs`,
      `${(cpu(variants[0].label) / careful.cpu).toFixed(2)}× ${careful.label}'s ${careful.cpu.toFixed(0)} µs (target ≤ 1×); ${loads(variants[0].label)}`,
      cpu(variants[0].label) <= careful.cpu,
    ),
  );
  for (const variant of variants.slice(1)) {
    rows.push(
      row('2 bulk, n8n CPU', `per item, ${variant.label}`, `${cpu(variant.label).toFixed(0)} µs`, loads(variant.label)),
    );
  }
  rows.push(
    row(
      '2 bulk, n8n CPU',
      `per item without a limit (${ceilingItems} items), our Create Invoice`,
      `${ceilingCpu.ours.cpuPerItem.toFixed(0)} µs`,
      `${(ceilingCpu.ours.cpuPerItem / ceilingCpu['HTTP Request'].cpuPerItem).toFixed(2)}× HTTP Request without batching's ${ceilingCpu['HTTP Request'].cpuPerItem.toFixed(0)} µs; ${loadText(ceilingCpu['HTTP Request'].load)}`,
    ),
  );
  rows.push(
    row(
      '2 bulk',
      "ours against HTTP Request's best careful configuration (0 failed)",
      carefulBest ? `${(ours.ms / carefulBest.ms).toFixed(3)}×` : 'none had 0 failed',
      carefulBest
        ? `of ${carefulBest.label}'s ${sec(carefulBest.ms)} (target < 1×)`
        : 'ours is the only one with 0 failed',
      carefulBest ? ours.ms < carefulBest.ms && ours.failed === 0 : ours.failed === 0,
    ),
  );
  return rows;
}
