/**
 * The assumptions the connectors make, listed from the operation registry (shared/operations), the event
 * catalogue (shared/webhooks) and docs/openapi.json, which is generated from both: one row per request an
 * operation can send, per list filter (per event type for the event filter), per paging direction, per
 * idempotent create, per event type a trigger subscribes to, per answer field the connectors read, plus the
 * catch-up and replay paths and the few protocol rules every request shares. Each row asserts only its own
 * assumption, so one drift is one row; a row that needs what an earlier one could not make says so.
 */
import { EVENT_TYPES, KEY_PREFIX, SERVICE, operations, type Operation } from '../../shared';
import type { Assumption, Context } from './context';
import type { Exchange } from './http';
import type { FieldWalker, Document } from './fields';
import { FILTERS, NOT_FILTERS, PAGING, USABLE_TARGETS, fieldFilter, type Thing } from './inputs';
import { catchUpRow, deliveryRows, replayRow, retryRow } from './events';
import { dueDateRows, taxRows } from './money';
import { pdfRows, refusalRows } from './refusals';
import { NotCheckable } from './verdict';
import { changesTarget, inputKeys, pathKeys, prefixOf, singleRequest } from './world';

export type { Assumption, Context, Kind } from './context';

const body = (exchange: Exchange) => exchange.answer.body as Thing;
const need = <T>(value: T | string | undefined, what = ''): T => {
  if (value === undefined || typeof value === 'string')
    throw new NotCheckable(`${what}${value ?? 'needs what an earlier row could not make'}`);
  return value;
};
const template = (operation: Operation) => `/${SERVICE.apiVersion}${operation.path}`;
const anchorOf = (document: Document, operation: Operation) =>
  String(document.paths[template(operation)]?.[operation.method.toLowerCase()]?.['x-contract'] ?? '#4-endpoints').split(
    '#',
  )[1];
const isList = (document: Document, operation: Operation) =>
  operation.method === 'GET' &&
  Boolean(
    document.paths[template(operation)]?.get?.responses?.['200']?.content?.['application/json']?.schema?.properties
      ?.has_more,
  );
/** The fields of what a list lists, as the document declares them: a field its first item may lack (unset). */
function itemFields(document: Document, operation: Operation): string[] {
  const answer = document.paths[template(operation)]?.get?.responses?.['200']?.content?.['application/json'];
  const items = answer?.schema?.properties?.data?.items;
  const item = items?.$ref ? document.components.schemas[String(items.$ref).split('/').pop() ?? ''] : items;
  return Object.keys(item?.properties ?? {});
}
/**
 * What a list's filter means: its entry in FILTERS, else "the field of that name equals the value" when the
 * listed item has that field (in the document, since the first item may lack an unset optional field), else
 * the event type a trigger asks for.
 */
export function filterMeaning(document: Document, operation: Operation, key: string, item?: Thing, fixed?: string) {
  const fields = [...Object.keys(item ?? {}), ...itemFields(document, operation)];
  const field = fields.includes(key) ? fieldFilter(key) : undefined;
  return FILTERS[key] ?? field ?? (fixed ? fieldFilter('type') : undefined);
}
const listed = (exchange: Exchange): Thing[] => (Array.isArray(body(exchange)?.data) ? body(exchange).data : []);
const ids = (items: Thing[]) => items.map((item) => item?.id);

/** Runs whose events were all read once for the event filter's rows (their types are checked one row each). */
const eventsRead = new WeakSet<Context>();

/**
 * The run knows an event only once it has listed it, and a list page holds the newest 100: with every event type
 * a run now makes, its first client.updated was further back than that. So before the first event filter row,
 * the events are read back page by page (at most 20) to what was there before the run.
 */
async function readEventsBack(ctx: Context, operation: Operation, first: Exchange): Promise<void> {
  if (eventsRead.has(ctx)) return;
  eventsRead.add(ctx);
  let exchange = first;
  for (let pages = 1; pages < 20 && body(exchange)?.has_more === true; pages += 1) {
    const last = listed(exchange).at(-1)?.id;
    if (typeof last !== 'string' || !ctx.world.events().some((event) => event.id === last)) return;
    exchange = await page(ctx, operation, { limit: 100, starting_after: last });
  }
}

