/**
 * The catalogue's events (contract: "Product events", issue 42): product.created and product.updated emitted by
 * the sandbox with the product as it is now and what moved, delivered signed to a subscription, and read by the
 * receiving side both triggers share into the flat record New Product / Product Updated put out.
 */
import { type Product, type WebhookEvent, operations, receiveWebhook } from '../../shared';
import { type Receiver, startReceiver } from '../../sandbox';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
let receiver: Receiver;
beforeAll(async () => {
  [t, receiver] = await Promise.all([startTestSandbox(), startReceiver()]);
});
afterAll(async () => {
  await receiver.close();
  await t.sandbox.close();
});

const run = (name: 'createProduct' | 'updateProduct', raw: Record<string, unknown>) =>
  (operations[name] as { run: (c: unknown, r: unknown, s: typeof t.send) => Promise<Product> }).run(
    t.connection,
    raw,
    t.send,
  );

const events = async (type: string): Promise<WebhookEvent[]> =>
  ((await t.send(operations.listEvents.request(t.connection, { type, limit: 100 }))).body as { data: WebhookEvent[] })
    .data;

const BAG = {
  name: 'Jute tote bag',
  sku: 'TOTE-JUTE',
  product_type: 'goods',
  hsn_sac: '4202',
  gst_rate: '5',
  unit: 'NOS',
  unit_price: '450.00',
  currency: 'INR',
};

test('a new product is product.created with the product; a change is product.updated with what moved', async () => {
  const webhook = (
    await t.send(
      operations.createWebhook.request(t.connection, {
        url: receiver.url,
        events: ['product.created', 'product.updated'],
      }),
    )
  ).body as { secret: string };
  const bag = await run('createProduct', BAG);
  const [created] = await events('product.created');
  expect(created).toMatchObject({ type: 'product.created', data: { product: { id: bag.id, unit_price: 45000 } } });

  // ₹450.00 to ₹499.00 and archived: two fields moved, each with its old value; the name given again did not move.
  const changed = await run('updateProduct', {
    product_id: bag.id,
    name: BAG.name,
    unit_price: '499.00',
    archived: true,
  });
  const [updated] = await events('product.updated');
  expect(updated).toMatchObject({
    type: 'product.updated',
    data: { product: { id: bag.id, unit_price: 49900, archived: true, updated_at: changed.updated_at } },
  });
  expect((updated.data as { previous_attributes: object }).previous_attributes).toEqual({
    unit_price: 45000,
    archived: false,
  });

  // A change that moves nothing, and one the service refuses (a SAC on goods), emit nothing.
  await run('updateProduct', { product_id: bag.id, unit_price: '499.00' });
  const refused = await t.send(
    operations.updateProduct.request(t.connection, { product_id: bag.id, hsn_sac: '998599' }),
  );
  expect(refused.status).toBe(422);
  expect((await events('product.updated')).map((event) => event.id)).toEqual([updated.id]);

  // Delivered signed, and flattened by the receiving side both platforms' triggers share.
  const hits = await receiver.waitFor(2);
  const records = hits.map((hit) => {
    const received = receiveWebhook({
      secret: webhook.secret,
      headers: hit.headers,
      rawBody: hit.rawBody,
      types: ['product.created', 'product.updated'],
    });
    if (received.outcome !== 'accepted') throw new Error(`delivery not accepted: ${received.outcome}`);
    return received.record;
  });
  const byType = Object.fromEntries(records.map((record) => [record.event_type, record]));
  expect(byType['product.created']).toMatchObject({
    product_id: bag.id,
    product_sku: 'TOTE-JUTE',
    product_type: 'goods',
    product_hsn_sac: '4202',
    product_gst_rate: '5',
    product_unit_price: 45000,
    product_unit_price_formatted: '₹450.00',
    product_archived: false,
  });
  expect(byType['product.created']).not.toHaveProperty('changed_fields');
  expect(byType['product.updated']).toMatchObject({
    product_id: bag.id,
    product_unit_price_formatted: '₹499.00',
    product_archived: true,
    changed_fields: 'unit_price, archived',
    previous_product_unit_price: 45000,
    previous_product_unit_price_formatted: '₹450.00',
    previous_product_archived: false,
    previous_product_name: null,
  });
});
