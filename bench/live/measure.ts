/**
 * What every live figure shares: a process's resident memory read from /proc while work runs, a real
 * server's executions read back over its REST API, and the rows the report prints.
 */
import { readFileSync } from 'node:fs';
import type { N8nServer } from '../../test/live/n8n-server';
import { eventually } from '../../test/live/processes';

export { median, pct, percentile, row, type Row } from '../support';

/** Resident set size of `pid` in bytes (VmRSS), or 0 once it is gone. */
export function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples `pid`'s RSS every `everyMs` until stopped: the peak, the first and the last reading. */
export function sampleRss(pid: number, everyMs = 200) {
  const first = rssOf(pid);
  let peak = first;
  let last = first;
  const timer = setInterval(() => {
    last = rssOf(pid);
    peak = Math.max(peak, last);
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      last = rssOf(pid);
      return { first, peak: Math.max(peak, last), last };
    },
  };
}

export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
export const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const msText = (ms: number) => `${ms.toFixed(0)} ms`;
export const times = (ratio: number) => `${ratio.toFixed(2)}×`;

export interface ExecutionSummary {
  id: string;
  status: string;
  mode: string;
  createdAt: string;
  startedAt: string | null;
  stoppedAt: string | null;
}

/** Every execution of one workflow, oldest first (paged as each n8n version pages them: N8nServer.executions). */
export async function allExecutions(server: N8nServer, workflowId: string): Promise<ExecutionSummary[]> {
  return (await server.executions<ExecutionSummary>(workflowId)).reverse();
}

/** Waits (bounded) until the workflow has `count` finished executions; returns them, oldest first. */
export async function finishedExecutions(
  server: N8nServer,
  workflowId: string,
  count: number,
  seconds: number,
): Promise<ExecutionSummary[]> {
  return await eventually(
    `${count} finished executions of workflow ${workflowId}`,
    seconds,
    async () => {
      const all = await allExecutions(server, workflowId);
      const done = all.filter((e) => e.status !== 'running' && e.status !== 'new' && e.status !== 'waiting');
      return done.length >= count ? all : undefined;
    },
    1000,
  );
}

/** One execution's run data (unflattened with n8n's own `flatted`): each node's timing and items. */
export async function runData(server: N8nServer, executionId: string, flatted: { parse(text: string): any }) {
  const execution = await server.rest('GET', `/rest/executions/${executionId}`);
  // n8n 2.41 answers an execution whose stored data is over EXECUTIONS_DATA_MAX_DISPLAY_SIZE (100 MiB by
  // default) with empty run data and this flag (ExecutionPersistence.assembleOversizedExecution): without this
  // check a figure would read it as a run of no nodes, "NaN s, 0 out".
  if (execution.dataTooLargeToDisplay) {
    const size = execution.jsonSizeBytes ? ` (${mb(execution.jsonSizeBytes)})` : '';
    throw new Error(`n8n withheld execution ${executionId}'s data${size}: over EXECUTIONS_DATA_MAX_DISPLAY_SIZE`);
  }
  const data = typeof execution.data === 'string' ? flatted.parse(execution.data) : execution.data;
  return {
    execution,
    runData: data.resultData.runData as Record<
      string,
      Array<{ startTime: number; executionTime: number; data?: { main?: Array<Array<{ json: any }>> } }>
    >,
    error: data.resultData.error,
  };
}
