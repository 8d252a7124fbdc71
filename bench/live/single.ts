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
 * not spend); everything else as the live suite starts n8n.
 */
export const BENCH_ENV: NodeJS.ProcessEnv = { N8N_LOG_LEVEL: 'info' };

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
