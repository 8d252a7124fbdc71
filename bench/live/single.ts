/** One n8n server (single process) for the live bench, with the packed package installed and its owner. */
import path from 'node:path';
import type { Sandbox } from '../../sandbox';
import { installPackage, N8nServer, type N8nInstall } from '../../test/live/n8n-server';

export interface SingleDeployment {
  sandbox: Sandbox;
  n8n: N8nServer;
}

/**
 * Logs at n8n's default level (the live suite's debug lines would cost both sides CPU a user's server does
 * not spend); everything else as the live suite starts n8n.
 */
export const BENCH_ENV: NodeJS.ProcessEnv = { N8N_LOG_LEVEL: 'info' };

export async function startSingle(
  install: N8nInstall,
  tarball: string,
  work: string,
  name = 'single',
  env: NodeJS.ProcessEnv = {},
): Promise<N8nServer> {
  const n8n = await N8nServer.create(install, path.join(work, name), { ...BENCH_ENV, ...env });
  installPackage(n8n.userFolder, tarball);
  await n8n.start();
  await n8n.setUpOwner();
  return n8n;
}
