/**
 * Figure 2, the webhook path. (a) Signature checks per second on one core: shared's verifyWebhook next
 * to the `standardwebhooks` reference on the same signed delivery, and the whole receive (verify,
 * parse, filter, flatten). (b) Latency from asking the sandbox for an event to the trigger's output,
 * for a bare receiver, the n8n trigger (n8n-core's WebhookContext) and the Zapier trigger's perform
 * (createAppTester), one subscription at a time, interleaved over rounds, all over loopback.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import {
  generateWebhookSecret,
  receiveWebhook,
  operations,
  sampleEvents,
  signWebhook,
  verifyWebhook,
  type Connection,
  type HttpRequest,
} from '../shared';
import { fetchSend } from '../sandbox';
import { TriggerHost } from '../test/n8n/harness';
import { INVOICE, loadN8n, n8nCredentials, zapierApp } from './platforms';
import { median, ms, percentile, perSecond, row, startSandboxChild, within, type Row } from './support';
import { zapierAuth } from '../test/zapier/connection';

/** Checks per second of `check`, in batches, median over batches (time-bounded). */
function rate(check: () => void, seconds: number): number {
  const batches: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline || batches.length < 3) {
    const started = performance.now();
    for (let i = 0; i < 500; i += 1) check();
    batches.push(500 / ((performance.now() - started) / 1000));
  }
  return median(batches);
}

function signatureRates(seconds: number) {
  const secret = generateWebhookSecret();
  const body = JSON.stringify(sampleEvents.paid);
  const headers = {
    ...signWebhook({ secret, id: sampleEvents.paid.id, timestamp: Math.floor(Date.now() / 1000), body }),
  };
  const reference = new Webhook(secret);
  const results = { ours: [] as number[], reference: [] as number[], receive: [] as number[] };
  const checks: Record<keyof typeof results, () => void> = {
    ours: () => {
      if (!verifyWebhook({ secret, headers, body }).ok) throw new Error('our check refused a good signature');
    },
    reference: () => reference.verify(body, headers, { jsonParse: false }),
    receive: () => {
      if (receiveWebhook({ secret, headers, rawBody: body, types: ['invoice.paid'] }).outcome !== 'accepted') {
        throw new Error('receiveWebhook refused a good delivery');
      }
    },
  };
  for (let round = 0; round < 3; round += 1) {
    for (const name of Object.keys(checks) as Array<keyof typeof results>)
      results[name].push(rate(checks[name], seconds / 9));
  }
  return {
    ours: median(results.ours),
    reference: median(results.reference),
    receive: median(results.receive),
    bytes: body.length,
  };
}

type Arrival = (eventId: string) => void;

/** Arrival times by event id, and a way to wait for one that may already have arrived. */
function arrivals() {
  const times = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const arrived: Arrival = (eventId) => {
    times.set(eventId, performance.now());
    waiting.get(eventId)?.();
  };
  const when = (eventId: string) =>
    within(
      10,
      `delivery of ${eventId}`,
      new Promise<number>((resolve) => {
        if (times.has(eventId)) resolve(times.get(eventId)!);
        else waiting.set(eventId, () => resolve(times.get(eventId)!));
      }),
    );
  return { arrived, when };
}

async function listen(
  handle: (headers: IncomingHttpHeaders, rawBody: string) => Promise<number>,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req.headers, Buffer.concat(chunks).toString('utf8')).then(
        (status) => res.writeHead(status).end(),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

/** Zapier hands a hook's perform the raw body and the headers as `Http-Webhook-Id`. */
const zapierHeaders = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      `Http-${name
        .split('-')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join('-')}`,
      String(value),
    ]),
  );

interface Target {
  name: string;
  subscribe(): Promise<void>;
  unsubscribe(): Promise<void>;
  when(eventId: string): Promise<number>;
}