/** An unfiltered page of a list, as its request row or a new request gets it. */
async function page(ctx: Context, operation: Operation, query: Thing): Promise<Exchange> {
  const input = need(ctx.world.input(operation, query));
  return ctx.world.send(operation, input);
}

function requestRows(document: Document): Assumption[] {
  // Creates first, then changes to fresh objects, then reads, then deletes: each read sees what was made.
  const rank = (operation: Operation) =>
    operation.method === 'DELETE' ? 3 : operation.method === 'GET' ? 2 : pathKeys(operation).length ? 1 : 0;
  return singleRequest()
    .sort(([, a], [, b]) => rank(a) - rank(b))
    .map(([name, operation]) => ({
      id: `${name}.request`,
      kind: 'request',
      says: `${operation.method} ${template(operation)}, as ${name} sends it, answers ${operation.status}`,
      decidedIn: anchorOf(document, operation),
      ifDiffers: `${name} fails or reads another answer (any 2xx is read; the body's fields are their own rows)`,
      async run(ctx, verdict) {
        // What the changes and reads may name: the events the creates made, in the service's order.
        if (rank(operation) >= 1 && !ctx.world.recoverable.length)
          ctx.world.recoverable = [...(await ctx.world.eventOrder())];
        const fresh: Record<string, Thing> = {};
        if (changesTarget(operation)) {
          for (const key of pathKeys(operation)) {
            const made = await ctx.world.fresh(key, USABLE_TARGETS[name]);
            if (made) fresh[key] = made;
          }
        }
        const input = ctx.world.input(operation, {}, { fresh });
        if (typeof input === 'string') {
          ctx.world.requests.set(name, input);
          throw new NotCheckable(input);
        }
        const exchange = await ctx.world.send(operation, input);
        ctx.world.requests.set(name, exchange);
        verdict.status(exchange, operation.status);
      },
    }));
}

function filterRows(document: Document): Assumption[] {
  return singleRequest()
    .filter(([, operation]) => isList(document, operation))
    .flatMap(([name, operation]) =>
      inputKeys(operation)
        .filter((key) => !NOT_FILTERS.has(key) && !pathKeys(operation).includes(key))
        .flatMap((key) => {
          // The event filter is one row per event type: a trigger asks for its own type.
          const values: Array<string | undefined> =
            key === 'type' && name === 'listEvents' ? [...EVENT_TYPES] : [undefined];
          return values.map(
            (fixed): Assumption => ({
              id: `${name}.filter.${key}${fixed ? `=${fixed}` : ''}`,
              kind: 'filter',
              // A filter read from a field means nothing once that field is wrong: the field's row names it.
              dependsOn: FILTERS[key]?.standsOn,
              says:
                `${template(operation)}?${key}=${fixed ?? '…'} lists only what matches, ` +
                'including what this run made',
              decidedIn: anchorOf(document, operation),
              ifDiffers:
                `a connector filtering by ${key} gets other ${operation.path.split('/')[1]} ` +
                '(pickers, finds, triggers)',
              async run(ctx, verdict) {
                // What the list holds now (the request row's page may be older than what later rows made).
                const newest = await page(ctx, operation, { limit: 100 });
                if (name === 'listEvents') await readEventsBack(ctx, operation, newest);
                const first = listed(newest);
                // An empty list has no prefix to read ('' would take every object this run made as a candidate).
                const prefix = String(first[0]?.id ?? '').replace(/_.*$/, '_');
                if (!prefix.endsWith('_'))
                  throw new NotCheckable(`${name}'s request listed nothing, so the run cannot tell what it lists`);
                const filter = filterMeaning(document, operation, key, first[0], fixed);
                if (!filter)
                  throw new NotCheckable(`no meaning for the filter ${key} (contract/conformance/inputs.ts)`);
                const candidates = ctx.world.made(prefix);
                // An object it should list, while another object this run made is one it should not.
                const target = candidates.find((object) => {
                  const value = fixed ?? filter.value(object);
                  return (
                    value !== undefined &&
                    (fixed === undefined || object.type === fixed) &&
                    filter.matches(object, value) &&
                    candidates.some((other) => !filter.matches(other, value))
                  );
                });
                if (!target)
                  throw new NotCheckable(
                    `this run made nothing that ${key}=${fixed ?? '…'} should both list and leave out`,
                  );
                const value = fixed ?? filter.value(target);
                const exchange = await page(ctx, operation, { [key]: value, limit: 100 });
                if (!verdict.success(exchange)) return;
                const items = listed(exchange);
                const wrong = items.filter((item) => !filter.matches(item, value));
                verdict.that(
                  wrong.length === 0,
                  `${key}=${String(value)} also listed ` +
                    `${ids(wrong).slice(0, 3).join(', ')}${wrong.length > 3 ? '…' : ''}`,
                  exchange,
                );
                verdict.that(
                  ids(items).includes(target.id),
                  `${key}=${String(value)} did not list ${target.id}`,
                  exchange,
                );
              },
            }),
          );
        }),
    );
}

