/**
 * Figure 1, overhead per call: Create Invoice against the sandbox as (a) a bare fetch, (b) each
 * platform's runtime running a minimal operation that sends the same request, (c) our connector in
 * that runtime, and (b') the minimal operation inside our app definition / behind our node description.
 * (b − a) / a is the platform's own cost; (b' − b) / b is what the runtime itself spends on a definition
 * the size of ours (Zapier's core copies and freezes the whole definition on every call); the
 * connector's own share, the target, is (c − b') / b'.
 * All five variants run interleaved in one process, so a busy machine slows them alike.
 */
import { performance } from 'node:perf_hooks';
import { operations, runOperation, type Connection } from '../shared';
import {
  INVOICE, freshKey, invoiceRequest, loadN8n, n8nCredentials, n8nInvoiceParameters, runNode, runPassThrough, zapierApp,
  zapierBareApp, zapierInvoiceInput, zapierPrepareApp,
} from './platforms';
import { allOf, interleaved, median, medianShare, ms, pct, row, startSandboxChild, type Row, type Variant } from './support';
import { zapierAuth } from '../test/zapier/connection';

export const OVERHEAD_TARGET = 0.1;

const RUNTIME = { zapier: 'createAppTester', n8n: 'n8n-core WorkflowExecute' } as const;

export interface OverheadOptions { rounds: number; perRound: number }

export async function overhead({ rounds, perRound }: OverheadOptions): Promise<Row[]> {
  const sandbox = await startSandboxChild({ rateLimitPerSecond: 1e9 });
  const n8n = await loadN8n();
  try {
    const connection: Required<Connection> = { apiKey: sandbox.testKey, baseUrl: sandbox.baseUrl };
    const authData = zapierAuth(connection.apiKey, connection.baseUrl);
    const ours = zapierApp();
    const bare = zapierBareApp((key) => invoiceRequest(connection, key));
    const bareInOurs = zapierBareApp((key) => invoiceRequest(connection, key), ours.app);
    const created = (id: unknown, who: string) => {
      if (typeof id !== 'string' || !id.startsWith('inv_')) throw new Error(`${who} did not create an invoice`);
    };
    const variants: Variant[] = [
      { name: 'fetch', call: async () => {
        const request = invoiceRequest(connection, freshKey());
        const response = await fetch(request.url, { method: request.method, headers: request.headers, body: JSON.stringify(request.body) });
        created(((await response.json()) as { id?: string }).id, 'fetch');
      } },
      { name: 'zapier-bare', call: async () => {
        created((await bare.tester(bare.app.creates.create_record.operation.perform, { authData, inputData: { key: freshKey() } })).id, 'the minimal Zapier app');
      } },
      { name: 'zapier-definition', call: async () => {
        created((await bareInOurs.tester(bareInOurs.app.creates.create_record.operation.perform, { authData, inputData: { key: freshKey() } })).id,
          'the minimal create inside our app definition');
      } },
      { name: 'zapier-ours', call: async () => {
        const output = await ours.tester(ours.app.creates.create_invoice.operation.perform, { authData, inputData: zapierInvoiceInput(freshKey()) });
        created(output.id, 'our Zapier app');
      } },
      { name: 'n8n-bare', call: async () => {
        const run = await runPassThrough(n8n, connection, invoiceRequest(connection, freshKey()));
        created(run.items[0]?.json.id, `the pass-through n8n node (${run.error?.message ?? 'no output'})`);
      } },
      { name: 'n8n-definition', call: async () => {
        const run = await runPassThrough(n8n, connection, invoiceRequest(connection, freshKey()), { inOurDescription: true });
        created(run.items[0]?.json.id, `the pass-through behind our description (${run.error?.message ?? 'no output'})`);
      } },
      { name: 'n8n-ours', call: async () => {
        const run = await runNode(n8n.pkg, { node: 'invoicingApi', credentials: n8nCredentials(connection), parameters: n8nInvoiceParameters() });
        created(run.items[0]?.json.id, `our n8n node (${run.error?.message ?? 'no output'})`);
      } },
    ];
    const samples = await interleaved(variants, { rounds, perRound, warmup: 20, maxSeconds: 90 });
    const at = (name: string) => median(allOf(samples.get(name)!));
    const coreCost = await sharedCoreMicroseconds(connection);

    const rows = [row('1 overhead', '(a) bare fetch, Create Invoice', ms(at('fetch')), 'the API itself over loopback')];
    for (const [platform, label] of [['zapier', 'Zapier'], ['n8n', 'n8n']] as const) {
      const runtime = medianShare(samples, `${platform}-bare`, 'fetch');
      const definition = medianShare(samples, `${platform}-definition`, `${platform}-bare`);
      const code = medianShare(samples, `${platform}-ours`, `${platform}-definition`);
      const whole = medianShare(samples, `${platform}-ours`, `${platform}-bare`);
      rows.push(
        row('1 overhead', `(b) ${label}: ${RUNTIME[platform]}, minimal operation, same request`, ms(at(`${platform}-bare`)),
          `platform runtime ${pct(runtime)} over (a)`),
        row('1 overhead', `(b') ${label}: the same operation inside our ${platform === 'zapier' ? 'app definition' : 'node description'}`,
          ms(at(`${platform}-definition`)), `${pct(definition)} over (b): the runtime's own work per call on a definition our size`),
        row('1 overhead', `(c) ${label}: our Create Invoice`, ms(at(`${platform}-ours`)),
          `connector's own share ${pct(code)} over (b') (target < ${pct(OVERHEAD_TARGET)}); ${pct(whole)} over (b)`,
          code < OVERHEAD_TARGET),
      );
    }
    const definitionWork = zapierDefinitionWork(ours.app, bare.app);
    rows.push(row('1 overhead', "Zapier core's prepareApp per call (it runs twice a call), our definition / minimal",
      `${definitionWork.ours.toFixed(0)} µs / ${definitionWork.bare.toFixed(0)} µs`,
      `${definitionWork.oursObjects} / ${definitionWork.bareObjects} objects copied; ` +
      `2 × the difference is ${pct((2 * (definitionWork.ours - definitionWork.bare)) / 1000 / at('zapier-bare'))} of (b)`));
    rows.push(row('1 overhead', 'shared core per Create Invoice, no I/O (validate, build, read, present)',
      `${coreCost.toFixed(0)} µs`, `${pct(coreCost / 1000 / at('zapier-bare'))} of a Zapier call, ` +
      `${pct(coreCost / 1000 / at('n8n-bare'))} of an n8n call`));
    return rows;
  } finally {
    n8n.cleanup();
    await sandbox.stop();
  }
}

