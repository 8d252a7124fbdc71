/**
 * Issue 42 where users run it: the product catalogue from a real n8n server (the version npm run test:live
 * installed) and from Zapier's built zip called through its Lambda handler, against one sandbox. The product
 * picker through the endpoint the editor calls (`POST /rest/dynamic-node-parameters/resource-locator-results`)
 * pages an account of 10,000 products to the end with no duplicate; a tax invoice whose three lines come from
 * three products (picked, and by SKU, one with the order's own price) has the tax worked by hand below on both
 * platforms; an unknown SKU is refused naming the line and the SKU; a service with an HSN code is refused before
 * any request. New Product and Product Updated start one n8n execution per event (none for a redelivery) and one
 * Zap run per delivery through the zip (none for a repeat). Counts in one table.
 */
import { startReceiver, type Receiver, type Sandbox } from '../../sandbox';
import { observeReplies } from '../../sandbox/http/replyObservers';
import { operations } from '../../shared';
import { zapierHookRequest } from '../zapier/hook-request';
import type { N8nServer } from './n8n-server';
import { eventually, progress } from './processes';
import { activeSubscriptions, redeliver, sandboxApi, sandboxKey } from './sandbox';
import { SingleN8n, workFolder } from './single';
import { Counts } from './table';
import {
  CREDENTIAL,
  PACKAGE,
  TRIGGER,
  failureWords,
  manualWorkflow,
  runManually,
  settledExecutions,
  triggerWorkflow,
} from './workflows';
import { startBuiltZip, type BuiltZip } from './zapier-lambda';

const zip = process.env.LIVE_ZAPIER_ZIP;
if (!zip) throw new Error('Run the live suite with npm run test:live (it builds the Zapier zip first).');

const PRODUCTS = 10_000;
const NODE = { name: `${PACKAGE}.invoicingApi`, version: 2 };
const TSHIRT = {
  name: 'Cotton T-shirt, red, M',
  sku: 'TSHIRT-RED-M',
  product_type: 'goods' as const,
  hsn_sac: '6109',
  gst_rate: '5',
  unit: 'NOS',
  unit_price: 89900,
  currency: 'INR',
};
const MUG = { ...TSHIRT, name: 'Ceramic mug', sku: 'MUG-CERAMIC', hsn_sac: '6912', gst_rate: '18', unit_price: 34950 };
const WRAP = {
  ...TSHIRT,
  name: 'Gift wrapping',
  sku: 'GIFT-WRAP',
  product_type: 'service' as const,
  hsn_sac: '998599',
};
const WRAPPED = { ...WRAP, gst_rate: '18', unit_price: 4999 };

/*
 * Worked by hand, within Maharashtra (the sandbox supplier's state, and the client's), each head half-up per line:
 *   T-shirt 2 × ₹799.00 (the order's price, not the catalogue's ₹899.00) = ₹1,598.00 at 5 %: CGST = SGST = ₹39.95
 *   Mug     3 × ₹349.50 = ₹1,048.50 at 18 %: 9 % = ₹94.365 → ₹94.37 each
 *   Wrap    1 × ₹49.99 at 18 %: 9 % = ₹4.4991 → ₹4.50 each
 *   taxable ₹2,696.49; CGST = SGST = ₹138.82; tax ₹277.64; total ₹2,974.13.
 */
const HAND = { taxable_value: 269649, cgst: 13882, sgst: 13882, igst: 0, total_tax: 27764, total: 297413 };
const CLIENT = 'shop.pune@example.com';
const DELIVERY_SECONDS = 30;
const QUIET_MS = 3000;

const counts = new Counts();
let live: SingleN8n;
let sandbox: Sandbox;
let n8n: N8nServer;
let credential: { id: string; name: string };
let manyProducts: { id: string; name: string };
let manyKey = '';
let tshirtId = '';
const zapierWork = workFolder('products-zapier');
let zapier: BuiltZip | undefined;
let receiver: Receiver | undefined;
let requests = 0;
const stopCounting = observeReplies(() => {
  requests += 1;
});
const api = (build: Parameters<typeof sandboxApi>[1]) => sandboxApi(sandbox, build);
const zap = (method: string, inputData: Record<string, unknown>): Promise<any> =>
  zapier!.execute({ baseUrl: sandbox.baseUrl, apiKey: sandboxKey(sandbox) }, method, { inputData });
const zapBundle = (method: string, bundle: Record<string, unknown>): Promise<any> =>
  zapier!.execute({ baseUrl: sandbox.baseUrl, apiKey: sandboxKey(sandbox) }, method, bundle);

