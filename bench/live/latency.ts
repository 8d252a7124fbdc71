/**
 * Figure 1, event → workflow started, in a real n8n server: the same signed delivery posted to our
 * trigger's production URL and to n8n's own Webhook node's, alternating which goes first, one at a
 * time; "started" is the execution's `startedAt` as n8n records it (when the main process, or in queue
 * mode the worker, begins running it). Also the Polling Trigger at n8n's 1-minute schedule, and a
 * backlog handed on after activation.
 */
import type { Sandbox } from '../../sandbox';
import type { N8nServer } from '../../test/live/n8n-server';
import { eventually, pause, progress } from '../../test/live/processes';
import {
  activeSubscriptions,
  happen,
  newInvoice,
  post,
  signedDelivery,
  subscriptionSecret,
} from '../../test/live/sandbox';
import { pollingWorkflow, triggerWorkflow } from '../../test/live/workflows';
import { loadMeter, loadText } from './cpu';
import {
  allExecutions,
  finishedExecutions,
  mb,
  msText,
  percentile,
  row,
  sampleRss,
  sec,
  times,
  type Row,
} from './measure';
import { seedEvents } from './seed';
import { webhookNodeWorkflow } from './workflows';

type Saved = { id: string; name: string };

export interface Deployment {
  label: string;
  /** Where the REST API is (the main process). */
  main: N8nServer;
  /** Where production webhooks answer (the main process, or the webhook processor in queue mode). */
  webhookBase: string;
}

export interface LatencyOptions {
  /** Our trigger's type version in the workflow (2 is what new workflows get). */
  typeVersion: number;
  /** The pause between one answered delivery and the next: 0 is a burst, 250 ms spread deliveries. */
  gapMs: number;
  /** The targets, p50 and p95 as multiples of the Webhook node's; none for a diagnosis. */
  targets?: { p50: number; p95: number };
}