function pagingRows(document: Document): Assumption[] {
  return singleRequest()
    .filter(([, operation]) => isList(document, operation))
    .flatMap(([name, operation]) => [
      ...PAGING.filter((key) => inputKeys(operation).includes(key)).map(
        (key): Assumption => ({
          id: `${name}.paging.${key}`,
          kind: 'paging',
          says:
            key === 'starting_after'
              ? `${template(operation)}?starting_after=<id> gives the items just older than it`
              : `${template(operation)}?ending_before=<id> gives the items just newer than it`,
          decidedIn: key === 'ending_before' ? 'catching-up-on-events' : 'lists-and-paging',
          ifDiffers:
            key === 'ending_before'
              ? 'catching up repeats or misses events'
              : 'listAll repeats or misses items (pickers, Return All, Find Payment)',
          async run(ctx, verdict) {
            // Three items, so neither direction's answer is also what ignoring the cursor would give (the newest).
            const three = await page(ctx, operation, { limit: 3 });
            if (!verdict.success(three)) return;
            const [newest, middle, oldest] = listed(three);
            if (!oldest)
              throw new NotCheckable(
                `${template(operation)} lists fewer than three items, so there is no page to turn`,
              );
            const [cursor, expected] = key === 'starting_after' ? [newest, middle] : [oldest, middle];
            const turned = await page(ctx, operation, { limit: 1, [key]: cursor.id });
            if (!verdict.success(turned)) return;
            verdict.that(
              JSON.stringify(ids(listed(turned))) === JSON.stringify([expected.id]),
              `${key}=${cursor.id} gave ${JSON.stringify(ids(listed(turned)))}, not [${expected.id}]`,
              turned,
            );
          },
        }),
      ),
      {
        id: `${name}.paging.has_more`,
        kind: 'paging',
        says: `${template(operation)} says has_more: true while items remain and false on the last page`,
        dependsOn: inputKeys(operation).includes('starting_after') ? [`${name}.paging.starting_after`] : [],
        decidedIn: 'lists-and-paging',
        ifDiffers: 'listAll stops early or never stops (it also stops at an empty page)',
        async run(ctx, verdict) {
          const one = await page(ctx, operation, { limit: 1 });
          if (!verdict.success(one)) return;
          // A has_more of another type is its field row's difference; this row is about its value.
          if (typeof body(one).has_more !== 'boolean')
            throw new NotCheckable('has_more is not a boolean (see its field row)');
          if (listed(one).length)
            verdict.that(
              body(one).has_more === true,
              'has_more is not true on a first page of one item with more made',
              one,
            );
          let after = ids(listed(one)).at(-1);
          for (let pages = 0; pages < 30 && after; pages += 1) {
            const next = await page(ctx, operation, { limit: 100, starting_after: after });
            if (!verdict.success(next)) return;
            const items = listed(next);
            if (body(next).has_more !== true) return;
            if (!verdict.that(items.length > 0, 'has_more is true on a page with nothing after it', next)) return;
            after = ids(items).at(-1);
          }
          if (after) throw new NotCheckable('the list goes on past 30 pages of 100');
        },
      },
    ]);
}