/** An account of `count` products, seeded straight into the store (the paging is under test, not 10,000 creates). */
function accountWithProducts(count: number): string {
  const other = sandbox.createAccount();
  const now = new Date().toISOString();
  sandbox.data.store.transaction(() => {
    for (let n = 1; n <= count; n++) {
      const sku = `SKU-${String(n).padStart(5, '0')}`;
      const product = { ...TSHIRT, id: `prod_live${n}`, object: 'product' as const, name: `Item ${n}`, sku };
      sandbox.data.products.insert(
        { ...product, unit_price: 100 + n, archived: false, created_at: now, updated_at: now },
        other.account.id,
      );
    }
  });
  return other.secret;
}

/** What the editor posts when a user opens the product picker (and scrolls on). */
async function listProducts(
  saved: { id: string; name: string },
  paginationToken?: string,
  filter?: string,
): Promise<{ results: Array<{ name: string; value: string }>; paginationToken?: string }> {
  const parameters = { resource: 'product', operation: 'get', product_id: { __rl: true, mode: 'list', value: '' } };
  return await n8n.rest('POST', '/rest/dynamic-node-parameters/resource-locator-results', {
    path: 'parameters.product_id',
    nodeTypeAndVersion: NODE,
    methodName: 'products',
    currentNodeParameters: parameters,
    credentials: { [CREDENTIAL]: saved },
    filter,
    paginationToken,
  });
}

beforeAll(async () => {
  live = await SingleN8n.start('products');
  ({ sandbox, n8n, credential } = live);
  [zapier, receiver] = await Promise.all([startBuiltZip(zip, zapierWork.path), startReceiver()]);
  const began = Date.now();
  manyProducts = await n8n.createCredential('Invoicing sandbox, 10,000 products', CREDENTIAL, {
    apiKey: (manyKey = accountWithProducts(PRODUCTS)),
    baseUrl: sandbox.baseUrl,
  });
  progress(`made an account with ${PRODUCTS} products`, began);
  tshirtId = (await api((c) => operations.createProduct.request(c, TSHIRT))).id;
  await api((c) => operations.createProduct.request(c, MUG));
  await api((c) => operations.createProduct.request(c, WRAPPED));
  await api((c) => operations.createClient.request(c, { email: CLIENT, gstin: '27AAPFU0939F1ZV' }));
}, 600_000);

afterAll(async () => {
  stopCounting();
  await zapier?.close();
  await receiver?.close();
  zapierWork.remove();
  await live?.stop(counts, `n8n ${live.n8n.install.version} and Zapier's zip: the product catalogue`);
}, 120_000);

describe('n8n', () => {
  test(`the product picker pages ${PRODUCTS.toLocaleString('en')} products to the end, no duplicate; a search finds one by SKU`, async () => {
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await listProducts(manyProducts, token);
      seen.push(...page.results.map((result) => result.value));
      token = page.paginationToken;
      pages += 1;
    } while (token && pages < 200);
    const found = await listProducts(manyProducts, undefined, 'sku-04242');
    counts.record('editor', 'products listed, scrolling to the end', PRODUCTS, seen.length);
    counts.record('editor', 'duplicates among them', 0, seen.length - new Set(seen).size);
    counts.record('editor', 'products found by typing "sku-04242"', 1, found.results.length);
    expect(seen).toHaveLength(PRODUCTS);
    expect(new Set(seen).size).toBe(PRODUCTS);
    expect(found.results.map((result) => result.name)).toEqual(['Item 4242 · SKU-04242 · ₹43.42 · 5 %']);
  });

  const invoiceWorkflow = (name: string, lines: Array<Record<string, unknown>>) =>
    manualWorkflow(name, credential, {
      'Create Invoice': {
        resource: 'invoice',
        operation: 'create',
        client_email: { __rl: true, mode: 'email', value: CLIENT },
        currency: 'INR',
        itemsInput: 'fields',
        items: { item: lines },
      },
    });

  test('three lines from three products (one picked with the order’s price, two by SKU): the tax worked by hand', async () => {
    const workflow = await n8n.createWorkflow(
      invoiceWorkflow('Invoice from the catalogue', [
        {
          product_id: { __rl: true, mode: 'list', value: tshirtId },
          description: '',
          amount: '',
          more: { quantity: '2', unit_price: '799.00' },
        },
        { sku: 'mug-ceramic', description: '', amount: '', more: { quantity: '3' } },
        { sku: '={{ "GIFT-WRAP" }}', description: '', amount: '' },
      ]),
    );
    const run = await runManually(n8n, workflow.id);
    if (run.status !== 'success') throw new Error(await failureWords(n8n, run.id, 'Create Invoice'));
    const [invoice] = (await n8n.executionOutput(run.id, 'Create Invoice')) as any[];
    counts.record(
      'n8n',
      'invoices from products with the tax worked by hand',
      1,
      invoice.tax.total === HAND.total ? 1 : 0,
    );
    expect(invoice.tax).toEqual(expect.objectContaining(HAND));
    expect(invoice.items.map((line: any) => [line.sku, line.unit_price])).toEqual([
      ['TSHIRT-RED-M', 79900],
      ['MUG-CERAMIC', 34950],
      ['GIFT-WRAP', 4999],
    ]);
  });

  test('an unknown SKU fails the node naming the line and the SKU', async () => {
    const workflow = await n8n.createWorkflow(
      invoiceWorkflow('Invoice, unknown SKU', [{ sku: 'NO-SUCH-SKU', description: '', amount: '' }]),
    );
    const run = await runManually(n8n, workflow.id);
    const words = await failureWords(n8n, run.id, 'Create Invoice');
    counts.record('n8n', 'refusals naming the line and the unknown SKU', 1, words.includes('NO-SUCH-SKU') ? 1 : 0);
    expect(run.status).toBe('error');
    expect(words).toContain('Item 1: Product SKU NO-SUCH-SKU names no product of this account');
  });
});