export async function webhooks({
  events,
  rounds,
  verifySeconds,
}: {
  events: number;
  rounds: number;
  verifySeconds: number;
}): Promise<Row[]> {
  const signatures = signatureRates(verifySeconds);
  const sandbox = await startSandboxChild({ rateLimitPerSecond: 1e9 });
  const n8n = await loadN8n();
  const closers: Array<() => Promise<unknown>> = [];
  try {
    const connection: Required<Connection> = { apiKey: sandbox.testKey, baseUrl: sandbox.baseUrl };
    const api = async (request: HttpRequest) => {
      const response = await fetchSend(request);
      if (response.status >= 300) throw new Error(`${request.method} ${request.url} answered ${response.status}`);
      return response.body as Record<string, any>;
    };

    const bare = arrivals();
    const bareServer = await listen(async (headers) => {
      bare.arrived(String(headers['webhook-id']));
      return 200;
    });
    let bareId = '';

    const n8nHost = new TriggerHost(n8n.pkg, {
      node: 'invoicingApiTrigger',
      parameters: { events: ['invoice.viewed'] },
      credentials: n8nCredentials(connection),
    });
    await n8nHost.listen();
    closers.push(() => n8nHost.close());
    const n8nArrivals = arrivals();
    const push = n8nHost.started.push.bind(n8nHost.started);
    n8nHost.started.push = (...started) => {
      for (const workflowData of started) n8nArrivals.arrived(String(workflowData[0][0].json.id));
      return push(...started);
    };

    const zapier = zapierApp();
    const trigger = zapier.app.triggers.invoice_viewed.operation;
    const authData = zapierAuth(connection.apiKey, connection.baseUrl);
    const zapierArrivals = arrivals();
    let subscribeData: { id: string; secret: string } | undefined;
    const zapierServer = await listen(async (headers, rawBody) => {
      const records = await zapier.tester(trigger.perform, {
        authData,
        subscribeData,
        cleanedRequest: JSON.parse(rawBody),
        rawRequest: { method: 'POST', content: rawBody, headers: zapierHeaders(headers) },
      });
      if (records.length !== 1) throw new Error('the Zapier trigger refused a sandbox delivery');
      zapierArrivals.arrived(String(records[0].id));
      return 200;
    });
    for (const { server } of [bareServer, zapierServer])
      closers.push(() => new Promise((resolve) => server.close(resolve)));

    const targets: Target[] = [
      {
        name: 'bare receiver',
        when: bare.when,
        subscribe: async () => {
          bareId = String(
            (
              await api(
                operations.createWebhook.request(connection, { url: bareServer.url, events: ['invoice.viewed'] }),
              )
            ).id,
          );
        },
        unsubscribe: async () => void (await api(operations.deleteWebhook.request(connection, { webhook_id: bareId }))),
      },
      {
        name: 'n8n trigger',
        when: n8nArrivals.when,
        subscribe: async () => void (await n8nHost.activate()),
        unsubscribe: async () => void (await n8nHost.deactivate()),
      },
      {
        name: 'Zapier trigger',
        when: zapierArrivals.when,
        subscribe: async () => {
          subscribeData = await zapier.tester(trigger.performSubscribe, { authData, targetUrl: zapierServer.url });
        },
        unsubscribe: async () => void (await zapier.tester(trigger.performUnsubscribe, { authData, subscribeData })),
      },
    ];

    const invoice = await api(operations.createInvoice.request(connection, { ...INVOICE, auto_send_whatsapp: false }));
    const latencies = new Map(targets.map((target) => [target.name, [] as number[]]));
    const measure = async (target: Target, count: number, keep: boolean) => {
      await target.subscribe();
      try {
        for (let i = 0; i < count; i += 1) {
          const started = performance.now();
          const event = await api(
            operations.simulateView.request(connection, { invoice_id: String(invoice.id), channel: 'link' }),
          );
          const arrived = await target.when(String(event.id));
          if (keep) latencies.get(target.name)!.push(arrived - started);
        }
      } finally {
        await target.unsubscribe();
      }
    };
    for (const target of targets) await measure(target, 10, false);
    const perRound = Math.ceil(events / rounds);
    for (let round = 0; round < rounds; round += 1) {
      for (const target of round % 2 ? [...targets].reverse() : targets) await measure(target, perRound, true);
    }

    const base = median(latencies.get('bare receiver')!);
    const rows = [
      row(
        '2 webhooks',
        `signature checks, one core (shared verifyWebhook, ${signatures.bytes}-byte event)`,
        perSecond(signatures.ours),
        `${(signatures.ours / signatures.reference).toFixed(2)}× the standardwebhooks reference (${perSecond(signatures.reference)})`,
      ),
      row(
        '2 webhooks',
        'whole receive: verify, parse, filter, flatten',
        perSecond(signatures.receive),
        `${(signatures.receive / signatures.ours).toFixed(2)}× verify alone`,
      ),
    ];
    for (const target of targets) {
      const times = latencies.get(target.name)!;
      const p50 = median(times);
      rows.push(
        row(
          '2 webhooks',
          `event → ${target.name} output, p50 / p99 (${times.length} events)`,
          `${ms(p50)} / ${ms(percentile(times, 99))}`,
          target.name === 'bare receiver'
            ? 'the sandbox and loopback alone'
            : `p50 ${(p50 / base).toFixed(2)}× the bare receiver (+${ms(p50 - base)})`,
        ),
      );
    }
    return rows;
  } finally {
    for (const close of closers) await close();
    n8n.cleanup();
    await sandbox.stop();
  }
}