function idempotencyRows(): Assumption[] {
  return singleRequest()
    .filter(([, operation]) => inputKeys(operation).includes('idempotency_key'))
    .flatMap(([name, operation]) => {
      const input = (ctx: Context, key: string, fresh: Record<string, Thing>) =>
        need(ctx.world.input(operation, { idempotency_key: key }, { fresh }));
      const targets = async (ctx: Context) => {
        const fresh: Record<string, Thing> = {};
        for (const key of pathKeys(operation))
          fresh[key] = need(await ctx.world.fresh(key, USABLE_TARGETS[name]), `needs a new ${key}: `);
        return fresh;
      };
      const rows: Assumption[] = [
        {
          id: `${name}.idempotency.replay`,
          kind: 'idempotency',
          says: `${name} sent again with the same Idempotency-Key and body answers the first answer (one object)`,
          decidedIn: 'idempotency',
          ifDiffers: `a retried ${name} (n8n retries with a derived key) makes a second one`,
          async run(ctx, verdict) {
            const key = `conformance-${ctx.tag}-${name}-replay`;
            const fresh = await targets(ctx);
            const sent = input(ctx, key, fresh);
            const first = await ctx.world.send(operation, sent);
            if (first.answer.status >= 300) throw new NotCheckable(`the first ${name} answered ${first.answer.status}`);
            const again = await ctx.world.send(operation, sent);
            verdict.that(
              again.answer.status === first.answer.status && body(again)?.id === body(first)?.id,
              `the repeat answered ${again.answer.status} ${String(body(again)?.id ?? body(again)?.code)}, ` +
                `not ${first.answer.status} ${body(first)?.id}`,
              again,
            );
          },
        },
        {
          id: `${name}.idempotency.reuse`,
          kind: 'idempotency',
          says: `${name} with a used Idempotency-Key and another body answers 422 idempotency_key_reused`,
          decidedIn: 'idempotency',
          ifDiffers: 'a mapped key reused by mistake silently returns another object, or makes one',
          async run(ctx, verdict) {
            const key = `conformance-${ctx.tag}-${name}-reuse`;
            const fresh = await targets(ctx);
            const first = await ctx.world.send(operation, input(ctx, key, fresh));
            if (first.answer.status >= 300) throw new NotCheckable(`the first ${name} answered ${first.answer.status}`);
            verdict.answer(await ctx.world.send(operation, input(ctx, key, fresh)), 422, 'idempotency_key_reused');
          },
        },
      ];
      // "Another body" needs a body: Void Invoice sends none, so a reused key can only be the same request.
      return operation.wireKeys.length ? rows : rows.slice(0, 1);
    });
}

function fieldRows(document: Document, walker: FieldWalker): Assumption[] {
  const roots: Array<[string, unknown]> = [];
  for (const [name, operation] of singleRequest()) {
    const schema = walker.answerSchema(operation.method, template(operation), operation.status);
    if (schema) roots.push([name, schema[0]]);
  }
  for (const type of EVENT_TYPES) {
    const schema = walker.webhookSchema(type);
    if (schema) roots.push([type, schema[0]]);
  }
  const problem = document.components.schemas.Problem
    ? [['Problem', { $ref: '#/components/schemas/Problem' }] as [string, unknown]]
    : [];
  const seen = new Set<string>();
  const rows = [...roots, ...problem].flatMap(([named, schema]) => walker.rows(schema as Thing, named, seen));
  return [...new Set(rows)].map((row) => ({
    id: `field ${row}`,
    kind: 'field' as const,
    says: `${row} is in every answer and event that carries its parent, as docs/openapi.json says`,
    decidedIn: row.startsWith('Problem')
      ? 'body-shapes-and-codes'
      : /Event\b|Event\./.test(row)
        ? 'names-envelope-and-payloads'
        : 'reading-answers',
    ifDiffers:
      'the connectors read this field: a step or trigger reports unexpected_response, or outputs a wrong value',
    async run(ctx, verdict) {
      const found = fieldFindings(ctx).get(row);
      if (!found || found.parents === 0)
        throw new NotCheckable(`no answer this run saw carried ${row.replace(/\.[^.]+$/, '')}`);
      for (const difference of found.problems.slice(0, 3)) verdict.differs(difference.what, difference.exchange);
    },
  }));
}

interface Findings {
  parents: number;
  problems: Array<{ what: string; exchange?: Exchange }>;
}

