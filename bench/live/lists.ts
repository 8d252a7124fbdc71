/**
 * Figure 3, large lists: Get Many → Return All over `count` invoices (seeded straight into the store),
 * our node beside HTTP Request's own pagination over the same cursor plus Split Out, alternating over
 * rounds; the time of the listing nodes as n8n records it, n8n's peak RSS over the whole execution, and
 * whether the items out are all the invoices, newest first.
 *
 * Every execution runs in an n8n process of its own, started for it: a process's RSS only grows (V8 keeps
 * the heap it once took), so in a shared server an execution's peak was mostly the high-water mark of
 * whatever ran before it (the bulk figure, the other side's last round), and the order decided the ratio.
 */
import { rmSync } from 'node:fs';
import type { Sandbox } from '../../sandbox';
import type { N8nServer } from '../../test/live/n8n-server';
import { progress } from '../../test/live/processes';
import { newInvoice } from '../../test/live/sandbox';
import { CREDENTIAL } from '../../test/live/workflows';
import { loadText } from './cpu';
import { mb, median, row, sec, times, type Row } from './measure';
import { manualRun } from './runs';
import { seedInvoices } from './seed';
import { listHttp, listOurs } from './workflows';

export async function listFigures(
  sandbox: Sandbox,
  fresh: (name: string) => Promise<N8nServer>,
  count: number,
  rounds: number,
): Promise<Row[]> {
  // A fresh account of its own, so the list holds exactly the seeded invoices.
  const account = sandbox.createAccount();
  const began = Date.now();
  const key = account.secret;
  const own = { ...sandbox, testKey: key } as typeof sandbox;
  const template = await newInvoice(own, 'lists.bench@example.com');
  const expected = [...seedInvoices(sandbox, template, count - 1).reverse(), template];
  progress(`lists: ${count} invoices in the sandbox`, began);
  const variants = [
    async (n8n: N8nServer) => {
      const saved = await n8n.createCredential('Bench lists', CREDENTIAL, { apiKey: key, baseUrl: sandbox.baseUrl });
      return listOurs('Bench: Return All, ours', saved);
    },
    async (n8n: N8nServer) => {
      const header = await n8n.createCredential('Bench lists header', 'httpHeaderAuth', {
        name: 'Authorization',
        value: `Bearer ${key}`,
      });
      return listHttp('Bench: Return All, HTTP Request', header, sandbox.baseUrl);
    },
  ];
  const results = variants.map(() => ({
    ms: [] as number[],
    total: [] as number[],
    peak: [] as number[],
    start: [] as number[],
    cpu: [] as number[],
    loads: [] as string[],
    correct: true,
    out: 0,
  }));
  for (let round = 0; round < rounds; round += 1) {
    for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const n8n = await fresh(`lists-${round + 1}-${index === 0 ? 'ours' : 'http'}`);
      try {
        const variant = await variants[index](n8n);
        const run = await manualRun(n8n, (await n8n.createWorkflow(variant)).id, 900);
        const out = run.nodes[variant.last]?.items ?? [];
        const inOrder = out.length === expected.length && out.every((item, at) => item.id === expected[at]);
        const result = results[index];
        result.ms.push(variant.timed.reduce((sum, name) => sum + (run.nodes[name]?.ms ?? Number.NaN), 0));
        result.total.push(run.ms);
        result.peak.push(run.rss.peak);
        result.start.push(run.rss.first);
        result.cpu.push((run.cpuSeconds / count) * 1e6);
        result.loads.push(loadText(run.load));
        result.correct &&= inOrder && run.status === 'success';
        result.out = out.length;
        // A run that went wrong says how (n8n's status and error), or the table would show only "0 out".
        const wrong = inOrder ? '' : `; status ${run.status}, ${JSON.stringify(run.error ?? null).slice(0, 400)}`;
        progress(
          `lists round ${round + 1}: ${variant.name}: ${sec(result.ms.at(-1)!)} (${out.length} out, in order: ${inOrder}${wrong}), RSS ${mb(run.rss.first)} → peak ${mb(run.rss.peak)}, n8n CPU ${result.cpu.at(-1)!.toFixed(1)} µs/invoice (${result.loads.at(-1)})`,
        );
      } finally {
        await n8n.stop();
        // Each execution of 100,000 stores over 100 MB in its server's database.
        rmSync(n8n.userFolder, { recursive: true, force: true });
      }
    }
  }
  const [ours, theirs] = results;
  const time = median(ours.ms) / median(theirs.ms);
  const memory = median(ours.peak) / median(theirs.peak);
  const cpu = median(ours.cpu) / median(theirs.cpu);
  const spread = (values: number[], digits = 1) =>
    `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
  return [
    row(
      '3 lists',
      `Return All of ${count}, HTTP Request pagination + Split Out`,
      sec(median(theirs.ms)),
      `the yardstick; ${theirs.out} out, all in order: ${theirs.correct ? 'yes' : 'NO'}; whole execution ${sec(median(theirs.total))}`,
    ),
    row(
      '3 lists',
      `Return All of ${count}, our Get Many`,
      sec(median(ours.ms)),
      `${times(time)} HTTP Request's (target ≤ 1×; rounds ${spread(ours.ms.map((ms, at) => ms / theirs.ms[at]))}×); whole execution ${sec(median(ours.total))}`,
      time <= 1,
    ),
    row(
      '3 lists',
      '  items out, all in order (newest first)',
      `${ours.out}`,
      `target ${count}`,
      ours.correct && ours.out === count,
    ),
    row(
      '3 lists',
      '  n8n peak RSS over the execution (a fresh n8n process each)',
      `${mb(median(ours.peak))}`,
      `${times(memory)} HTTP Request's ${mb(median(theirs.peak))} (target ≤ 1×; rounds ${spread(
        ours.peak.map((peak, at) => peak / theirs.peak[at]),
        2,
      )}×; RSS before the run ${mb(median(ours.start))} / ${mb(median(theirs.start))})`,
      memory <= 1,
    ),
    row(
      '3 lists, n8n CPU',
      `per invoice, HTTP Request pagination + Split Out (median of ${rounds}; range)`,
      `${median(theirs.cpu).toFixed(1)} µs`,
      `${spread(theirs.cpu)}; ${theirs.loads.join('; ')}`,
    ),
    row(
      '3 lists, n8n CPU',
      `per invoice, our Get Many (median of ${rounds}; range)`,
      `${median(ours.cpu).toFixed(1)} µs`,
      `${times(cpu)} HTTP Request + Split Out's (target ≤ 1×); ${spread(ours.cpu)}; ${ours.loads.join('; ')}`,
      cpu <= 1,
    ),
  ];
}
