/**
 * The trigger in n8n's queue mode, as teams that outgrow one process run it: Postgres and Redis, a main
 * process (editor, REST API, activation), a webhook processor that receives the deliveries, and a worker
 * that runs the executions. Registration, one execution per event, a redelivery, and two copies of one
 * delivery at the same moment. Postgres runs as the `postgres` user (it refuses root).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Sandbox } from '../../sandbox';
import { startQueueDeployment } from './deployment';
import type { N8nServer } from './n8n-server';
import { liveArtefacts } from './single';
import { eventually, pause } from './processes';
import {
  activeSubscriptions,
  attackDeliveries,
  happen,
  liveSandbox,
  newInvoice,
  post,
  redeliver,
  sandboxKey,
  signedDelivery,
  subscriptionSecret,
} from './sandbox';
import { Counts } from './table';
import { CREDENTIAL, TRIGGER, settledExecutions, triggerWorkflow } from './workflows';

const { install, tarball } = liveArtefacts();

const DELIVERY_SECONDS = 60;
const QUIET_MS = 4000;

const counts = new Counts();
const work = mkdtempSync(path.join(tmpdir(), 'invoicing-live-queue-'));
let stop: (() => Promise<void>) | undefined;
let sandbox: Sandbox;
let main: N8nServer;
let webhook: N8nServer;
let worker: N8nServer;

beforeAll(async () => {
  sandbox = await liveSandbox();
  ({ main, webhook, worker, stop } = await startQueueDeployment(install, tarball, work));
}, 600_000);

afterAll(async () => {
  await stop?.();
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
    const credential = await main.createCredential('Invoicing sandbox', CREDENTIAL, {
      apiKey: sandboxKey(sandbox),
      baseUrl: sandbox.baseUrl,
    });
    workflowId = (await main.createWorkflow(triggerWorkflow('On invoice events (queue)', credential))).id;
    await main.activate(workflowId);
    await eventually('a subscription after activation', 30, async () =>
      activeSubscriptions(sandbox).length ? true : undefined,
    ).catch(() => undefined);
    await pause(QUIET_MS);
    const subscriptions = activeSubscriptions(sandbox);
    counts.record('queue', 'webhooks after activation', 1, subscriptions.length);
    expect(subscriptions).toHaveLength(1);
    url = subscriptions[0].url;
    expect(url.startsWith(`http://127.0.0.1:${webhook.port}/webhook/`)).toBe(true);
  });

  test.each([['invoice.viewed'], ['invoice.paid'], ['invoice.disputed']])(
    '%s gives exactly one execution, run by the worker',
    async (type) => {
      if (!invoiceId) invoiceId = await newInvoice(sandbox, 'queue.live@example.com');
      const before = await executions();
      const event = await happen(sandbox, invoiceId, type);
      eventIds[type] = event.id;
      const after = await settledCount(before + 1);
      counts.record('queue', `executions for ${type}`, 1, after - before);
      expect(after - before).toBe(1);
      const [newest] = await main.executions(workflowId);
      await eventually('the execution to finish', DELIVERY_SECONDS, async () =>
        (await main.executions(workflowId))[0].status === 'success' ? true : undefined,
      );
      const [record] = await main.executionOutput(newest.id, TRIGGER);
      expect(record).toEqual(expect.objectContaining({ event_type: type, event_id: event.id }));
      expect(worker.output()).toContain(`Worker finished execution ${newest.id} `);
    },
  );

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
    counts.record(
      'queue',
      'HTTP 401 for the 4 attacks',
      4,
      Object.values(statuses).filter((status) => status === 401).length,
    );
    counts.record('queue', 'executions for the 4 attacks', 0, after - before);
    expect(statuses).toEqual({ tampered: 401, stale: 401, unsigned: 401, 'wrong secret': 401 });
    expect(after - before).toBe(0);
  });

  test('deactivation leaves no webhook', async () => {
    await main.deactivate(workflowId);
    await eventually('no subscription after deactivation', 30, async () =>
      activeSubscriptions(sandbox).length ? undefined : true,
    ).catch(() => undefined);
    const left = activeSubscriptions(sandbox).length;
    counts.record('queue', 'webhooks after deactivation', 0, left);
    expect(left).toBe(0);
  });
});