/** Every field row's findings over every answer and delivery of the run, walked once. */
function fieldFindings(ctx: Context): Map<string, Findings> {
  const cache = ctx as Context & { findings?: Map<string, Findings>; findingsAt?: number };
  if (cache.findings && cache.findingsAt === ctx.client.exchanges.length + ctx.receiver.requests.length)
    return cache.findings;
  const findings = new Map<string, Findings>();
  const visit = (exchange: Exchange | undefined) => (place: import('./fields').Place, schema: Thing) => {
    const entry = findings.get(place.row) ?? { parents: 0, problems: [] };
    findings.set(place.row, entry);
    entry.parents += 1;
    const value = place.parent[place.key];
    if (value === undefined) {
      if (place.required) entry.problems.push({ what: `${place.row} is missing`, exchange });
      return;
    }
    const wrong = ctx.walker.problem(schema, place.pointer, value);
    if (wrong) entry.problems.push({ what: `${place.row} ${wrong}`, exchange });
  };
  for (const exchange of ctx.client.exchanges) {
    const path = new URL(exchange.request.url).pathname;
    const template = ctx.checker.templateOf(path);
    const found = template && ctx.walker.answerSchema(exchange.request.method, template, exchange.answer.status);
    if (found && typeof exchange.answer.body === 'object') {
      ctx.walker.walk(
        found[0],
        found[1],
        exchange.answer.body,
        ctx.walker.operationId(exchange.request.method, template),
        visit(exchange),
      );
    }
  }
  for (const request of ctx.receiver.requests) {
    let event: Thing;
    try {
      event = JSON.parse(request.rawBody);
    } catch {
      continue;
    }
    const found = ctx.walker.webhookSchema(String(event?.type));
    if (found) ctx.walker.walk(found[0], found[1], event, String(event.type), visit(undefined));
  }
  cache.findings = findings;
  cache.findingsAt = ctx.client.exchanges.length + ctx.receiver.requests.length;
  return findings;
}

/** The rules every request shares: the key, the problem bodies, the rate limit. */
function protocolRows(): Assumption[] {
  const getWithId = () =>
    singleRequest().find(([, operation]) => operation.method === 'GET' && pathKeys(operation).length === 1)!;
  const create = () =>
    singleRequest().find(
      ([, operation]) =>
        operation.method === 'POST' && pathKeys(operation).length === 0 && inputKeys(operation).includes('email'),
    );
  return [
    {
      id: 'auth.key-mode',
      kind: 'protocol',
      says: "keys start ik_test_ or ik_live_, and the account's livemode matches the prefix",
      decidedIn: '5-authentication',
      ifDiffers:
        'the connection label shows the wrong mode and secrets in messages go unredacted (service.ts, errors.ts)',
      async run(ctx, verdict) {
        const live = ctx.key.startsWith(KEY_PREFIX.live);
        verdict.that(live || ctx.key.startsWith(KEY_PREFIX.test), 'the key starts with neither prefix');
        const account = await ctx.world.send(operations.getAccount, {});
        if (account.answer.status < 300)
          verdict.that(
            body(account).livemode === live,
            `livemode is ${body(account).livemode} for a ${live ? 'live' : 'test'} key`,
            account,
          );
      },
    },
    {
      id: 'auth.refused',
      kind: 'protocol',
      says: 'no key, or an unknown one, answers 401 invalid_api_key (problem+json)',
      decidedIn: 'body-shapes-and-codes',
      ifDiffers: 'a revoked key is not reported as "reconnect" (Zapier\'s ExpiredAuthError, n8n\'s credential test)',
      async run(ctx, verdict) {
        verdict.answer(await ctx.client.call('GET', '/v1/account', { key: null }), 401, 'invalid_api_key');
        verdict.answer(
          await ctx.client.call('GET', '/v1/account', { key: `${KEY_PREFIX.test}conformance0000000000000000` }),
          401,
          'invalid_api_key',
        );
      },
    },
    {
      id: 'errors.not-found',
      kind: 'protocol',
      says: 'an unknown id answers 404 not_found as an RFC 9457 problem',
      decidedIn: 'body-shapes-and-codes',
      ifDiffers: 'Find Invoice reports an error instead of "not found"; a removed webhook is not counted as removed',
      async run(ctx, verdict) {
        const [, operation] = getWithId();
        const [key] = pathKeys(operation);
        verdict.answer(
          await ctx.world.send(operation, { [key]: `${prefixOf(key) ?? ''}conformance0missing` }),
          404,
          'not_found',
        );
      },
    },
    {
      id: 'errors.validation',
      kind: 'protocol',
      says:
        'an invalid body answers 422 validation_failed with errors[] naming each field by its path ' +
        '(items[0].amount)',
      decidedIn: 'body-shapes-and-codes',
      ifDiffers: "the service's refusals are shown without the field they are about",
      async run(ctx, verdict) {
        const refused = await ctx.client.call('POST', '/v1/invoices', {
          body: {
            client_email: 'not-an-email',
            currency: 'INR',
            items: [{ description: 'x', amount: '15.00' }],
            auto_send_whatsapp: false,
          },
        });
        if (!verdict.answer(refused, 422, 'validation_failed')) return;
        const params = ((body(refused).errors ?? []) as Array<{ param?: string }>).map((error) => error.param).sort();
        verdict.that(
          JSON.stringify(params) === JSON.stringify(['client_email', 'items[0].amount']),
          `errors[] names ${JSON.stringify(params)}, not client_email and items[0].amount`,
          refused,
        );
      },
    },
    {
      id: 'errors.email-taken',
      kind: 'protocol',
      says: 'a second client with the same e-mail answers 409 client_exists',
      decidedIn: 'client-sync-create-or-update-by-e-mail-find-by-e-mail-or-number',
      ifDiffers: 'Create or Update Client could make two clients for one e-mail when it loses a race',
      async run(ctx, verdict) {
        const [, operation] = need(create(), 'no create that takes an e-mail: ');
        const first = await ctx.world.send(operation, need(ctx.world.input(operation)));
        const email = body(first)?.email;
        if (typeof email !== 'string')
          throw new NotCheckable(`the first client answered ${first.answer.status} without its e-mail`);
        verdict.answer(
          await ctx.world.send(operation, need(ctx.world.input(operation, { email }))),
          409,
          'client_exists',
        );
      },
    },
  ];
}