describe('n8n: New Product and Product Updated', () => {
  test('one execution per product event (created, then updated), none for a redelivery', async () => {
    const workflow = triggerWorkflow('On a product', credential, ['product.created', 'product.updated'], 2);
    const workflowId = (await n8n.createWorkflow(workflow)).id;
    const subscribed = activeSubscriptions(sandbox).length;
    await n8n.activate(workflowId);
    await eventually('the subscription', 30, async () =>
      activeSubscriptions(sandbox).length > subscribed ? true : undefined,
    );
    const settled = (expected: number) =>
      settledExecutions(n8n, workflowId, sandbox, expected, { seconds: DELIVERY_SECONDS, quietMs: QUIET_MS });
    const made = await api((c) =>
      operations.createProduct.request(c, { ...TSHIRT, name: 'Linen shirt, white, L', sku: 'SHIRT-LINEN-L' }),
    );
    const created = await settled(1);
    counts.record('n8n trigger', 'executions for product.created', 1, created);
    await api((c) => operations.updateProduct.request(c, { product_id: made.id, unit_price: 129900 }));
    const updated = await settled(2);
    counts.record('n8n trigger', 'executions for product.updated', 1, updated - created);
    const records = await Promise.all(
      (await n8n.executions(workflowId)).map(async (run) => ((await n8n.executionOutput(run.id, TRIGGER)) as any[])[0]),
    );
    expect(records.map((record) => [record.event_type, record.product_id]).sort()).toEqual([
      ['product.created', made.id],
      ['product.updated', made.id],
    ]);
    const update = records.find((record) => record.event_type === 'product.updated');
    expect(update).toMatchObject({ product_unit_price: 129900, previous_product_unit_price: 89900 });
    await redeliver(sandbox, String(update.event_id));
    const after = await settled(updated);
    counts.record('n8n trigger', 'executions for a redelivered product.updated', 0, after - updated);
    expect([created, updated, after]).toEqual([1, 2, 2]);
    await n8n.deactivate(workflowId);
    // Archived, so the catalogue the Zapier cases below list (pickers leave archived products out) is theirs alone.
    await api((c) => operations.updateProduct.request(c, { product_id: made.id, archived: true }));
  });
});

