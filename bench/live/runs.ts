/** A manual run of a saved workflow in a real n8n server, timed and with the server's memory sampled meanwhile. */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { N8nServer } from '../../test/live/n8n-server';
import { eventually } from '../../test/live/processes';
import { loadMeter, treeCpuSeconds, type LoadReading } from './cpu';
import { allExecutions, runData, sampleRss } from './measure';
import { START } from './workflows';

export interface ManualRun {
  executionId: string;
  status: string;
  /** stoppedAt − startedAt as n8n recorded them. */
  ms: number;
  /** Each node's own execution time, and its output items. */
  nodes: Record<string, { ms: number; items: Array<Record<string, any>> }>;
  rss: { first: number; peak: number; last: number };
  /** CPU seconds the n8n server (its process tree) spent from the run's start to its end. */
  cpuSeconds: number;
  /** The machine's load meanwhile. */
  load: LoadReading;
  error?: unknown;
}

/** "Execute workflow" from its Manual Trigger, as the editor's button does; waits (bounded) for the end. */
export async function manualRun(server: N8nServer, workflowId: string, seconds: number): Promise<ManualRun> {
  const rss = sampleRss(server.pid()!);
  const load = loadMeter(() => [process.pid]);
  const cpuBefore = treeCpuSeconds([server.pid()!]);
  // As the live suite runs it: n8n 1.x wants the workflow in the body (read first, a few ms, on both sides alike).
  const started = await server.runFromTrigger(workflowId, START);
  const executionId = String(started.executionId);
  // The list's summary, not the execution itself: fetching a finished run's data (100,000 items) while
  // waiting would make n8n serialise it again and again, and count that in its memory.
  const finished = await eventually(
    `execution ${executionId}`,
    seconds,
    async () => {
      const execution = (await allExecutions(server, workflowId)).find((e) => e.id === executionId);
      return execution?.stoppedAt && execution.status !== 'running' && execution.status !== 'new'
        ? execution
        : undefined;
    },
    500,
  );
  const memory = rss.stop();
  // Includes the last polls of the list above (a few ms), on both sides of every comparison alike.
  const cpuSeconds = treeCpuSeconds([server.pid()!]) - cpuBefore;
  const loadDuring = load.stop();
  const flatted = createRequire(path.join(server.install.n8nDir, 'node_modules', 'n8n', 'package.json'))('flatted');
  const { runData: nodes, error } = await runData(server, executionId, flatted);
  return {
    executionId,
    status: finished.status,
    ms: Date.parse(finished.stoppedAt!) - Date.parse(finished.startedAt ?? finished.createdAt),
    nodes: Object.fromEntries(
      Object.entries(nodes).map(([name, [run]]) => [
        name,
        { ms: run.executionTime, items: (run.data?.main?.[0] ?? []).map((item) => item.json) },
      ]),
    ),
    rss: memory,
    cpuSeconds,
    load: loadDuring,
    error,
  };
}
