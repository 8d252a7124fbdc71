/**
 * The sandbox the live suite runs against, in this process (it is the service, not a platform under
 * test), and the one place the suite gets an API key from it.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { operations, signWebhook, type HttpRequest } from '../../shared';
import { fetchSend } from '../../sandbox';

export async function liveSandbox(): Promise<Sandbox> {
  // Fast retries keep a redelivery or a retried 5xx within the suite's bounded waits.
  return await startSandbox({ port: 0, timeScale: 0.01, rateLimitPerSecond: 1000 });
}

/** The test key every connection in the suite uses (one account, however many platforms). */
export function sandboxKey(sandbox: Sandbox): string {
  return sandbox.testKey;
}

/** The signing secret the sandbox keeps for a subscription (what a delivery is signed with). */
export function subscriptionSecret(sandbox: Sandbox, webhookId: string): string {
  const record = sandbox.data.webhooks.get(webhookId);
  if (!record) throw new Error(`the sandbox has no subscription ${webhookId}`);
  return record.secret;
}

/** Subscriptions the service still holds (not deleted), optionally only those pointing at `url`. */
export function activeSubscriptions(sandbox: Sandbox, url?: string) {
  const page = sandbox.data.webhooks.list({ deleted: 0 }, 100);
  return (page?.data ?? []).filter((record) => !url || record.url === url);
}

/** A delivery exactly as the sandbox signs one, for replays and attacks. */
export function signedDelivery(
  secret: string,
  eventId: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  return {
    headers: { ...signWebhook({ secret, id: eventId, timestamp, body }), 'content-type': 'application/json' },
    body,
  };
}

/** The four forgeries a receiver must refuse with 401, built from a real event body (given a fresh id). */
export function attackDeliveries(
  secret: string,
  eventBody: string,
): Record<string, { headers: Record<string, string>; body: string }> {
  const event = JSON.parse(eventBody);
  const fresh = JSON.stringify({ ...event, id: `${event.id}x` });
  const good = signedDelivery(secret, 'evt_attack', fresh);
  return {
    tampered: {
      headers: good.headers,
      body: fresh.replace(`"${event.type}"`, event.type === 'invoice.paid' ? '"invoice.viewed"' : '"invoice.paid"'),
    },
    stale: signedDelivery(secret, 'evt_attack', fresh, Math.floor(Date.now() / 1000) - 600),
    unsigned: { headers: { 'content-type': 'application/json' }, body: fresh },
    'wrong secret': signedDelivery(
      `whsec_${Buffer.from('not the subscription secret!').toString('base64')}`,
      'evt_attack',
      fresh,
    ),
  };
}

export async function post(url: string, delivery: { headers: Record<string, string>; body: string }): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The dashboard's "redeliver" button: the service sends an event it already delivered again (`key`: the event's account). */
export async function redeliver(sandbox: Sandbox, eventId: string, key = sandboxKey(sandbox)): Promise<void> {
  const response = await fetch(`${sandbox.baseUrl}/v1/test_helpers/events/${eventId}/redeliver`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`sandbox redeliver ${eventId}: HTTP ${response.status} ${await response.text()}`);
}

/** A request built by a shared operation against the sandbox with the suite's key (or `key`'s account); its body, or an error. */
export async function sandboxApi(
  sandbox: Sandbox,
  build: (c: { apiKey: string; baseUrl: string }) => HttpRequest,
  key = sandboxKey(sandbox),
): Promise<any> {
  const reply = await fetchSend(build({ apiKey: key, baseUrl: sandbox.baseUrl }));
  if (reply.status >= 300) throw new Error(`sandbox: HTTP ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** An open invoice of 900.00 INR for `email` (the client is made first), to make events happen to. */
export async function newInvoice(sandbox: Sandbox, email: string, key = sandboxKey(sandbox)): Promise<string> {
  await sandboxApi(sandbox, (c) => operations.createClient.request(c, { email }), key);
  return (
    await sandboxApi(
      sandbox,
      (c) =>
        operations.createInvoice.request(c, {
          client_email: email,
          currency: 'INR',
          items: [{ description: 'Consulting', amount: 90000 }],
        }),
      key,
    )
  ).id;
}

/** Makes the sandbox emit one event of `type` for the invoice (a view on WhatsApp, a 300.00 UPI payment, a dispute). */
export async function happen(sandbox: Sandbox, invoiceId: string, type: string): Promise<{ id: string }> {
  return await sandboxApi(sandbox, (c) =>
    type === 'invoice.viewed'
      ? operations.simulateView.request(c, { invoice_id: invoiceId, channel: 'whatsapp' })
      : type === 'invoice.paid'
        ? operations.simulatePayment.request(c, { invoice_id: invoiceId, amount: 30000 })
        : operations.simulateDispute.request(c, { invoice_id: invoiceId, reason: 'Amount differs from the quote' }),
  );
}

/**
 * A second account holding `count` clients ("Client 00001 · client00001@example.com"), made through the
 * API ten at a time (waiting out a 429), for the pickers' paging; returns its key.
 */
export async function accountWithClients(sandbox: Sandbox, count: number): Promise<string> {
  const apiKey = sandbox.createAccount().secret;
  const connection = { apiKey, baseUrl: sandbox.baseUrl };
  const make = async (number: number) => {
    const n = String(number).padStart(5, '0');
    const create = () =>
      fetchSend(operations.createClient.request(connection, { email: `client${n}@example.com`, name: `Client ${n}` }));
    let reply = await create();
    // Ten at a time can pass the live sandbox's 1,000 requests a second on a quiet machine: wait as a 429 asks.
    for (let tries = 0; reply.status === 429 && tries < 20; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      reply = await create();
    }
    if (reply.status !== 201)
      throw new Error(`sandbox: client ${n}: HTTP ${reply.status} ${JSON.stringify(reply.body)}`);
  };
  // The newest 200 are made one at a time, in order, after the rest: a create retried after a 429 would otherwise
  // land among them (seen on 2026-11-25: "Client 09210" listed first), and the pickers list newest first.
  const inOrder = Math.min(count, 200);
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < count - inOrder) await make((next += 1));
    }),
  );
  for (let number = count - inOrder + 1; number <= count; number += 1) await make(number);
  return apiKey;
}
