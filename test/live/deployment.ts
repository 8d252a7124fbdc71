/**
 * n8n's queue mode as teams that outgrow one process run it: Postgres and Redis, a main process (editor,
 * REST API, activation), a webhook processor that receives the deliveries, and a worker that runs the
 * executions. Postgres runs as the `postgres` user (it refuses root). Shared by queue.live.ts and
 * `npm run bench:live`.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

import { installPackage, N8nServer, type N8nInstall } from './n8n-server';
import { freePort, progress, start, type Started } from './processes';

/** Debian's postgresql keeps its programs in /usr/lib/postgresql/<version>/bin, off the PATH. */
function postgresProgram(name: string): string {
  const dirs = [
    ...(process.env.PATH ?? '').split(path.delimiter),
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  const dir = dirs.find((candidate) => candidate && existsSync(path.join(candidate, name)));
  if (!dir) throw new Error(`${name} not found: run npm run setup (it installs Debian's postgresql)`);
  return path.join(dir, name);
}

const asPostgres = (command: string, args: string[]) =>
  userInfo().uid === 0
    ? (['runuser', ['-u', 'postgres', '--', postgresProgram(command), ...args]] as const)
    : ([postgresProgram(command), args] as const);

async function startPostgres(work: string, services: Started[]): Promise<number> {
  const data = path.join(work, 'postgres');
  execFileSync('mkdir', ['-p', data]);
  if (userInfo().uid === 0) {
    const postgresUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(work, postgresUid, -1);
    chownSync(data, postgresUid, -1);
  }
  const [initdb, initArgs] = asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'n8n']);
  execFileSync(initdb, [...initArgs], { stdio: 'ignore', timeout: 120_000 });
  const port = await freePort();
  const [postgres, args] = asPostgres('postgres', ['-D', data, '-p', String(port), '-k', data, '-h', '127.0.0.1']);
  const server = start('postgres', postgres, [...args], {
    env: process.env,
    log: path.join(tmpdir(), `invoicing-live-postgres-${port}.log`),
  });
  services.push(server);
  await server.waitFor(/ready to accept connections/, 60, 'Postgres came up');
  return port;
}

async function startRedis(work: string, services: Started[]): Promise<number> {
  const port = await freePort();
  const server = start(
    'redis',
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { env: process.env, log: path.join(work, 'redis.log') },
  );
  services.push(server);
  await server.waitFor(/Ready to accept connections/, 30, 'Redis came up');
  return port;
}

export interface QueueDeployment {
  main: N8nServer;
  webhook: N8nServer;
  worker: N8nServer;
  /** Stops the n8n processes, then Redis and Postgres. */
  stop(): Promise<void>;
}

/** Postgres, Redis and the three n8n processes in `work`, the packed package installed, the owner set up. */
export async function startQueueDeployment(
  install: N8nInstall,
  tarball: string,
  work: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<QueueDeployment> {
  const began = Date.now();
  const services: Started[] = [];
  const stop = async (processes: Array<N8nServer | undefined>) => {
    for (const process of processes) await process?.stop();
    for (const service of services.reverse()) await service.stop();
  };
  let main: N8nServer | undefined;
  let webhook: N8nServer | undefined;
  let worker: N8nServer | undefined;
  try {
    const [postgresPort, redisPort] = await Promise.all([startPostgres(work, services), startRedis(work, services)]);
    progress('Postgres and Redis started', began);
    const folder = path.join(work, 'n8n');
    const deployment: NodeJS.ProcessEnv = {
      DB_TYPE: 'postgresdb',
      DB_POSTGRESDB_HOST: '127.0.0.1',
      DB_POSTGRESDB_PORT: String(postgresPort),
      DB_POSTGRESDB_USER: 'n8n',
      DB_POSTGRESDB_DATABASE: 'postgres',
      EXECUTIONS_MODE: 'queue',
      QUEUE_BULL_REDIS_HOST: '127.0.0.1',
      QUEUE_BULL_REDIS_PORT: String(redisPort),
      N8N_ENCRYPTION_KEY: 'invoicing-live-suite-queue-mode',
      ...extraEnv,
    };
    webhook = await N8nServer.create(install, folder, deployment, 'webhook');
    // Every process registers and answers under the webhook processor's URL (read when each starts).
    deployment.WEBHOOK_URL = `${webhook.url}/`;
    main = await N8nServer.create(install, folder, deployment);
    worker = await N8nServer.create(install, folder, deployment, 'worker');
    installPackage(folder, tarball);
    await main.start();
    await main.setUpOwner();
    await Promise.all([webhook.start(), worker.start()]);
  } catch (error) {
    await stop([worker, webhook, main]);
    throw error;
  }
  const [m, h, w] = [main, webhook, worker];
  return { main: m, webhook: h, worker: w, stop: () => stop([w, h, m]) };
}