describe("Zapier's built zip", () => {
  test('three line items from products by SKU (one with its own price): the same tax worked by hand', async () => {
    const invoice = await zap('creates.create_invoice.operation.perform', {
      client_email: CLIENT,
      currency: 'INR',
      items: [
        { sku: 'tshirt-red-m', quantity: '2', unit_price: '799.00', description: '', amount: '' },
        { sku: 'MUG-CERAMIC', quantity: '3', description: '', amount: '' },
        { sku: 'GIFT-WRAP', description: '', amount: '' },
      ],
    });
    counts.record(
      'zip',
      'invoices from products with the tax worked by hand',
      1,
      invoice.tax.total === HAND.total ? 1 : 0,
    );
    expect(invoice.tax).toEqual(expect.objectContaining(HAND));
  });

  /** A dynamic dropdown's method path in the definition Zapier reads: a field's, or a line item's child's. */
  async function dropdown(action: string, key: string, child?: string): Promise<string> {
    const definition = await zapier!.definition();
    const fields = definition.creates[action].operation.inputFields;
    const index = fields.findIndex((field: { key: string }) => field.key === key);
    if (!child) return `creates.${action}.operation.inputFields.${index}.choices.perform`;
    const at = fields[index].children.findIndex((field: { key: string }) => field.key === child);
    return `creates.${action}.operation.inputFields.${index}.children.${at}.choices.perform`;
  }

  test(`Update Product's dropdown pages ${PRODUCTS.toLocaleString('en')} products by its paging token, no duplicate`, async () => {
    const method = await dropdown('update_product', 'product_id');
    const connection = { apiKey: manyKey, baseUrl: sandbox.baseUrl };
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const page = await zapier!.execute(connection, method, { meta: token ? { paging_token: token } : {} });
      seen.push(...page.results.map((choice: { id: string }) => choice.id));
      token = page.paging_token;
      pages += 1;
    } while (token && pages < 200);
    counts.record('zip', 'products in the dropdown, loading more to the end', PRODUCTS, seen.length);
    counts.record('zip', 'duplicates among them', 0, seen.length - new Set(seen).size);
    expect(seen).toHaveLength(PRODUCTS);
    expect(new Set(seen).size).toBe(PRODUCTS);
  });

  test("a line item's product dropdown lists the catalogue as the editor shows it", async () => {
    const method = await dropdown('create_invoice', 'items', 'product_id');
    const page = await zapier!.execute({ apiKey: sandboxKey(sandbox), baseUrl: sandbox.baseUrl }, method, { meta: {} });
    expect(page.results.map((choice: { label: string }) => choice.label)).toEqual([
      'Gift wrapping · GIFT-WRAP · ₹49.99 · 18 %',
      'Ceramic mug · MUG-CERAMIC · ₹349.50 · 18 %',
      'Cotton T-shirt, red, M · TSHIRT-RED-M · ₹899.00 · 5 %',
    ]);
    expect(page.paging_token).toBeNull();
  });

  test('Find Product by SKU in any case; a service with an HSN code refused before any request', async () => {
    const [found] = await zap('searches.find_product.operation.perform', { sku: 'mug-ceramic' });
    expect(found).toEqual(expect.objectContaining({ sku: 'MUG-CERAMIC', unit_price_formatted: '₹349.50' }));
    const before = requests;
    const refused = await zap('creates.create_product.operation.perform', {
      ...WRAP,
      sku: 'WRAP-2',
      hsn_sac: '8471',
      unit_price: '49.99',
    }).then(
      () => ({}),
      (error: Error) => JSON.parse(error.message),
    );
    const sent = requests - before;
    counts.record('zip', 'requests reaching the sandbox for a service with an HSN code', 0, sent);
    expect(refused).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(refused.message).toContain('HSN/SAC Code is an HSN code, which is for goods');
    expect(sent).toBe(0);
  });
});

describe("Zapier's built zip: New Product and Product Updated as REST hooks", () => {
  /** Subscribes `key`, lets `happen` make the event, and runs the delivery through perform twice (the repeat). */
  async function hookRuns(key: string, happen: () => Promise<unknown>) {
    const targetUrl = `${receiver!.url}/${key}`;
    const subscription = await zapBundle(`triggers.${key}.operation.performSubscribe`, { targetUrl });
    try {
      const already = receiver!.requests.length;
      await happen();
      await eventually('the delivery', DELIVERY_SECONDS, async () =>
        receiver!.requests.slice(already).some((d) => d.path === `/hooks/${key}`) ? true : undefined,
      );
      await sandbox.settled();
      const deliveries = receiver!.requests.slice(already).filter((d) => d.path === `/hooks/${key}`);
      const bundle = {
        subscribeData: subscription,
        ...zapierHookRequest(deliveries[0].headers, deliveries[0].rawBody),
      };
      const started = await zapBundle(`triggers.${key}.operation.perform`, bundle);
      const repeated = await zapBundle(`triggers.${key}.operation.perform`, bundle);
      return { deliveries: deliveries.length, started, repeated };
    } finally {
      await zapBundle(`triggers.${key}.operation.performUnsubscribe`, { subscribeData: subscription });
    }
  }

  test('New Product and Product Updated: one Zap run per event, none for a repeat', async () => {
    let id = '';
    const created = await hookRuns('product_created', async () => {
      const bag = { name: 'Jute bag', sku: 'BAG-JUTE', product_type: 'goods', hsn_sac: '6305', gst_rate: '5' };
      id = (await zap('creates.create_product.operation.perform', { ...bag, unit_price: '899.00', currency: 'INR' }))
        .id;
    });
    const updated = await hookRuns('product_updated', () =>
      zap('creates.update_product.operation.perform', { product_id: id, unit_price: '999.00' }),
    );
    counts.record('zip', 'Zap runs for product.created', 1, created.started.length);
    counts.record('zip', 'Zap runs for product.updated', 1, updated.started.length);
    counts.record('zip', 'Zap runs for a repeat', 0, created.repeated.length + updated.repeated.length);
    expect(created).toEqual({
      deliveries: 1,
      started: [expect.objectContaining({ event_type: 'product.created', product_id: id, product_sku: 'BAG-JUTE' })],
      repeated: [],
    });
    expect(updated).toEqual({
      deliveries: 1,
      started: [
        expect.objectContaining({
          event_type: 'product.updated',
          product_id: id,
          product_unit_price: 99900,
          previous_product_unit_price: 89900,
        }),
      ],
      repeated: [],
    });
  });
});
