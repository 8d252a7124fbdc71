/**
 * The contract's assumptions as checks against a deployment, in the order they run (later ones use what
 * earlier ones created). Each names the contract section that decides it and what the connectors would do
 * if the deployment differs; each asserts only its own assumption, so one difference is named once.
 */
import { Webhook } from 'standardwebhooks';
import { KEY_PREFIX, verifyWebhook } from '../../shared';
import type { Receiver } from '../../sandbox/testing/receiver';
import type { answerChecker } from '../answers';
import type { Client, Exchange } from './http';
import { NotCheckable, Verdict } from './verdict';

export interface Context {
  client: Client;
  key: string;
  /** Recognisable in every name, e-mail and description this run creates. */
  tag: string;
  checker: ReturnType<typeof answerChecker>;
  receiver: Receiver;
  /** The receiver's URL as the deployment should call it. */
  receiverUrl: string;
  /** How long to wait for a delivery, and for the retry after a 500. */
  deliveryWaitMs: number;
  retryWaitMs: number;
  /** Webhooks this run registered and has not removed yet: removed at the end, on Ctrl-C and on failure. */
  webhooks: Set<string>;
  progress(line: string): void;
  made: { invoice?: Record<string, any>; client?: Record<string, any>; payment?: Record<string, any>; webhook?: Record<string, any> };
}

export interface Assumption {
  id: string;
  says: string;
  /** An anchor in docs/api-contract.md. */
  decidedIn: string;
  ifDiffers: string;
  run(ctx: Context, verdict: Verdict): Promise<void>;
}

