/**
 * The pickers in a real n8n server (the version this run installed), through the endpoints its editor calls: a resource locator's
 * "From List" (`POST /rest/dynamic-node-parameters/resource-locator-results`, first page, a search, the
 * next page of an account with 10,000 clients), load options for the currency
 * (`POST /rest/dynamic-node-parameters/options`), and workflows saved with "From List", "By ID" and
 * "By URL" that each record the same payment. Counts in one table.
 */
import type { Sandbox } from '../../sandbox';
import { operations } from '../../shared';
import type { N8nServer } from './n8n-server';
import { progress } from './processes';
import { accountWithClients, sandboxApi } from './sandbox';
import { SingleN8n, liveArtefacts } from './single';
import { Counts } from './table';
import { CREDENTIAL, PACKAGE } from './workflows';

const CLIENTS = 10_000;
const NODE = { name: `${PACKAGE}.invoicingApi`, version: 1 };

const counts = new Counts();
let live: SingleN8n;
let sandbox: Sandbox;
let n8n: N8nServer;
let credential: { id: string; name: string };
let manyClients: { id: string; name: string };
const api = (build: Parameters<typeof sandboxApi>[1]) => sandboxApi(sandbox, build);

/** What the editor posts when a user opens a locator's list (and types into its search, or scrolls on). */
async function listSearch(
  methodName: string,
  parameters: Record<string, unknown>,
  options: { filter?: string; paginationToken?: string; saved?: { id: string; name: string } } = {},
): Promise<{ results: Array<{ name: string; value: string; url?: string }>; paginationToken?: string }> {
  return await n8n.rest('POST', '/rest/dynamic-node-parameters/resource-locator-results', {
    path: `parameters.${Object.keys(parameters).at(-1)}`,
    nodeTypeAndVersion: NODE,
    methodName,
    currentNodeParameters: parameters,
    credentials: { [CREDENTIAL]: options.saved ?? credential },
    filter: options.filter,
    paginationToken: options.paginationToken,
  });
}

const recordParameters = {
  resource: 'payment',
  operation: 'record',
  invoice_id: { __rl: true, mode: 'list', value: '' },
};
const updateParameters = {
  resource: 'client',
  operation: 'update',
  client_id: { __rl: true, mode: 'list', value: '' },
};

let owed: { id: string; number: string; hosted_url: string };
let paid: { id: string; number: string };

beforeAll(async () => {
  live = await SingleN8n.start('pickers');
  ({ sandbox, n8n, credential } = live);
  const began = Date.now();
  manyClients = await n8n.createCredential('Invoicing sandbox, 10,000 clients', CREDENTIAL, {
    apiKey: await accountWithClients(sandbox, CLIENTS),
    baseUrl: sandbox.baseUrl,
  });
  progress(`made an account with ${CLIENTS} clients`, began);
  await api((c) => operations.createClient.request(c, { email: 'ana.picker@example.com', name: 'Ana Sharma' }));
  await api((c) => operations.createClient.request(c, { email: 'ravi.picker@example.com', name: 'Ravi Kumar' }));
  owed = await api((c) =>
    operations.createInvoice.request(c, {
      client_email: 'ana.picker@example.com',
      currency: 'INR',
      items: [{ description: 'Design', amount: 150000 }],
    }),
  );
  paid = await api((c) =>
    operations.createInvoice.request(c, {
      client_email: 'ravi.picker@example.com',
      currency: 'INR',
      items: [{ description: 'Audit', amount: 50000 }],
    }),
  );
  await api((c) => operations.recordPayment.request(c, { invoice_id: paid.id, method: 'cash', amount: 50000 }));
}, 600_000);

afterAll(async () => {
  await live?.stop(counts, `n8n ${liveArtefacts().install.version}: the editor's pickers, counts seen in the server`);
});

test('From List, clients: the first page, "Name · e-mail"; a search narrows it', async () => {
  const first = await listSearch('clients', updateParameters);
  const narrowed = await listSearch('clients', updateParameters, { filter: 'ravi' });
  counts.record('editor', 'clients on the first page (this account has 2)', 2, first.results.length);
  counts.record('editor', 'clients after typing "ravi"', 1, narrowed.results.length);
  expect(first.results.map((result) => result.name)).toEqual([
    'Ravi Kumar · ravi.picker@example.com',
    'Ana Sharma · ana.picker@example.com',
  ]);
  expect(first.results[0].value).toMatch(/^cli_/);
  expect(first.paginationToken).toBeUndefined();
  expect(narrowed.results.map((result) => result.name)).toEqual(['Ravi Kumar · ravi.picker@example.com']);
});