const rateLimitRow: Assumption = {
  id: 'rate-limit',
  kind: 'protocol',
  says: 'over the rate limit answers 429 rate_limited with Retry-After',
  decidedIn: '8-limits',
  ifDiffers: 'Zapier and n8n cannot wait the right time; a burst of steps fails instead of pacing',
  async run(ctx, verdict) {
    // Up to five bursts of 60 at once: a slow machine or a proxy can spread one burst past the limit's second.
    let burst: Exchange[] = [];
    for (let tries = 0; tries < 5 && !burst.some((exchange) => exchange.answer.status === 429); tries += 1) {
      burst = await Promise.all(
        Array.from({ length: 60 }, () => ctx.world.send(operations.getAccount, {}, { raw: true })),
      );
    }
    const limited = burst.find((exchange) => exchange.answer.status === 429);
    if (!verdict.that(limited !== undefined, 'no 429 in five bursts of 60 requests', burst.at(-1))) return;
    verdict.answer(limited!, 429, 'rate_limited');
    verdict.that(limited!.answer.headers['retry-after'] !== undefined, 'the 429 has no Retry-After', limited);
    await new Promise((resolve) => setTimeout(resolve, 1500));
  },
};

/** Every assumption, in the order the run checks them (later rows use what earlier ones made). */
export function assumptions(document: Document, walker: FieldWalker): Assumption[] {
  return [
    ...protocolRows(),
    ...requestRows(document),
    ...idempotencyRows(),
    ...taxRows(),
    ...dueDateRows(),
    ...filterRows(document),
    ...pagingRows(document),
    ...deliveryRows(),
    catchUpRow,
    replayRow,
    retryRow,
    rateLimitRow,
    // After every list, filter and event row, which must not see what they pay and refuse; before the field rows,
    // which read their answers too. Not after the field rows: a request after that long a pause met a keep-alive
    // connection the server was closing (fetch failed), now and then.
    ...refusalRows(),
    ...pdfRows(),
    ...fieldRows(document, walker),
  ];
}
