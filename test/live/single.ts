/** What every live file starts from, and the one-server set-up the smaller n8n files share. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Sandbox } from '../../sandbox';
import { installPackage, N8nServer, type N8nInstall } from './n8n-server';
import { progress } from './processes';
import { liveSandbox, sandboxKey } from './sandbox';
import type { Counts } from './table';
import { CREDENTIAL } from './workflows';

/** The pinned n8n install and the packed package that `npm run test:live` hands each file. */
export function liveArtefacts(): { install: N8nInstall; tarball: string } {
  const install = JSON.parse(process.env.LIVE_N8N ?? 'null') as N8nInstall | null;
  const tarball = process.env.LIVE_N8N_TARBALL;
  if (!install || !tarball)
    throw new Error('Run the live suite with npm run test:live (it installs n8n and packs the package first).');
  return { install, tarball };
}

/** A folder for one live file's n8n user folders; kept for a look with LIVE_KEEP=1. */
export function workFolder(name: string): { path: string; remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), `invoicing-live-${name}-`));
  return {
    path: folder,
    remove: () =>
      process.env.LIVE_KEEP
        ? progress(`kept the n8n user folders in ${folder}`)
        : rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * An n8n server (single process) in `folder`, with the packed package installed as n8n's installer does,
 * started, and its owner set up: the live files, the isolate counts and the live bench all start from it.
 */
export async function startN8nWithPackage(
  install: N8nInstall,
  tarball: string,
  folder: string,
  env: NodeJS.ProcessEnv = {},
): Promise<N8nServer> {
  const n8n = await N8nServer.create(install, folder, env);
  installPackage(n8n.userFolder, tarball);
  await n8n.start();
  await n8n.setUpOwner();
  return n8n;
}

/** The credential a server connects to `sandbox` with, under the name the live files and the bench give it. */
export async function sandboxCredential(n8n: N8nServer, sandbox: Sandbox): Promise<{ id: string; name: string }> {
  return await n8n.createCredential('Invoicing sandbox', CREDENTIAL, {
    apiKey: sandboxKey(sandbox),
    baseUrl: sandbox.baseUrl,
  });
}

/** One n8n server with the packed package installed as n8n's installer does, its owner, and a credential for a sandbox. */
export class SingleN8n {
  private constructor(
    readonly sandbox: Sandbox,
    readonly n8n: N8nServer,
    readonly credential: { id: string; name: string },
    private readonly work: { remove(): void },
  ) {}

  static async start(name: string): Promise<SingleN8n> {
    const { install, tarball } = liveArtefacts();
    const work = workFolder(name);
    const sandbox = await liveSandbox();
    const n8n = await startN8nWithPackage(install, tarball, path.join(work.path, 'instance'));
    return new SingleN8n(sandbox, n8n, await sandboxCredential(n8n, sandbox), work);
  }

  /** Stops both servers, prints the file's counts and removes its folder. */
  async stop(counts: Counts, title: string): Promise<void> {
    await this.n8n.stop();
    await this.sandbox.close();
    counts.print(title);
    this.work.remove();
  }
}
