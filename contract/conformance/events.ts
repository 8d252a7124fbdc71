/**
 * The event rows: one subscription per event type (as each trigger subscribes to its own), a signed delivery
 * of each type, the retry after a 500, catching up with `ending_before` as the Polling Trigger does (through
 * shared/operations/catchUp.ts itself) and replaying with recover as the n8n trigger does.
 */
import { Webhook } from 'standardwebhooks';
import { EVENT_CATALOGUE, EVENT_TYPES, catchUp, operations, runOperation, verifyWebhook } from '../../shared';
import type { ReceivedRequest } from '../../sandbox/webhookReceiver/receiver';
import type { Assumption, Context } from './context';
import type { Exchange } from './http';
import type { Thing } from './inputs';
import { NotCheckable } from './verdict';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const parsed = (request: ReceivedRequest): Thing | undefined => {
  try {
    return JSON.parse(request.rawBody);
  } catch {
    return undefined;
  }
};
const atPath = (ctx: Context, path: string) => ctx.receiver.requests.filter((request) => request.path.endsWith(path));

async function until<T>(ctx: Context, found: () => T | undefined, ms = ctx.deliveryWaitMs): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = found();
    if (value !== undefined || Date.now() > deadline) return value;
    await sleep(50);
  }
}

/** Before anything is made: a subscription per event type, answered 500 on each event's first attempt there. */
export async function subscribeEachType(ctx: Context): Promise<void> {
  const firstAttempts = new Set<string>();
  ctx.receiver.respondWith((request) => {
    const key = `${request.path} ${String(request.headers['webhook-id'])}`;
    if (!EVENT_TYPES.some((type) => request.path.endsWith(`/${type}`)) || firstAttempts.has(key)) return 200;
    firstAttempts.add(key);
    return 500;
  });
  for (const type of EVENT_TYPES) {
    if (ctx.closed) return;
    // Kept as in flight, so a Ctrl-C's clean-up waits for its answer and removes what it made.
    const pending = ctx.world.send(operations.createWebhook, {
      url: `${ctx.receiverUrl}/${type}`,
      events: [type],
      description: `conformance ${ctx.tag}`,
    });
    ctx.inFlight = pending;
    const exchange = await pending;
    const made = exchange.answer.body as Thing | undefined;
    if (exchange.answer.status < 300 && typeof made?.secret === 'string')
      ctx.world.subscriptions.set(type, { id: made.id, secret: made.secret, path: `/${type}` });
  }
}

export function deliveryRows(): Assumption[] {
  return EVENT_TYPES.map((type) => ({
    id: `event ${type}.delivered`,
    kind: 'event' as const,
    says:
      `a subscription to ${type} (the ${EVENT_CATALOGUE[type].label} trigger) receives it, ` +
      "signed (Standard Webhooks v1), webhook-id the event's id",
    decidedIn: 'signing',
    ifDiffers: `the ${EVENT_CATALOGUE[type].label} trigger never fires, or refuses what arrives`,
    async run(ctx, verdict) {
      const subscription = ctx.world.subscriptions.get(type);
      if (!subscription) throw new NotCheckable(`the run could not subscribe to ${type}`);
      const first = await until(ctx, () => atPath(ctx, subscription.path)[0]);
      if (!first) {
        const happened = ctx.world.events().some((event) => event.type === type);
        if (!happened) throw new NotCheckable(`nothing this run did made a ${type} event happen`);
        verdict.differs(
          `no ${type} delivery arrived within ${ctx.deliveryWaitMs / 1000} s, though this run made one happen`,
        );
        return;
      }
      const event = parsed(first);
      verdict.that(
        event?.type === type,
        `the delivery for a ${type} subscription is a ${JSON.stringify(event?.type)} event`,
      );
      const ours = verifyWebhook({ secret: subscription.secret, headers: first.headers, body: first.rawBody });
      verdict.that(ours.ok, `our verifier refuses it: ${ours.ok ? '' : ours.reason}`);
      try {
        new Webhook(subscription.secret).verify(first.rawBody, first.headers as Record<string, string>);
      } catch (error) {
        verdict.differs(`the standardwebhooks package refuses it: ${(error as Error).message}`);
      }
      verdict.that(first.headers['webhook-id'] === event?.id, 'webhook-id is not the event id');
    },
  }));
}

