/**
 * The trigger in n8n's queue mode, as teams that outgrow one process run it: Postgres and Redis, a main
 * process (editor, REST API, activation), a webhook processor that receives the deliveries, and a worker
 * that runs the executions. Registration, one execution per event, a redelivery, and two copies of one
 * delivery at the same moment. Postgres runs as the `postgres` user (it refuses root).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

import type { Sandbox } from '../../sandbox';
import { installPackage, N8nServer } from './n8n-server';
import { liveArtefacts } from './single';
import { eventually, freePort, pause, progress, start, type Started } from './processes';
import { activeSubscriptions, attackDeliveries, happen, liveSandbox, newInvoice, post, redeliver, sandboxKey, signedDelivery, subscriptionSecret } from './sandbox';
import { Counts } from './table';
import { CREDENTIAL, TRIGGER, settledExecutions, triggerWorkflow } from './workflows';

const { install, tarball } = liveArtefacts();

const DELIVERY_SECONDS = 60;
const QUIET_MS = 4000;

const counts = new Counts();
const work = mkdtempSync(path.join(tmpdir(), 'invoicing-live-queue-'));
const services: Started[] = [];
let sandbox: Sandbox;
let main: N8nServer;
let webhook: N8nServer;
let worker: N8nServer;

/** Debian's postgresql keeps its programs in /usr/lib/postgresql/<version>/bin, off the PATH. */
function postgresProgram(name: string): string {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter),
    ...(existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`) : [])];
  const dir = dirs.find((candidate) => candidate && existsSync(path.join(candidate, name)));
  if (!dir) throw new Error(`${name} not found: run npm run setup (it installs Debian's postgresql)`);
  return path.join(dir, name);
}

const asPostgres = (command: string, args: string[]) => (userInfo().uid === 0
  ? ['runuser', ['-u', 'postgres', '--', postgresProgram(command), ...args]] as const : [postgresProgram(command), args] as const);

async function startPostgres(): Promise<number> {
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
  const server = start('postgres', postgres, [...args], { env: process.env, log: path.join(tmpdir(), `invoicing-live-postgres-${port}.log`) });
  services.push(server);
  await server.waitFor(/ready to accept connections/, 60, 'Postgres came up');
  return port;
}

async function startRedis(): Promise<number> {
  const port = await freePort();
  const server = start('redis', 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { env: process.env, log: path.join(work, 'redis.log') });
  services.push(server);
  await server.waitFor(/Ready to accept connections/, 30, 'Redis came up');
  return port;
}


beforeAll(async () => {
  const began = Date.now();
  sandbox = await liveSandbox();
  const [postgresPort, redisPort] = await Promise.all([startPostgres(), startRedis()]);
  progress('Postgres and Redis started', began);
  const folder = path.join(work, 'n8n');
  const deployment: NodeJS.ProcessEnv = {
    DB_TYPE: 'postgresdb', DB_POSTGRESDB_HOST: '127.0.0.1', DB_POSTGRESDB_PORT: String(postgresPort),
    DB_POSTGRESDB_USER: 'n8n', DB_POSTGRESDB_DATABASE: 'postgres',
    EXECUTIONS_MODE: 'queue', QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(redisPort),
    N8N_ENCRYPTION_KEY: 'invoicing-live-suite-queue-mode',
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
}, 600_000);

afterAll(async () => {
  for (const process of [worker, webhook, main]) await process?.stop();
  for (const service of services.reverse()) await service.stop();
  await sandbox?.close();
  counts.print(`n8n ${install.version}, queue mode (main, webhook processor, worker; Postgres, Redis): counts seen`);
  rmSync(work, { recursive: true, force: true });
}, 120_000);

describe('trigger in queue mode', () => {
  let workflowId: string;
  let url: string;
  let invoiceId: string;
  const eventIds: Record<string, string> = {};

  const executions = async () => (await main.executions(workflowId)).length;
  const settledCount = (expected: number) =>
    settledExecutions(main, workflowId, sandbox, expected, { seconds: DELIVERY_SECONDS, quietMs: QUIET_MS });

  test('activation registers exactly one webhook, at the webhook processor', async () => {
    const credential = await main.createCredential('Invoicing sandbox', CREDENTIAL, { apiKey: sandboxKey(sandbox), baseUrl: sandbox.baseUrl });
    workflowId = (await main.createWorkflow(triggerWorkflow('On invoice events (queue)', credential))).id;
    await main.activate(workflowId);
    await eventually('a subscription after activation', 30, async () => (activeSubscriptions(sandbox).length ? true : undefined)).catch(() => undefined);
    await pause(QUIET_MS);
    const subscriptions = activeSubscriptions(sandbox);
    counts.record('queue', 'webhooks after activation', 1, subscriptions.length);
    expect(subscriptions).toHaveLength(1);
    url = subscriptions[0].url;
    expect(url.startsWith(`http://127.0.0.1:${webhook.port}/webhook/`)).toBe(true);
  });

  test.each([['invoice.viewed'], ['invoice.paid'], ['invoice.disputed']])('%s gives exactly one execution, run by the worker', async (type) => {
    if (!invoiceId) invoiceId = await newInvoice(sandbox, 'queue.live@example.com');
    const before = await executions();
    const event = await happen(sandbox, invoiceId, type);
    eventIds[type] = event.id;
    const after = await settledCount(before + 1);
    counts.record('queue', `executions for ${type}`, 1, after - before);
    expect(after - before).toBe(1);
    const [newest] = await main.executions(workflowId);
    await eventually('the execution to finish', DELIVERY_SECONDS, async () => ((await main.executions(workflowId))[0].status === 'success' ? true : undefined));
    const [record] = await main.executionOutput(newest.id, TRIGGER);
    expect(record).toEqual(expect.objectContaining({ event_type: type, event_id: event.id }));
    expect(worker.output()).toContain(`Worker finished execution ${newest.id} `);
  });

  test("the service's redelivery of an event starts nothing", async () => {
    const before = await executions();
    await redeliver(sandbox, eventIds['invoice.paid']);
    const after = await settledCount(before);
    counts.record('queue', 'executions for a redelivery', 0, after - before);
    expect(after - before).toBe(0);
  });

  test('one signed request posted twice, and two copies at the same moment, start one execution each', async () => {
    const secret = subscriptionSecret(sandbox, activeSubscriptions(sandbox, url)[0].id);
    const paid = JSON.parse(sandbox.data.events.getText(eventIds['invoice.paid'])!);
    const fresh = (suffix: string) => {
      const event = { ...paid, id: `${paid.id}${suffix}` };
      return signedDelivery(secret, event.id, JSON.stringify(event));
    };
    const before = await executions();
    const replayed = fresh('q1');
    expect([await post(url, replayed), await post(url, replayed)]).toEqual([200, 200]);
    const afterReplay = await settledCount(before + 1);
    counts.record('queue', 'executions for one request posted twice', 1, afterReplay - before);
    const copy = fresh('q2');
    expect(await Promise.all([post(url, copy), post(url, copy)])).toEqual([200, 200]);
    const afterTwins = await settledCount(afterReplay + 1);
    counts.record('queue', 'executions for two copies at once', 1, afterTwins - afterReplay);
    expect([afterReplay - before, afterTwins - afterReplay]).toEqual([1, 1]);
  });

  test('tampered, stale, unsigned and wrongly signed deliveries get 401 at the webhook processor and start nothing', async () => {
    const secret = subscriptionSecret(sandbox, activeSubscriptions(sandbox, url)[0].id);
    const attacks = attackDeliveries(secret, sandbox.data.events.getText(eventIds['invoice.viewed'])!);
    const before = await executions();
    const statuses: Record<string, number> = {};
    for (const [name, delivery] of Object.entries(attacks)) statuses[name] = await post(url, delivery);
    const after = await settledCount(before);
    counts.record('queue', 'HTTP 401 for the 4 attacks', 4, Object.values(statuses).filter((status) => status === 401).length);
    counts.record('queue', 'executions for the 4 attacks', 0, after - before);
    expect(statuses).toEqual({ tampered: 401, stale: 401, unsigned: 401, 'wrong secret': 401 });
    expect(after - before).toBe(0);
  });

  test('deactivation leaves no webhook', async () => {
    await main.deactivate(workflowId);
    await eventually('no subscription after deactivation', 30, async () => (activeSubscriptions(sandbox).length ? undefined : true)).catch(() => undefined);
    const left = activeSubscriptions(sandbox).length;
    counts.record('queue', 'webhooks after deactivation', 0, left);
    expect(left).toBe(0);
  });
});