test(`From List, clients of an account with ${CLIENTS.toLocaleString('en')}: 100 a page, the next page by its token, to the end`, async () => {
  const first = await listSearch('clients', updateParameters, { saved: manyClients });
  const second = await listSearch('clients', updateParameters, {
    saved: manyClients,
    paginationToken: first.paginationToken,
  });
  expect(first.results).toHaveLength(100);
  expect(first.results[0].name).toBe(`Client ${CLIENTS} · client${CLIENTS}@example.com`);
  expect(first.paginationToken).toBe(first.results[99].value);
  expect(second.results[0].name).toBe(`Client 0${CLIENTS - 100} · client0${CLIENTS - 100}@example.com`);

  // Scrolling on to the end, as the editor asks for more: every client once, then no token.
  const began = Date.now();
  const seen = new Set([...first.results, ...second.results].map((result) => result.value));
  let token = second.paginationToken;
  let pages = 2;
  while (token) {
    const page = await listSearch('clients', updateParameters, { saved: manyClients, paginationToken: token });
    for (const result of page.results) seen.add(result.value);
    token = page.paginationToken;
    pages += 1;
  }
  progress(`paged through ${seen.size} clients in ${pages} pages`, began);
  counts.record('editor', `pages to list ${CLIENTS} clients`, CLIENTS / 100, pages);
  counts.record('editor', `distinct clients listed (of ${CLIENTS})`, CLIENTS, seen.size);
  const search = await listSearch('clients', updateParameters, { saved: manyClients, filter: 'client09999@' });
  counts.record('editor', `clients after typing "client09999@" (of ${CLIENTS})`, 1, search.results.length);
  expect(pages).toBe(CLIENTS / 100);
  expect(seen.size).toBe(CLIENTS);
  expect(search.results.map((result) => result.name)).toEqual(['Client 09999 · client09999@example.com']);
});

test('From List, Record Payment: only invoices that still owe money, "number · client · due · status", with their page', async () => {
  const list = await listSearch('owedInvoices', recordParameters);
  const all = await listSearch('invoices', {
    resource: 'invoice',
    operation: 'get',
    invoice_id: recordParameters.invoice_id,
  });
  counts.record('editor', 'invoices offered to Record Payment (1 owes, 1 paid)', 1, list.results.length);
  counts.record('editor', 'invoices offered to Get', 2, all.results.length);
  expect(list.results).toEqual([
    { name: `${owed.number} · ana.picker@example.com · ₹1,500.00 due · open`, value: owed.id, url: owed.hosted_url },
  ]);
  expect(all.results.map((result) => result.value)).toEqual([paid.id, owed.id]);
  const byNumber = await listSearch(
    'invoices',
    { resource: 'invoice', operation: 'get', invoice_id: recordParameters.invoice_id },
    { filter: paid.number.toLowerCase() },
  );
  expect(byNumber.results.map((result) => result.value)).toEqual([paid.id]);
});

test('load options: the currency list, by name', async () => {
  const options = await n8n.rest('POST', '/rest/dynamic-node-parameters/options', {
    path: 'parameters.currency',
    nodeTypeAndVersion: NODE,
    methodName: 'currencies',
    currentNodeParameters: { resource: 'invoice', operation: 'create' },
    credentials: { [CREDENTIAL]: credential },
  });
  counts.record('editor', 'currencies offered', 10, options.length);
  expect(options.slice(0, 2)).toEqual([
    { name: 'INR (Indian Rupee)', value: 'INR' },
    { name: 'USD (US Dollar)', value: 'USD' },
  ]);
});

describe('a workflow saved with each way of giving the invoice records the same payment', () => {
  const payments = async () =>
    (await api((c) => operations.listPayments.request(c, { invoice_id: owed.id, limit: 100 }))).data as any[];

  const workflow = (mode: string, value: string, cachedResultName?: string) => ({
    name: `Record payment, invoice ${mode}`,
    nodes: [
      {
        id: 'd0000000-0000-4000-8000-000000000001',
        name: 'Start',
        type: 'n8n-nodes-base.manualTrigger',
        typeVersion: 1,
        position: [0, 0],
        parameters: {},
      },
      {
        id: 'd0000000-0000-4000-8000-000000000002',
        name: 'Record Payment',
        type: `${PACKAGE}.invoicingApi`,
        typeVersion: 2,
        position: [240, 0],
        parameters: {
          resource: 'payment',
          operation: 'record',
          invoice_id: { __rl: true, mode, value, cachedResultName },
          amount: '100.00',
          method: 'bank_transfer',
          additionalFields: { reference: `NEFT-${mode}` },
        },
        credentials: { [CREDENTIAL]: credential },
      },
    ],
    connections: { Start: { main: [[{ node: 'Record Payment', type: 'main', index: 0 }]] } },
  });

  test.each([
    ['list', () => owed.id],
    ['id', () => owed.id],
    ['url', () => owed.hosted_url],
  ])('invoice %s', async (mode, value) => {
    const before = (await payments()).length;
    const picked = mode === 'list' ? (await listSearch('owedInvoices', recordParameters)).results[0] : undefined;
    const saved = await n8n.createWorkflow(workflow(mode, picked?.value ?? value(), picked?.name));
    await n8n.cli(['execute', `--id=${saved.id}`]);
    const after = await payments();
    counts.record('editor', `payments recorded by the "${mode}" workflow`, 1, after.length - before);
    expect(after.length - before).toBe(1);
    expect(after[0]).toMatchObject({
      invoice_id: owed.id,
      method: 'bank_transfer',
      amount: 10000,
      reference: `NEFT-${mode}`,
    });
  });
});