/**
 * The part both connectors run on every call, answered from memory with a body the sandbox really
 * sent: median µs per call over batches of 200.
 */
async function sharedCoreMicroseconds(connection: Required<Connection>): Promise<number> {
  const request = invoiceRequest(connection, freshKey());
  const answer = await (await fetch(request.url, { method: request.method, headers: request.headers,
    body: JSON.stringify(request.body) })).text();
  const send = async () => ({ status: 201, headers: { 'content-type': 'application/json' }, body: answer });
  const batches: number[] = [];
  const deadline = performance.now() + 3000;
  while (batches.length < 25 && performance.now() < deadline) {
    const started = performance.now();
    for (let i = 0; i < 200; i += 1) {
      const output = await runOperation(operations.createInvoice, connection, { ...INVOICE }, send, { idempotencyKey: 'k' });
      if (!output.id) throw new Error('the shared core read no invoice id');
    }
    batches.push(((performance.now() - started) * 1000) / 200);
  }
  return median(batches);
}

/**
 * What limits (b'): zapier-platform-core 19 runs prepareApp (a lodash deep copy, a walk and a deep
 * freeze of the whole definition) twice on every call, whatever the call does. Median µs per run.
 */
function zapierDefinitionWork(ours: object, bare: object) {
  const prepareApp = zapierPrepareApp();
  const time = (app: object) => {
    const batches: number[] = [];
    for (let batch = 0; batch < 15; batch += 1) {
      const started = performance.now();
      for (let i = 0; i < 100; i += 1) prepareApp(app);
      batches.push(((performance.now() - started) * 1000) / 100);
    }
    return median(batches);
  };
  return { ours: time(ours), bare: time(bare), oursObjects: objectCount(ours), bareObjects: objectCount(bare) };
}

/** Distinct objects and arrays in a definition (a shared one is copied once per deep copy). */
function objectCount(value: unknown, seen = new Set<object>()): number {
  if (typeof value !== 'object' || value === null || seen.has(value)) return 0;
  seen.add(value);
  return 1 + Object.values(value).reduce((sum: number, child) => sum + objectCount(child, seen), 0);
}
