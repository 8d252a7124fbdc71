/**
 * The catalogue (contract: "A catalogue of products", issue 42) against the sandbox: products by SKU, a tax
 * invoice whose lines come from products worked by hand, the invoice kept as issued, each refusal in the
 * field's words (before any request where the connector can know), and the picker through 10,000 products.
 */
import {
  ApiError,
  InputError,
  PICKER_PAGE_SIZE,
  operations,
  productChoices,
  type HttpRequest,
  type Product,
} from '../../shared';
import { runCli } from '../../sandbox/cli';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());

const run = <K extends keyof typeof operations>(name: K, raw: Record<string, unknown>) =>
  (operations[name] as { run: (c: unknown, r: unknown, s: typeof t.send) => Promise<any> }).run(
    t.connection,
    raw,
    t.send,
  );

/** A send that must not be called: the refusal comes before any request. */
const sent: HttpRequest[] = [];
const noSend = async (request: HttpRequest) => {
  sent.push(request);
  throw new Error('no request may be sent');
};
async function refusedBeforeSending(name: keyof typeof operations, raw: Record<string, unknown>) {
  const before = sent.length;
  const error = await (operations[name] as { run: (c: unknown, r: unknown, s: typeof noSend) => Promise<unknown> })
    .run(t.connection, raw, noSend)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InputError);
  expect(sent.length).toBe(before);
  return (error as InputError).issues;
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const TSHIRT = {
  name: 'Cotton T-shirt, red, M',
  sku: 'TSHIRT-RED-M',
  product_type: 'goods',
  hsn_sac: '6109',
  gst_rate: '5',
  unit: 'NOS',
  unit_price: '899.00',
  currency: 'INR',
};
const MUG = {
  ...TSHIRT,
  name: 'Ceramic mug',
  sku: 'MUG-CERAMIC',
  hsn_sac: '6912',
  gst_rate: '18',
  unit_price: '349.50',
};
const WRAP = {
  ...TSHIRT,
  name: 'Gift wrapping',
  sku: 'GIFT-WRAP',
  product_type: 'service',
  hsn_sac: '998599',
  gst_rate: '18 %',
  unit_price: '49.99',
};