const body = (exchange: Exchange) => exchange.answer.body as Record<string, any>;
const needs = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new NotCheckable(`needs ${what}, which an earlier check could not make`);
  return value;
};
const email = (ctx: Context, part: string) => `conformance+${ctx.tag}-${part}@example.com`;
const invoiceBody = (ctx: Context, part: string, amount = 150000) => ({
  client_email: email(ctx, part), currency: 'INR', items: [{ description: `Conformance ${ctx.tag} ${part}`, amount }], auto_send_whatsapp: false,
});
/** A 200 list page that holds the object with this id. */
function holds(verdict: Verdict, listed: Exchange, id: string, what: string): void {
  if (verdict.answer(listed, 200)) verdict.that(body(listed).data.some((item: any) => item.id === id), `the list does not hold the ${what}`, listed);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const ASSUMPTIONS: Assumption[] = [
  {
    id: 'auth.bearer',
    says: 'GET /v1/account with `Authorization: Bearer <key>` answers 200 with the account',
    decidedIn: '5-authentication',
    ifDiffers: 'the connection test fails: no Zap or workflow can connect',
    async run(ctx, verdict) {
      verdict.answer(await ctx.client.call('GET', '/v1/account'), 200);
    },
  },
  {
    id: 'auth.key-mode',
    says: 'keys start ik_test_ or ik_live_, and the account\'s livemode matches the prefix',
    decidedIn: '5-authentication',
    ifDiffers: 'the connection label shows the wrong mode and secrets in messages go unredacted (identity.ts, errors.ts)',
    async run(ctx, verdict) {
      const live = ctx.key.startsWith(KEY_PREFIX.live);
      verdict.that(live || ctx.key.startsWith(KEY_PREFIX.test), `the key starts "${ctx.key.slice(0, 8)}", neither prefix`);
      const account = await ctx.client.call('GET', '/v1/account');
      if (account.answer.status === 200) verdict.that(body(account).livemode === live, `livemode is ${body(account).livemode} for a ${live ? 'live' : 'test'} key`, account);
    },
  },
  {
    id: 'auth.refused',
    says: 'no key, or an unknown one, answers 401 invalid_api_key (problem+json)',
    decidedIn: 'body-shapes-and-codes',
    ifDiffers: 'a revoked key is not reported as "reconnect" (Zapier\'s ExpiredAuthError, n8n\'s credential test)',
    async run(ctx, verdict) {
      verdict.answer(await ctx.client.call('GET', '/v1/account', { key: null }), 401, 'invalid_api_key');
      verdict.answer(await ctx.client.call('GET', '/v1/account', { key: `${KEY_PREFIX.test}conformance0000000000000000` }), 401, 'invalid_api_key');
    },
  },
  {
    id: 'invoices.create',
    says: 'POST /v1/invoices answers 201 with the invoice: amounts in minor units, status open',
    decidedIn: 'the-invoice-as-sent',
    ifDiffers: 'Create Invoice reports unexpected_response (any 2xx is read; a body of another shape is not)',
    async run(ctx, verdict) {
      const created = await ctx.client.call('POST', '/v1/invoices', { body: invoiceBody(ctx, 'invoice') });
      if (!verdict.answer(created, 201)) return;
      ctx.made.invoice = body(created);
      verdict.that(body(created).amount_due === 150000 && body(created).status === 'open' && body(created).client_email === email(ctx, 'invoice'),
        'the invoice does not carry amount_due 150000, status open and the given client_email', created);
    },
  },
  {
    id: 'invoices.get-list',
    says: 'GET /v1/invoices/{id} answers 200 with it; GET /v1/invoices?client_email= lists it',
    decidedIn: 'lists-and-paging',
    ifDiffers: 'Get Invoice, Find Invoice and the invoice pickers in both editors break',
    async run(ctx, verdict) {
      const invoice = needs(ctx.made.invoice, 'an invoice');
      const got = await ctx.client.call('GET', `/v1/invoices/${invoice.id}`);
      if (verdict.answer(got, 200)) verdict.that(body(got).id === invoice.id, 'a different invoice came back', got);
      const listed = await ctx.client.call('GET', `/v1/invoices?client_email=${encodeURIComponent(invoice.client_email)}&limit=10`);
      holds(verdict, listed, invoice.id, 'invoice');
    },
  },
  {
    id: 'errors.not-found',
    says: 'an unknown id answers 404 not_found as an RFC 9457 problem',
    decidedIn: 'body-shapes-and-codes',
    ifDiffers: 'Find Invoice reports an error instead of "not found"; a removed webhook is not counted as removed',
    async run(ctx, verdict) {
      verdict.answer(await ctx.client.call('GET', '/v1/invoices/inv_conformance0missing'), 404, 'not_found');
    },
  },
  {
    id: 'errors.validation',
    says: 'an invalid body answers 422 validation_failed with errors[] naming each field by its path (items[0].amount)',
    decidedIn: 'body-shapes-and-codes',
    ifDiffers: 'the service\'s refusals are shown without the field they are about',
    async run(ctx, verdict) {
      const refused = await ctx.client.call('POST', '/v1/invoices', {
        body: { ...invoiceBody(ctx, 'invalid'), client_email: 'not-an-email', items: [{ description: 'x', amount: '15.00' }] },
      });
      if (!verdict.answer(refused, 422, 'validation_failed')) return;
      const params = ((body(refused).errors ?? []) as Array<{ param?: string }>).map((error) => error.param).sort();
      verdict.that(JSON.stringify(params) === JSON.stringify(['client_email', 'items[0].amount']),
        `errors[] names ${JSON.stringify(params)}, not client_email and items[0].amount`, refused);
    },
  },
  {
    id: 'clients.create',
    says: 'POST /v1/clients answers 201 with the client',
    decidedIn: 'the-client-resource',
    ifDiffers: 'Create Client reports unexpected_response when the body differs (a 2xx other than 201 is still read)',
    async run(ctx, verdict) {
      const created = await ctx.client.call('POST', '/v1/clients', { body: { email: email(ctx, 'client'), name: `Conformance ${ctx.tag}` } });
      if (created.answer.status >= 200 && created.answer.status < 300) ctx.made.client = body(created);
      verdict.answer(created, 201);
    },
  },
  {
    id: 'clients.get-update-find',
    says: 'GET and PATCH /v1/clients/{id} answer 200; GET /v1/clients?email= finds it',
    decidedIn: 'client-sync-create-or-update-by-e-mail-find-by-e-mail-or-number',
    ifDiffers: 'Create or Update Client by e-mail and Find Client cannot work',
    async run(ctx, verdict) {
      const client = needs(ctx.made.client, 'a client');
      verdict.answer(await ctx.client.call('GET', `/v1/clients/${client.id}`), 200);
      const patched = await ctx.client.call('PATCH', `/v1/clients/${client.id}`, { body: { company: `Conformance ${ctx.tag} Ltd` } });
      if (verdict.answer(patched, 200)) verdict.that(body(patched).company === `Conformance ${ctx.tag} Ltd`, 'the change is not in the answer', patched);
      const found = await ctx.client.call('GET', `/v1/clients?email=${encodeURIComponent(client.email)}&limit=1`);
      if (verdict.answer(found, 200)) verdict.that(body(found).data[0]?.id === client.id, 'the e-mail filter does not find the client', found);
    },
  },
  {
    id: 'clients.email-taken',
    says: 'a second client with the same e-mail answers 409 client_exists',
    decidedIn: 'client-sync-create-or-update-by-e-mail-find-by-e-mail-or-number',
    ifDiffers: 'Create or Update Client could make two clients for one e-mail when it loses a race',
    async run(ctx, verdict) {
      const client = needs(ctx.made.client, 'a client');
      verdict.answer(await ctx.client.call('POST', '/v1/clients', { body: { email: client.email } }), 409, 'client_exists');
    },
  },
  {
    id: 'payments.record-get-list',
    says: 'POST /v1/invoices/{id}/payments answers 201 with the payment; GET /v1/payments/{id} and ?invoice_id= find it',
    decidedIn: 'recording-a-payment',
    ifDiffers: 'Record Payment and Find Payment break; reconciliation by reference is lost',
    async run(ctx, verdict) {
      const invoice = needs(ctx.made.invoice, 'an invoice');
      const recorded = await ctx.client.call('POST', `/v1/invoices/${invoice.id}/payments`,
        { body: { method: 'bank_transfer', amount: 50000, reference: `CONF-${ctx.tag}` } });
      if (!verdict.answer(recorded, 201)) return;
      const payment = body(recorded);
      verdict.that(payment.invoice_id === invoice.id && payment.amount === 50000, 'the payment does not carry the invoice and amount', recorded);
      verdict.answer(await ctx.client.call('GET', `/v1/payments/${payment.id}`), 200);
      const listed = await ctx.client.call('GET', `/v1/payments?invoice_id=${invoice.id}`);
      holds(verdict, listed, payment.id, 'payment');
    },
  },
  {
    id: 'idempotency.replay',
    says: 'the same Idempotency-Key with the same body answers the first response again (one invoice)',
    decidedIn: 'idempotency',
    ifDiffers: 'a retried create (n8n retries with a derived key) makes a second invoice',
    async run(ctx, verdict) {
      const headers = { 'Idempotency-Key': `conformance-${ctx.tag}` };
      const first = await ctx.client.call('POST', '/v1/invoices', { body: invoiceBody(ctx, 'idempotent'), headers });
      if (!verdict.answer(first, 201)) return;
      const again = await ctx.client.call('POST', '/v1/invoices', { body: invoiceBody(ctx, 'idempotent'), headers });
      if (verdict.answer(again, 201)) verdict.that(body(again).id === body(first).id, `a second invoice (${body(again).id}) was made`, again);
    },
  },
  {
    id: 'idempotency.conflict',
    says: 'the same Idempotency-Key with another body answers 422 idempotency_key_reused',
    decidedIn: 'idempotency',
    ifDiffers: 'a mapped key reused by mistake silently returns another invoice, or creates one',
    async run(ctx, verdict) {
      const headers = { 'Idempotency-Key': `conformance-${ctx.tag}` };
      verdict.answer(await ctx.client.call('POST', '/v1/invoices', { body: invoiceBody(ctx, 'idempotent', 99), headers }), 422, 'idempotency_key_reused');
    },
  },
  {
    id: 'pagination.to-last-page',
    says: 'limit and starting_after page newest first until has_more is false, each item once',
    decidedIn: 'lists-and-paging',
    ifDiffers: 'listAll (pickers, Polling Trigger, Find Payment) repeats or misses items, or never stops',
    async run(ctx, verdict) {
      const made: string[] = [];
      for (const amount of [100, 200, 300]) {
        const created = await ctx.client.call('POST', '/v1/invoices', { body: invoiceBody(ctx, 'paging', amount) });
        if (created.answer.status >= 300) throw new NotCheckable(`could not create invoices to page through (${created.answer.status})`);
        made.push(body(created).id);
      }
      const seen: string[] = [];
      let after: string | undefined;
      for (let page = 0; page < 6; page += 1) {
        const listed = await ctx.client.call('GET', `/v1/invoices?client_email=${encodeURIComponent(email(ctx, 'paging'))}&limit=1` +
          (after ? `&starting_after=${after}` : ''));
        if (!verdict.answer(listed, 200)) return;
        seen.push(...body(listed).data.map((item: any) => item.id));
        after = seen[seen.length - 1];
        if (!body(listed).has_more) break;
      }
      verdict.that(JSON.stringify(seen) === JSON.stringify([...made].reverse()),
        `pages gave ${JSON.stringify(seen)}, not the three invoices newest first ending with has_more false`, ctx.client.exchanges.at(-1));
    },
  },
  {
    id: 'webhooks.register',
    says: 'POST /v1/webhooks answers 201 with the subscription and its whsec_ secret (once); GET shows it without the secret',
    decidedIn: 'registering-a-receiver',
    ifDiffers: 'triggers cannot subscribe on enable, or cannot verify deliveries',
    async run(ctx, verdict) {
      const created = await ctx.client.call('POST', '/v1/webhooks', {
        body: { url: ctx.receiverUrl, events: ['invoice.created'], description: `conformance ${ctx.tag}` },
      });
      if (created.answer.status === 422 && JSON.stringify(created.answer.body).includes('url')) {
        throw new NotCheckable(`the deployment refuses a receiver at ${ctx.receiverUrl}; pass --receiver-url with a public URL that forwards to it`);
      }
      if (created.answer.status >= 200 && created.answer.status < 300 && body(created).id) {
        ctx.webhooks.add(body(created).id);
        ctx.progress(`registered webhook ${body(created).id} (removed at the end of the run)`);
      }
      if (!verdict.answer(created, 201)) return;
      ctx.made.webhook = body(created);
      verdict.that(/^whsec_/.test(String(body(created).secret)) && body(created).status === 'enabled', 'no whsec_ secret, or not enabled', created);
      const got = await ctx.client.call('GET', `/v1/webhooks/${body(created).id}`);
      if (verdict.answer(got, 200)) verdict.that(body(got).secret === undefined, 'GET shows the secret again', got);
    },
  },
  {
    id: 'webhooks.signed-delivery',
    says: 'an event is delivered to the receiver, signed (Standard Webhooks v1): our verifier and the standardwebhooks package both accept it',
    decidedIn: 'signing',
    ifDiffers: 'both triggers refuse every delivery (401) and no workflow starts',
    async run(ctx, verdict) {
      const webhook = needs(ctx.made.webhook, 'a webhook subscription');
      // The first attempt for this run's invoice is answered 500, so the next check sees the retry.
      const invoice = await ctx.client.call('POST', '/v1/invoices', { body: invoiceBody(ctx, 'delivery') });
      if (invoice.answer.status >= 300) throw new NotCheckable(`could not create an invoice to be delivered (${invoice.answer.status})`);
      ctx.made.invoice = { ...ctx.made.invoice, delivered: body(invoice).id };
      const [first] = await deliveriesOf(ctx, body(invoice).id, 1, ctx.deliveryWaitMs);
      if (!verdict.that(first !== undefined, `nothing arrived at the receiver within ${ctx.deliveryWaitMs / 1000} s`)) return;
      const ours = verifyWebhook({ secret: webhook.secret, headers: first.headers, body: first.rawBody });
      verdict.that(ours.ok, `our verifier refuses it: ${ours.ok ? '' : ours.reason}`);
      try {
        new Webhook(webhook.secret).verify(first.rawBody, first.headers as Record<string, string>);
      } catch (error) {
        verdict.differs(`the standardwebhooks package refuses it: ${(error as Error).message}`);
      }
      const event = JSON.parse(first.rawBody);
      verdict.that(first.headers['webhook-id'] === event.id, 'webhook-id is not the event id');
      const problems = ctx.checker.checkWebhook(event.type, event);
      for (const problem of problems) verdict.differs(`the event is not as docs/openapi.json says: ${problem}`);
    },
  },
  {
    id: 'webhooks.retry-after-500',
    says: 'a delivery answered 500 is sent again, with the same webhook-id',
    decidedIn: 'delivery-retries-ordering',
    ifDiffers: 'an event lost to a receiver outage is never seen (the Polling Trigger and Replay Missed Events still catch up)',
    async run(ctx, verdict) {
      const delivered = needs(ctx.made.invoice?.delivered as string | undefined, 'a delivered event');
      const attempts = await deliveriesOf(ctx, delivered, 2, ctx.retryWaitMs);
      if (!verdict.that(attempts.length >= 2, `no second attempt within ${ctx.retryWaitMs / 1000} s of the 500`)) return;
      verdict.that(attempts[0].status === 500 && attempts[1].headers['webhook-id'] === attempts[0].headers['webhook-id'],
        'the second attempt carries another webhook-id');
    },
  },
  {
    id: 'events.list',
    says: 'GET /v1/events?type= lists recorded events in the webhook envelope',
    decidedIn: 'catching-up-on-events',
    ifDiffers: 'the Polling Trigger and editor samples have no events; catching up after an outage is impossible',
    async run(ctx, verdict) {
      const listed = await ctx.client.call('GET', '/v1/events?type=invoice.created&limit=20');
      if (!verdict.answer(listed, 200)) return;
      const invoice = needs(ctx.made.invoice, 'an invoice');
      verdict.that(body(listed).data.some((event: any) => [invoice.id, invoice.delivered].includes(event.data?.invoice?.id)),
        'none of this run\'s invoice.created events is listed', listed);
    },
  },
  {
    id: 'webhooks.remove',
    says: 'DELETE /v1/webhooks/{id} answers 204, and the subscription is then 404',
    decidedIn: 'registering-a-receiver',
    ifDiffers: 'disabling a trigger leaves its subscription delivering',
    async run(ctx, verdict) {
      const webhook = needs(ctx.made.webhook, 'a webhook subscription');
      const removed = await ctx.client.call('DELETE', `/v1/webhooks/${webhook.id}`);
      if (removed.answer.status === 204 || removed.answer.status === 404) ctx.webhooks.delete(webhook.id);
      verdict.answer(removed, 204);
      verdict.answer(await ctx.client.call('GET', `/v1/webhooks/${webhook.id}`), 404, 'not_found');
    },
  },
  {
    id: 'test-helpers',
    says: 'test helpers make an invoice viewed and paid, answering 200 with the event',
    decidedIn: '10-the-sandbox',
    ifDiffers: 'the connectors\' test flows need the real occasions (a real payment) instead',
    async run(ctx, verdict) {
      const invoice = needs(ctx.made.invoice, 'an invoice');
      const viewed = await ctx.client.call('POST', `/v1/test_helpers/invoices/${invoice.id}/view`, { body: { channel: 'link' } });
      // The invoice was just made, so a 404 (or a 403 for a live key) means the helpers are not there.
      if (viewed.answer.status === 404 || viewed.answer.status === 403) {
        throw new NotCheckable(`the deployment has no test helpers for this key (${viewed.answer.status})`);
      }
      if (verdict.answer(viewed, 200)) verdict.that(body(viewed).type === 'invoice.viewed', 'not an invoice.viewed event', viewed);
      const paid = await ctx.client.call('POST', `/v1/test_helpers/invoices/${invoice.id}/pay`, { body: {} });
      if (verdict.answer(paid, 200)) verdict.that(body(paid).type === 'invoice.paid', 'not an invoice.paid event', paid);
    },
  },
  {
    id: 'rate-limit',
    says: 'over the rate limit (25/s per test key) answers 429 rate_limited with Retry-After',
    decidedIn: '8-limits',
    ifDiffers: 'Zapier and n8n cannot wait the right time; a burst of steps fails instead of pacing',
    async run(ctx, verdict) {
      const burst = await Promise.all(Array.from({ length: 60 }, () => ctx.client.call('GET', '/v1/account', { raw: true })));
      const limited = burst.find((exchange) => exchange.answer.status === 429);
      if (!verdict.that(limited !== undefined, 'no 429 in a burst of 60 requests', burst.at(-1))) return;
      verdict.answer(limited!, 429, 'rate_limited');
      await sleep(1500);
    },
  },
];

/** The receiver's attempts for one invoice's event, waiting up to `timeoutMs` for `count` of them. */
async function deliveriesOf(ctx: Context, invoiceId: string, count: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const mine = () => ctx.receiver.requests.filter((request) => request.rawBody.includes(`"${invoiceId}"`));
  while (mine().length < count && Date.now() < deadline) await sleep(50);
  return mine();
}
