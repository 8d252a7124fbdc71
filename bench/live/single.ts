/** One n8n server (single process) for the live bench, with the packed package installed and its owner. */
import path from 'node:path';
import type { Sandbox } from '../../sandbox';
import type { N8nInstall, N8nServer } from '../../test/live/n8n-server';
import { startN8nWithPackage } from '../../test/live/single';

export interface SingleDeployment {
  sandbox: Sandbox;
  n8n: N8nServer;
}

/**
 * Logs at n8n's default level (the live suite's debug lines would cost both sides CPU a user's server does
 * not spend); everything else as the live suite starts n8n, but for one read-side limit. Since 2.41 n8n's
 * REST API withholds the data of an execution stored over EXECUTIONS_DATA_MAX_DISPLAY_SIZE (100 MiB by
 * default; ExecutionPersistence.findSingleExecution), and the lists figure reads every run back whole to
 * check its items: HTTP Request's Return All of 100,000 (every page, then every invoice split out) is
 * over it. 0 is no limit (maxDisplayDataSize > 0 gates the check); it changes nothing in how a workflow
 * runs or is saved, only what the bench may read after the run, the same for both sides. Older n8n ignore it.
 */
export const BENCH_ENV: NodeJS.ProcessEnv = { N8N_LOG_LEVEL: 'info', EXECUTIONS_DATA_MAX_DISPLAY_SIZE: '0' };

/** A single-process server for the bench: the live suite's starter, at the bench's log level and `env`. */
export async function startSingle(
  install: N8nInstall,
  tarball: string,
  work: string,
  name = 'single',
  env: NodeJS.ProcessEnv = {},
): Promise<N8nServer> {
  return await startN8nWithPackage(install, tarball, path.join(work, name), { ...BENCH_ENV, ...env });
}
