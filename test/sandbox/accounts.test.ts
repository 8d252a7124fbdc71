import { type Connection, operations } from '../../shared';
import { type Receiver, startReceiver } from '../../sandbox';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
let receiver: Receiver;
beforeAll(async () => {
  t = await startTestSandbox();
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.sandbox.close();
  await receiver.close();
});

const invoiceInput = {
  client_email: 'ana@example.com',
  currency: 'INR' as const,
  auto_send_whatsapp: false,
  items: [{ description: 'Design', amount: 1000 }],
};

test('each account sees only its own invoices, clients, webhooks, events, deliveries and idempotency keys', async () => {
  const a = t.connection;
  const other = t.sandbox.createAccount();
  const b: Connection = { ...a, apiKey: other.secret };
  expect(other.account.id).not.toBe(((await t.send(operations.getAccount.request(a, {}))).body as any).id);
  expect((await t.send(operations.getAccount.request(b, {}))).body).toMatchObject({
    id: other.account.id,
    name: 'Sandbox account 2',
  });

  const hookA = (await t.send(operations.createWebhook.request(a, { url: receiver.url, events: ['invoice.paid'] })))
    .body as any;
  const created = await t.send({
    ...operations.createInvoice.request(a, invoiceInput),
    headers: {
      ...operations.createInvoice.request(a, invoiceInput).headers,
      'Idempotency-Key': 'shared-key-1',
    },
  });
  const invoiceA = created.body as any;
  const eventA = (await t.send(operations.simulatePayment.request(a, { invoice_id: invoiceA.id }))).body as any;
  await receiver.waitFor(1);
  await t.sandbox.settled();

  // Key B, same Idempotency-Key and body: a new invoice of B's own, not A's replayed.
  const request = operations.createInvoice.request(b, invoiceInput);
  const replay = await t.send({ ...request, headers: { ...request.headers, 'Idempotency-Key': 'shared-key-1' } });
  expect(replay.status).toBe(201);
  expect(replay.headers['idempotent-replayed']).toBeUndefined();
  expect((replay.body as any).id).not.toBe(invoiceA.id);
  expect((replay.body as any).number).toBe('INV-000001');
  expect((replay.body as any).client_id).not.toBe(invoiceA.client_id);

  for (const read of [
    operations.getInvoice.request(b, { invoice_id: invoiceA.id }),
    operations.getClient.request(b, { client_id: invoiceA.client_id }),
    operations.getWebhook.request(b, { webhook_id: hookA.id }),
    operations.deleteWebhook.request(b, { webhook_id: hookA.id }),
    operations.simulatePayment.request(b, { invoice_id: invoiceA.id }),
  ]) {
    expect((await t.send(read)).status).toBe(404);
  }
  expect(
    (await t.send({ ...operations.getAccount.request(b, {}), url: `${t.sandbox.baseUrl}/v1/events/${eventA.id}` }))
      .status,
  ).toBe(404);
  const listsB = await Promise.all(
    [
      operations.listInvoices.request(b, {}),
      operations.listClients.request(b, {}),
      operations.listWebhooks.request(b, {}),
      operations.listEvents.request(b, {}),
    ].map((r) => t.send(r)),
  );
  expect(listsB.slice(0, 3).map((r) => (r.body as any).data.map((item: any) => item.id))).toEqual([
    [(replay.body as any).id],
    [(replay.body as any).client_id],
    [],
  ]);
  // B's only events are those of its own invoice (and the client it created): nothing of A's.
  expect(
    (listsB[3].body as any).data.map((event: any) => [event.type, event.data.invoice?.id ?? event.data.client.id]),
  ).toEqual([
    ['invoice.created', (replay.body as any).id],
    ['client.created', (replay.body as any).client_id],
  ]);
  const log = await t.send({
    ...operations.getAccount.request(b, {}),
    url: `${t.sandbox.baseUrl}/v1/test_helpers/deliveries`,
  });
  expect((log.body as any).data).toEqual([]);
  const logA = await t.send({
    ...operations.getAccount.request(a, {}),
    url: `${t.sandbox.baseUrl}/v1/test_helpers/deliveries`,
  });
  expect((logA.body as any).data.map((x: any) => x.event_id)).toEqual([eventA.id]);
  // A cursor naming another account's object names nothing in this list.
  expect((await t.send(operations.listInvoices.request(b, { starting_after: invoiceA.id }))).status).toBe(422);

  // B's payment reaches no subscription of A's.
  await t.send(operations.simulatePayment.request(b, { invoice_id: (replay.body as any).id }));
  await t.sandbox.settled();
  expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([eventA.id]);
});

test('keys over HTTP: issue one in this account or a new one, list them without the secret, revoke one', async () => {
  const url = `${t.sandbox.baseUrl}/v1/test_helpers/api_keys`;
  const call = (method: string, apiKey: string, path = '', body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (response: Promise<Response>): Promise<any> => (await response).json();
  const issued = await json(call('POST', t.connection.apiKey));
  expect(issued).toMatchObject({ object: 'api_key', secret: expect.stringMatching(/^ik_test_[A-Za-z0-9]{24}$/) });
  expect(
    ((await t.send(operations.getAccount.request({ ...t.connection, apiKey: issued.secret }, {}))).body as any).id,
  ).toBe(issued.account.id);

  const listed = await json(call('GET', issued.secret));
  expect(JSON.stringify(listed)).not.toContain(issued.secret);
  expect(listed.data.find((k: any) => k.id === issued.id)).toMatchObject({
    current: true,
    preview: `ik_test_…${issued.secret.slice(-4)}`,
  });

  const fresh = await json(call('POST', issued.secret, '', { new_account: true }));
  expect(fresh.account.id).not.toBe(issued.account.id);

  expect((await call('DELETE', issued.secret, `/${issued.id}`)).status).toBe(409);
  expect((await call('DELETE', fresh.secret, `/${issued.id}`)).status).toBe(404);
  expect((await call('DELETE', t.connection.apiKey, `/${issued.id}`)).status).toBe(204);
  expect((await t.send(operations.getAccount.request({ ...t.connection, apiKey: issued.secret }, {}))).status).toBe(
    401,
  );
  expect((await call('POST', t.connection.apiKey, '', { new_account: 'yes' })).status).toBe(422);
});