/** Our trigger and the Webhook node, each in its own active workflow; `events` deliveries to each. */
export async function triggerLatency(
  sandbox: Sandbox,
  at: Deployment,
  credential: Saved,
  events: number,
  options: LatencyOptions,
): Promise<Row[]> {
  const { main } = at;
  const { typeVersion, gapMs, targets } = options;
  const judged = targets !== undefined;
  // One real paid event as the sandbox wrote it, made before any subscription exists (so it is delivered to
  // none); each delivery is a copy with its own id, signed as the sandbox signs.
  const invoiceId = await newInvoice(
    sandbox,
    `latency.${at.label.replace(/\W/g, '')}.v${typeVersion}.${gapMs}@example.com`,
  );
  const paid = JSON.parse(sandbox.data.events.getText((await happen(sandbox, invoiceId, 'invoice.paid')).id)!);
  const before = new Set(activeSubscriptions(sandbox).map((record) => record.id));
  const ours = (
    await main.createWorkflow(
      triggerWorkflow(`Bench: our trigger v${typeVersion} (${at.label})`, credential, ['invoice.paid'], typeVersion),
    )
  ).id;
  const webhook = webhookNodeWorkflow(`Bench: Webhook node (${at.label})`);
  const theirs = (await main.createWorkflow(webhook.workflow)).id;
  await main.activate(ours);
  await main.activate(theirs);
  // The subscription our new workflow made: one the sandbox did not have before (a count would be fooled by
  // the previous figure's workflow removing its own meanwhile).
  const subscription = await eventually(`our trigger's subscription (${before.size} active before it)`, 60, async () =>
    activeSubscriptions(sandbox).find((record) => !before.has(record.id)),
  );
  const secret = subscriptionSecret(sandbox, subscription.id);
  const urls = { ours: subscription.url, theirs: `${at.webhookBase}/webhook/${webhook.path}` };
  await pause(2000);
  const sent = { ours: [] as number[], theirs: [] as number[] };
  const statuses = new Map<number, number>();
  let retried = 0;
  const began = Date.now();
  const load = loadMeter(() => [process.pid]);
  for (let index = 0; index < events; index += 1) {
    const order = index % 2 === 0 ? (['ours', 'theirs'] as const) : (['theirs', 'ours'] as const);
    for (const side of order) {
      const event = { ...paid, id: `${paid.id}_${side}_${index}` };
      const delivery = signedDelivery(secret, event.id, JSON.stringify(event));
      let status = 0;
      // A connection the server dropped is tried once more (timed from the retry); a second failure ends the figure.
      for (let attempt = 1; !status; attempt += 1) {
        sent[side][index] = Date.now();
        status = await post(urls[side], delivery).catch((error: Error) => {
          if (attempt > 1)
            throw new Error(
              `${at.label}: posting to ${side} failed twice: ${error.message} (${String((error.cause as Error | undefined)?.message ?? '')})`,
            );
          retried += 1;
          return 0;
        });
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      // One delivery at a time: the next goes at once (a burst) or after a pause (spread events).
      if (gapMs > 0) await pause(gapMs);
    }
  }
  const loadDuring = load.stop();
  progress(
    `${at.label}: ${events} deliveries to each posted (statuses ${JSON.stringify(Object.fromEntries(statuses))}; ${retried} tried again)`,
    began,
  );
  const latencies = async (workflowId: string, side: 'ours' | 'theirs') => {
    const executions = await finishedExecutions(main, workflowId, events, 180);
    if (executions.length !== events)
      throw new Error(`${at.label}: ${executions.length} executions for ${events} deliveries to ${side}`);
    return executions.map(
      (execution, index) => Date.parse(execution.startedAt ?? execution.createdAt) - sent[side][index],
    );
  };
  const mine = await latencies(ours, 'ours');
  const yardstick = await latencies(theirs, 'theirs');
  await main.deactivate(ours);
  await main.deactivate(theirs);
  const p = (values: number[], at: number) => percentile(values, at);
  const p50 = p(mine, 50) / Math.max(1, p(yardstick, 50));
  const p95 = p(mine, 95) / Math.max(1, p(yardstick, 95));
  const figure = `1 trigger, ${at.label}`;
  const quartiles = (values: number[]) => `p25–p75 ${msText(p(values, 25))}–${msText(p(values, 75))}`;
  const delivery = gapMs > 0 ? `${gapMs} ms apart` : 'back to back';
  return [
    row(
      figure,
      `event → started, Webhook node, p50 / p95 (${events} events, ${delivery})`,
      `${msText(p(yardstick, 50))} / ${msText(p(yardstick, 95))}`,
      `the yardstick; ${quartiles(yardstick)}; ${loadText(loadDuring)}`,
    ),
    row(
      figure,
      `event → started, our trigger v${typeVersion}, p50 (${events} events, ${delivery})`,
      msText(p(mine, 50)),
      `${times(p50)} the Webhook node${judged ? ` (target ≤ ${targets.p50}×)` : ''}; ${quartiles(mine)}`,
      judged ? p50 <= targets.p50 : undefined,
    ),
    row(
      figure,
      `event → started, our trigger v${typeVersion}, p95 (${events} events, ${delivery})`,
      msText(p(mine, 95)),
      `${times(p95)} the Webhook node${judged ? ` (target ≤ ${targets.p95}×)` : ''}`,
      judged ? p95 <= targets.p95 : undefined,
    ),
  ];
}

/**
 * The Polling Trigger on n8n's 1-minute schedule: events made at spread moments of a minute, each timed
 * to the start of the poll's execution that hands it on; then a backlog of `backlog` events appears at
 * once and is timed until the last is handed on (the node hands on at most 1,000 a poll), with n8n's RSS.
 */
export async function pollingFigures(
  sandbox: Sandbox,
  main: N8nServer,
  credential: Saved,
  spread: number,
  backlog: number,
): Promise<Row[]> {
  const workflowId = (
    await main.createWorkflow(pollingWorkflow('Bench: Polling Trigger', credential, ['invoice.paid']))
  ).id;
  await main.activate(workflowId);
  // The first poll after activation marks where the service stands.
  await eventually(
    "the first poll's cursor",
    130,
    async () => {
      const data = (await main.staticData(workflowId)) as Record<string, { cursor?: string }> | undefined;
      return data && Object.values(data).some((node) => typeof node?.cursor === 'string') ? true : undefined;
    },
    1000,
  );
  const happened: number[] = [];
  let invoiceId = '';
  for (let index = 0; index < spread; index += 1) {
    // An invoice per event: each payment is 300.00 of 900.00, so a fourth on one invoice would be refused.
    invoiceId = await newInvoice(sandbox, `polling.${index}@example.com`);
    happened.push(Date.now());
    await happen(sandbox, invoiceId, 'invoice.paid');
    if (index < spread - 1) await pause(60_000 / spread);
  }
  const waits: number[] = [];
  await eventually(
    'every spread event handed on',
    150,
    async () => {
      const all = await allExecutions(main, workflowId);
      const starts = all.map((e) => Date.parse(e.startedAt ?? e.createdAt));
      waits.length = 0;
      for (const at of happened) {
        const poll = starts.filter((started) => started >= at).sort((a, b) => a - b)[0];
        if (poll === undefined) return undefined;
        waits.push(poll - at);
      }
      return true;
    },
    2000,
  );
  const within = (all: Awaited<ReturnType<typeof allExecutions>>) =>
    all.map((e) => new Date(e.startedAt ?? e.createdAt)).map((d) => d.getUTCSeconds() * 1000 + d.getUTCMilliseconds());
  const handedBefore = (await allExecutions(main, workflowId)).length;
  const pid = main.pid()!;
  const rss = sampleRss(pid, 500);
  // The newest paid event of this account (other figures may be using other accounts meanwhile).
  const template = sandbox.data.events.list(
    { type: 'invoice.paid', account_id: sandbox.data.invoices.accountOf(invoiceId) },
    1,
  )!.data[0].id;
  const seededAt = Date.now();
  seedEvents(sandbox, template, backlog);
  const polls = Math.ceil(backlog / 1000);
  progress(`polling: ${backlog} events seeded; waiting for ${polls} polls`);
  const all = await finishedExecutions(main, workflowId, handedBefore + polls, polls * 60 + 150);
  const memory = rss.stop();
  await main.deactivate(workflowId);
  const backlogRuns = all.slice(handedBefore);
  const lastStop = Math.max(...backlogRuns.map((e) => Date.parse(e.stoppedAt ?? e.startedAt ?? e.createdAt)));
  const failed = backlogRuns.filter((e) => e.status !== 'success').length;
  const offsets = within(all);
  return [
    row(
      '1 polling',
      `event → started at a 1-minute poll, p50 / max (${waits.length} events across a minute)`,
      `${sec(percentile(waits, 50))} / ${sec(Math.max(...waits))}`,
      `the schedule is the floor: an event waits for the next tick (≤ 60 s); polls started at second ${sec(Math.min(...offsets))}–${sec(Math.max(...offsets))} of the minute`,
    ),
    row(
      '1 polling',
      `backlog of ${backlog} events after activation → all handed on`,
      sec(lastStop - seededAt),
      `${backlogRuns.length} polls of ≤ 1,000 events (${failed} failed); n8n RSS ${mb(memory.first)} → peak ${mb(memory.peak)}`,
    ),
  ];
}