export const retryRow: Assumption = {
  id: 'event retry-after-500',
  kind: 'event',
  says: 'a delivery answered 500 is sent again, with the same webhook-id',
  decidedIn: 'delivery-retries-ordering',
  ifDiffers:
    'an event lost to a receiver outage is never seen (the Polling Trigger and Replay Missed Events still catch up)',
  async run(ctx, verdict) {
    const failed = ctx.receiver.requests.find((request) => request.status === 500);
    if (!failed) throw new NotCheckable('no delivery reached the receiver to be answered 500');
    const again = await until(
      ctx,
      () =>
        ctx.receiver.requests.find(
          (request) =>
            request !== failed &&
            request.path === failed.path &&
            request.headers['webhook-id'] === failed.headers['webhook-id'],
        ),
      ctx.retryWaitMs,
    );
    verdict.that(
      again !== undefined,
      `no second attempt of ${String(failed.headers['webhook-id'])} within ${ctx.retryWaitMs / 1000} s of the 500`,
    );
  },
};

export const catchUpRow: Assumption = {
  id: 'catch-up',
  kind: 'catch-up',
  says:
    'catching up from an event (ending_before, as the Polling Trigger does) gives every later event once, ' +
    'oldest first',
  decidedIn: 'catching-up-on-events',
  ifDiffers: 'the Polling Trigger misses or repeats events',
  dependsOn: ['listEvents.paging.ending_before'],
  async run(ctx, verdict) {
    const order = await ctx.world.eventOrder(true);
    const cursor = ctx.world.firstEvent();
    if (!cursor) throw new NotCheckable('this run made no event to start from');
    const later = order.slice(order.indexOf(cursor) + 1);
    const send = async (request: Parameters<typeof ctx.client.send>[0]) => (await ctx.client.send(request)).answer;
    // Every id the pages passed, read or not (an event whose fields drifted is another row's difference).
    const got: string[] = [];
    await catchUp(
      async (query) => {
        const page = await runOperation(
          operations.listEvents,
          { apiKey: ctx.key, baseUrl: ctx.client.baseUrl },
          query,
          send,
        );
        got.push(...[...page.ids].reverse());
        return page;
      },
      cursor,
      EVENT_TYPES,
    );
    const expected = later;
    const missing = expected.filter((id) => !got.includes(id));
    const repeated = got.filter((id, index) => got.indexOf(id) !== index);
    const ordered = expected
      .filter((id) => got.includes(id))
      .every((id, index, kept) => index === 0 || got.indexOf(kept[index - 1]) < got.indexOf(id));
    verdict.that(
      missing.length === 0,
      `catching up from ${cursor} missed ${missing.slice(0, 3).join(', ')}`,
      ctx.client.exchanges.at(-1),
    );
    verdict.that(
      repeated.length === 0,
      `catching up gave ${repeated.slice(0, 3).join(', ')} twice`,
      ctx.client.exchanges.at(-1),
    );
    verdict.that(ordered, 'catching up did not give the events oldest first', ctx.client.exchanges.at(-1));
  },
};

export const replayRow: Assumption = {
  id: 'replay',
  kind: 'replay',
  says:
    'recovering a subscription after an event delivers every later event of its types again, once each, ' +
    'oldest first',
  decidedIn: 'replaying-missed-events',
  ifDiffers: "the n8n trigger's Replay Missed Events misses or repeats what happened while it was off",
  async run(ctx, verdict) {
    const recovered = ctx.world.requests.get('recoverWebhook');
    if (!recovered || typeof recovered === 'string')
      throw new NotCheckable(`recoverWebhook's request was not sent${recovered ? `: ${recovered}` : ''}`);
    if (recovered.answer.status >= 300)
      throw new NotCheckable(`recoverWebhook's request answered ${recovered.answer.status}`);
    const id = new URL(recovered.request.url).pathname.split('/').at(-2)!;
    const url = String(ctx.world.objects.get(id)?.url ?? '');
    const path = url.slice(ctx.receiverUrl.length);
    const after = String((recovered.request.body as Thing | undefined)?.after);
    const order = ctx.world.recoverable;
    const expected = order.slice(order.indexOf(after) + 1);
    if (!path || !expected.length) throw new NotCheckable('the recovered subscription had no later events to replay');
    const arrived = () => atPath(ctx, path).map((request) => String(request.headers['webhook-id']));
    await until(ctx, () => (expected.every((event) => arrived().includes(event)) ? true : undefined));
    const got = arrived().filter((event) => expected.includes(event));
    const missing = expected.filter((event) => !got.includes(event));
    verdict.that(
      missing.length === 0,
      `recover after ${after} did not deliver ${missing.slice(0, 3).join(', ')}`,
      recovered,
    );
    verdict.that(got.length === new Set(got).size, 'recover delivered an event twice', recovered);
    verdict.that(
      got.every((event, index) => index === 0 || expected.indexOf(got[index - 1]) < expected.indexOf(event)),
      'recover did not deliver oldest first',
      recovered,
    );
  },
};

export type { Exchange };
