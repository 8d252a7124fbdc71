/**
 * The two connectors as they ship (the built Zapier app in createAppTester, the built n8n package in
 * n8n-core's engine), and n8n's own minimal operation that sends the same HTTP request without our
 * code (the bulk figure's baseline).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  NodeConnectionTypes,
  type IExecuteFunctions,
  type INodeExecutionData,
  type INodeType,
  type INodeTypeDescription,
  type INodeTypes,
} from 'n8n-workflow';
import { FIELDS, deriveIdempotencyKey, operations, type Connection, type HttpRequest } from '../shared';
import { buildPackage, loadPackage, runNode, type LoadedPackage } from '../test/n8n/harness';

// Two levels below the root both as source (bench/) and as the bundle (bench/dist/), like test/n8n/harness.ts.
const root = path.resolve(__dirname, '../..');

/** One realistic Create Invoice: two line items, as a Zap builder or a workflow author fills it in. */
export const INVOICE = {
  client_email: 'bench@example.com',
  currency: 'INR',
  items: [
    { description: 'Website design, May', amount: 1250000 },
    { description: 'Hosting, 12 months', amount: 240000 },
  ],
};

/** The request our connectors send for INVOICE, built once here so the baselines send the same bytes. */
export function invoiceRequest(connection: Required<Connection>, idempotencyKey: string): HttpRequest {
  return operations.createInvoice.request(connection, {
    ...INVOICE,
    auto_send_whatsapp: false,
    idempotency_key: idempotencyKey,
  });
}

let keys = 0;
/**
 * Every call gets its own key, so no variant is answered from the service's idempotency cache, and
 * every key has the shape of the n8n node's derived ones: random-looking keys cost the service more
 * to index than sequential ones, and the baselines must send the same request as our connectors.
 */
export const freshKey = () => deriveIdempotencyKey(['bench', process.pid, (keys += 1)]);

// ---- Zapier ----------------------------------------------------------------------------------------

type AppTester = (method: unknown, bundle: object) => Promise<any>;
type ZapierCore = { createAppTester(app: object): AppTester; version: string };

/** Resolves from the repository root, as Zapier's wrapper loads the app (the bundle zapier/build.mjs builds). */
const fromRoot = createRequire(path.join(root, 'package.json'));

/**
 * Outside a test runner core prints a memory line with console.log on every call, as it does on
 * Lambda; the bench silences console.log (it writes with process.stdout). Core also ends a process past 250
 * calls above 450 MB RSS (memory-checker.js, platform-notes "Zapier runtime memory"); this process holds
 * n8n-core and the sandbox's clients too, and its heap grew past that unreclaimed until `npm run bench`
 * bounded it (--max-old-space-size=256: the whole bench runs within it, and core no longer ends it).
 */
function core(): ZapierCore {
  console.log = () => undefined;
  return fromRoot('zapier-platform-core') as ZapierCore;
}

export function zapierApp() {
  const app = fromRoot('./zapier/index.js');
  return { app, tester: core().createAppTester(app) };
}

// ---- n8n ---------------------------------------------------------------------------------------------

const BARE_PREFIX = 'bench.';

/** The shape of n8n's HTTP Request node with a predefined credential: one authenticated request per item. */
class PassThrough implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Pass Through',
    name: 'passThrough',
    group: ['transform'],
    version: 1,
    description: 'Sends one prepared request per item',
    defaults: { name: 'Pass Through' },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'invoicingApi', required: true }],
    properties: [
      { displayName: 'URL', name: 'url', type: 'string', default: '' },
      { displayName: 'Headers', name: 'headers', type: 'json', default: '{}' },
      { displayName: 'Body', name: 'body', type: 'json', default: '{}' },
    ],
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const output: INodeExecutionData[] = [];
    const items = this.getInputData();
    for (let item = 0; item < items.length; item += 1) {
      const headers = JSON.parse(this.getNodeParameter('headers', item) as string);
      // Each item may bring its own key, so many items are many creates, not one replayed answer.
      if (typeof items[item].json.idempotencyKey === 'string')
        headers['Idempotency-Key'] = items[item].json.idempotencyKey;
      const json = await this.helpers.httpRequestWithAuthentication.call(this, 'invoicingApi', {
        method: 'POST',
        url: this.getNodeParameter('url', item) as string,
        headers,
        body: JSON.parse(this.getNodeParameter('body', item) as string),
        json: true,
      });
      output.push({ json, pairedItem: { item } });
    }
    return [output];
  }
}

export interface N8n {
  pkg: LoadedPackage;
  cleanup(): void;
}

/** The built package (n8n/build.mjs into a temporary folder) loaded by n8n-core, plus the pass-through node. */
export async function loadN8n(): Promise<N8n> {
  const built = buildPackage();
  const loaded = await loadPackage(built.dir);
  const extra: Record<string, INodeType> = { [`${BARE_PREFIX}passThrough`]: new PassThrough() };
  const nodeTypes: INodeTypes = {
    getByName: (type) => extra[type] ?? loaded.nodeTypes.getByName(type),
    getByNameAndVersion: (type, version) => extra[type] ?? loaded.nodeTypes.getByNameAndVersion(type, version),
    getKnownTypes: () => loaded.nodeTypes.getKnownTypes(),
  };
  const typeName = (node: string) =>
    `${BARE_PREFIX}${node}` in extra ? `${BARE_PREFIX}${node}` : loaded.typeName(node);
  const pkg: LoadedPackage = { ...loaded, nodeTypes, typeName };
  return { pkg, cleanup: built.cleanup };
}

export const n8nCredentials = (connection: Required<Connection> & { apiKey: string }) => ({
  invoicingApi: { apiKey: connection.apiKey, baseUrl: connection.baseUrl ?? '' },
});

export const n8nInvoiceParameters = (options: Record<string, unknown> = {}) => ({
  resource: 'invoice',
  operation: 'create',
  [FIELDS.invoice.clientEmail.key]: INVOICE.client_email,
  [FIELDS.invoice.currency.key]: INVOICE.currency,
  [FIELDS.invoice.items.key]: {
    item: INVOICE.items.map((item) => ({
      [FIELDS.item.description.key]: item.description,
      [FIELDS.item.amount.key]: item.amount,
    })),
  },
  options,
});

/**
 * Runs the pass-through node on one prepared request (or on `items` input items, each with a fresh
 * idempotency key): the engine's cost without our code.
 */
export function runPassThrough(n8n: N8n, connection: Required<Connection>, request: HttpRequest, { items = 0 } = {}) {
  const headers = { ...request.headers };
  delete headers.Authorization; // the credential adds it, as it does for our node
  const input = items ? Array.from({ length: items }, () => ({ idempotencyKey: freshKey() })) : undefined;
  const prepared = { url: request.url, headers: JSON.stringify(headers), body: JSON.stringify(request.body) };
  return runNode(n8n.pkg, {
    node: 'passThrough',
    credentials: n8nCredentials(connection),
    input,
    parameters: prepared,
  });
}

export { runNode };