describe('products', () => {
  let tshirt: Product;
  beforeAll(async () => {
    tshirt = await run('createProduct', TSHIRT);
    await run('createProduct', MUG);
    await run('createProduct', WRAP);
    await run('createClient', { email: 'shop@example.com', gstin: '27AAPFU0939F1ZV' });
  });

  test('a product: its price typed as on a price tag, kept in paise, with its formatted twin', () => {
    expect(tshirt).toMatchObject({
      object: 'product',
      sku: 'TSHIRT-RED-M',
      product_type: 'goods',
      hsn_sac: '6109',
      gst_rate: '5',
      unit_price: 89900,
      unit_price_formatted: '₹899.00',
      archived: false,
    });
    expect(tshirt.id).toMatch(/^prod_/);
  });

  test('a SKU is unique without case or surrounding spaces: a second one is 409 naming the first', async () => {
    const error = await apiError(run('createProduct', { ...TSHIRT, name: 'Another', sku: ' tshirt-red-m ' }));
    expect(error.status).toBe(409);
    expect(error.code).toBe('product_exists');
    expect(error.message).toContain(tshirt.id);
  });

  test('a service with an HSN code, and goods with a SAC, are refused before any request, naming HSN/SAC Code', async () => {
    expect(await refusedBeforeSending('createProduct', { ...WRAP, sku: 'X-1', hsn_sac: '8471' })).toEqual([
      {
        field: 'hsn_sac',
        message:
          'HSN/SAC Code is an HSN code, which is for goods, but Goods or Service is service (you entered 8471); ' +
          'a service takes a 6-digit SAC starting 99, such as 998314, or set Goods or Service to goods',
      },
    ]);
    const [goods] = await refusedBeforeSending('createProduct', { ...TSHIRT, sku: 'X-2', hsn_sac: '998314' });
    expect(goods.field).toBe('hsn_sac');
    expect(goods.message).toContain('is a SAC, which is for services, but Goods or Service is goods');
  });

  test("an update giving a code of the other kind is refused by the service against the product's kind", async () => {
    const error = await apiError(run('updateProduct', { product_id: tshirt.id, hsn_sac: '998314' }));
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual([expect.objectContaining({ field: 'hsn_sac' })]);
    expect((await run('getProduct', { product_id: tshirt.id })).hsn_sac).toBe('6109');
  });

  /*
   * Worked by hand, within Maharashtra (supplier and client in 27), each head half-up per line:
   *   T-shirt 2 × ₹799.00 (the order's price, not ₹899.00) = ₹1,598.00 at 5 %: CGST = SGST = 2.5 % = ₹39.95
   *   Mug     3 × ₹349.50 = ₹1,048.50 at 18 %: 9 % = ₹94.365 → ₹94.37 each
   *   Wrap    1 × ₹49.99 at 18 %: 9 % = ₹4.4991 → ₹4.50 each
   *   taxable ₹2,696.49; CGST = SGST = ₹138.82; tax ₹277.64; total ₹2,974.13.
   */
  const HAND = { taxable_value: 269649, cgst: 13882, sgst: 13882, igst: 0, total_tax: 27764, total: 297413 };
  const FROM_PRODUCTS = [
    { sku: 'tshirt-red-m', quantity: '2', unit_price: '799.00' },
    { sku: 'MUG-CERAMIC', quantity: '3' },
    { sku: 'gift-wrap ' },
  ];

  test('three lines from three products by SKU, one overriding the price, tax as the same lines typed in full', async () => {
    const fromProducts = await run('createInvoice', {
      client_email: 'shop@example.com',
      currency: 'INR',
      items: FROM_PRODUCTS,
    });
    const typed = await run('createInvoice', {
      client_email: 'shop@example.com',
      currency: 'INR',
      items: [
        { ...pick(TSHIRT), quantity: '2', unit_price: '799.00' },
        { ...pick(MUG), quantity: '3' },
        { ...pick(WRAP), quantity: '1' },
      ],
    });
    expect(fromProducts.tax).toMatchObject(HAND);
    expect(typed.tax).toEqual(fromProducts.tax);
    expect(fromProducts.items.map(({ product_id: _p, sku: _s, ...line }: any) => line)).toEqual(
      // A typed line answers the catalogue's keys as null (shared/outputs.ts, withLabelledNulls).
      typed.items.map(({ amount_formatted: _a, product_id, sku, ...line }: any) => {
        expect([product_id, sku]).toEqual([null, null]);
        return { ...line, amount_formatted: expect.any(String) };
      }),
    );
    expect(fromProducts.items[0]).toMatchObject({
      description: 'Cotton T-shirt, red, M',
      sku: 'TSHIRT-RED-M',
      product_id: tshirt.id,
      unit_price: 79900,
      amount: 159800,
      cgst: 3995,
    });
  });

  test("a product's rate and price changed afterwards leave the invoice as issued", async () => {
    const issued = await run('createInvoice', {
      client_email: 'shop@example.com',
      currency: 'INR',
      items: FROM_PRODUCTS,
    });
    const mug = (await run('findProduct', { sku: 'mug-ceramic' })) as Product;
    await run('updateProduct', { product_id: mug.id, gst_rate: '40', unit_price: '500.00' });
    const later = await run('getInvoice', { invoice_id: issued.id });
    expect(later.items).toEqual(issued.items);
    expect(later.tax).toEqual(issued.tax);
    expect(later.items[1]).toMatchObject({ gst_rate: '18', unit_price: 34950 });
    await run('updateProduct', { product_id: mug.id, gst_rate: '18', unit_price: '349.50' });
  });

  test('an unknown SKU is refused, naming the line and the SKU', async () => {
    const error = await apiError(
      run('createInvoice', { client_email: 'shop@example.com', currency: 'INR', items: [{ sku: 'NO-SUCH-SKU' }] }),
    );
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual([
      {
        field: 'items[0].sku',
        message:
          'Item 1: Product SKU NO-SUCH-SKU names no product of this account; ' +
          'pick one from the catalogue or create it first',
      },
    ]);
  });

  test('a conflicting GST rate is refused naming both rates and the product; the same rate is no conflict', async () => {
    const error = await apiError(
      run('createInvoice', {
        client_email: 'shop@example.com',
        currency: 'INR',
        items: [{ sku: 'TSHIRT-RED-M', gst_rate: '18' }],
      }),
    );
    expect(error.status).toBe(422);
    expect(error.code).toBe('product_conflict');
    expect(error.fieldErrors[0]).toMatchObject({ field: 'items[0].gst_rate' });
    expect(error.fieldErrors[0].message).toContain('GST Rate 18 differs from 5 of product TSHIRT-RED-M');
    const same = await run('createInvoice', {
      client_email: 'shop@example.com',
      currency: 'INR',
      items: [{ sku: 'TSHIRT-RED-M', gst_rate: '5 %' }],
    });
    expect(same.items[0].gst_rate).toBe('5');
  });

  test('a product and its SKU together, or an amount beside a product, are refused before any request', async () => {
    const base = { client_email: 'shop@example.com', currency: 'INR' };
    expect(
      await refusedBeforeSending('createInvoice', { ...base, items: [{ product_id: tshirt.id, sku: 'TSHIRT-RED-M' }] }),
    ).toEqual([
      {
        field: 'items[0].sku',
        message:
          'Item 1: sku must be left empty when the line names a Catalogue Product: give the product or its SKU, not both',
      },
    ]);
    const [amount] = await refusedBeforeSending('createInvoice', { ...base, items: [{ sku: 'X', amount: '10.00' }] });
    expect(amount.field).toBe('items[0].amount');
    expect(amount.message).toContain('give a Unit Price to charge another price for this order');
  });

  test('an archived product leaves the list and the picker, stays readable, and is refused on a new line', async () => {
    const old = await run('createProduct', { ...TSHIRT, name: 'Old tee', sku: 'TEE-OLD' });
    const archived = await run('updateProduct', { product_id: old.id, archived: 'yes' });
    expect(archived.archived).toBe(true);
    const listed = await run('listProducts', {});
    expect(listed.data.map((p: Product) => p.sku)).not.toContain('TEE-OLD');
    expect((await run('listProducts', { archived: true })).data.map((p: Product) => p.sku)).toEqual(['TEE-OLD']);
    const choices = await productChoices(t.connection, t.send, { search: 'tee' });
    expect(choices.choices).toEqual([]);
    expect((await run('getProduct', { product_id: old.id })).sku).toBe('TEE-OLD');
    // A SKU names one product for good: Find Product finds it archived, so an old order's SKU never means another.
    expect((await run('findProduct', { sku: 'tee-old' })).id).toBe(old.id);
    const error = await apiError(
      run('createInvoice', { client_email: 'shop@example.com', currency: 'INR', items: [{ product_id: old.id }] }),
    );
    expect(error.fieldErrors).toEqual([
      {
        field: 'items[0].product_id',
        message: `Item 1: Catalogue Product ${old.id} is archived (Old tee); restore it or pick another product`,
      },
    ]);
  });

  test('once filled, a tax invoice needs a rate on every line: a product gave one, a typed line has none', async () => {
    const error = await apiError(
      run('createInvoice', {
        client_email: 'shop@example.com',
        currency: 'INR',
        items: [{ sku: 'TSHIRT-RED-M' }, { description: 'Delivery', amount: '50.00' }],
      }),
    );
    expect(error.fieldErrors).toEqual([expect.objectContaining({ field: 'items[1].gst_rate' })]);
  });

  test('the picker reads "name · SKU · price · rate"; Find Product by name; Create or Update Product by SKU', async () => {
    const page = await productChoices(t.connection, t.send, { search: 'mug' });
    expect(page.choices.map((choice) => choice.label)).toEqual(['Ceramic mug · MUG-CERAMIC · ₹349.50 · 18 %']);
    expect((await run('findProduct', { name: 'ceramic MUG' })).sku).toBe('MUG-CERAMIC');
    expect(await run('findProduct', { sku: 'NOPE-1' })).toBeUndefined();
    const created = await run('findProduct', { ...TSHIRT, sku: 'NEW-1', name: 'New one', create_if_not_found: true });
    expect(created).toMatchObject({ sku: 'NEW-1', unit_price: 89900 });
    const upserted = await run('upsertProduct', { ...TSHIRT, sku: 'new-1', name: 'New one', unit_price: '999.00' });
    expect(upserted).toMatchObject({ created: false, product: { id: created.id, unit_price: 99900 } });
    const fresh = await run('upsertProduct', { ...TSHIRT, sku: 'NEW-2', name: 'Newer' });
    expect(fresh.created).toBe(true);
  });
});

/** The product's particulars as a line typed in full would spell them. */
function pick(product: typeof TSHIRT) {
  const { name, hsn_sac, gst_rate, unit, unit_price } = product;
  return { description: name, hsn_sac, gst_rate, unit, unit_price };
}

test('the picker pages an account of 10,000 products with no duplicate, and finds one by SKU', async () => {
  const other = t.sandbox.createAccount();
  const connection = { apiKey: other.secret, baseUrl: t.sandbox.baseUrl };
  const now = new Date().toISOString();
  // Seeded straight into the store: 10,000 creates through HTTP would test the HTTP server, not the paging.
  t.sandbox.data.store.transaction(() => {
    for (let n = 0; n < 10_000; n++) {
      const sku = `SKU-${String(n).padStart(5, '0')}`;
      t.sandbox.data.products.insert(
        {
          id: `prod_seed${n}`,
          object: 'product',
          name: `Item ${n}`,
          sku,
          product_type: 'goods',
          unit_price: 100 + n,
          currency: 'INR',
          archived: n % 1000 === 999,
          created_at: now,
          updated_at: now,
        },
        other.account.id,
      );
    }
  });
  const seen: string[] = [];
  let after: string | undefined;
  let pages = 0;
  do {
    const page = await productChoices(connection, t.send, { after });
    seen.push(...page.choices.map((choice) => choice.value));
    after = page.next;
    pages += 1;
  } while (after);
  expect(seen.length).toBe(10_000 - 10);
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).not.toContain('prod_seed999');
  expect(pages).toBe(Math.ceil((10_000 - 10) / PICKER_PAGE_SIZE));
  const found = await operations.findProduct.run(connection, { sku: 'sku-04242' }, t.send);
  expect(found?.id).toBe('prod_seed4242');
});

test('the CLI adds a product with a price typed as on a price tag, lists it, and refuses a service with an HSN code', async () => {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const cli = (...args: string[]) => runCli(['--url', t.sandbox.baseUrl, '--key', t.sandbox.testKey, ...args], io);
  const add = ['products', 'add', '--name', 'Assam tea, 250 g', '--sku', 'TEA-250', '--price', '120.50'];
  const added = await cli(...add, '--type', 'goods', '--hsn', '0902', '--rate', '5');
  expect([added.exitCode, lines.at(-1)]).toEqual([0, expect.stringMatching(/^Added/)]);
  expect(lines.pop()).toMatch(/^Added prod_\w+: Assam tea, 250 g · TEA-250 · ₹120.50 · 5 %$/);
  expect((await cli('products', '--search', 'assam')).exitCode).toBe(0);
  expect(lines.pop()).toMatch(/^prod_\w+ {2}Assam tea, 250 g · TEA-250 · ₹120.50 · 5 %$/);
  const before = sent.length;
  expect((await cli(...add, '--sku', 'TEA-SVC', '--type', 'service', '--hsn', '0902')).exitCode).toBe(1);
  expect(lines.pop()).toContain('HSN/SAC Code is an HSN code, which is for goods, but Goods or Service is service');
  expect(sent.length).toBe(before);
});
