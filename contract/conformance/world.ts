/**
 * What the run sends, and what it keeps of the answers: every request is built by the operation's own
 * `request` (shared/operations/define.ts), exactly as a connector sends it, from values chosen by input key
 * (inputs.ts); every object an answer carries is kept by its id, so later requests and filters can use it.
 */
import { ID_PREFIX, operations, shapeOf, type Operation } from '../../shared';
import type { Exchange } from './http';
import { VALUES, type Thing, type ValueContext } from './inputs';
import type { FieldWalker } from './fields';
import type { Client } from './http';

/** What the world needs of the run (the run's context has it). */
interface WorldContext {
  tag: string;
  key: string;
  client: Client;
  receiverUrl: string;
  walker: FieldWalker;
  apiVersion: string;
  /** The subscriptions the run made, removed at its end. */
  webhooks: Set<string>;
  progress(line: string): void;
}

export type OperationName = keyof typeof operations;

/** The operations that are one request each (the compound ones are made of these). */
export const singleRequest = () =>
  (Object.entries(operations) as Array<[OperationName, unknown]>).filter(
    ([, operation]) => typeof operation === 'object' && operation !== null && 'method' in operation,
  ) as Array<[OperationName, Operation]>;

export const pathKeys = (operation: Operation) => [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
export const inputKeys = (operation: Operation) => Object.keys(shapeOf(operation.input));
export const isRequired = (operation: Operation, key: string) => !shapeOf(operation.input)[key].isOptional();
export const hasBody = (operation: Operation) => operation.method === 'POST' || operation.method === 'PATCH';
/** A request that changes the object its path names gets a fresh one, so what the run checks later is untouched. */
export const changesTarget = (operation: Operation) => operation.method !== 'GET' && pathKeys(operation).length > 0;

/** The id prefix a path key names (`invoice_id` → `inv_`). */
export const prefixOf = (key: string) => (ID_PREFIX as Record<string, string>)[key.replace(/_id$/, '')];

export class World {
  /** Objects seen in answers, by id: the latest version of each. */
  readonly objects = new Map<string, Thing>();
  /** Each single-request operation's request as sent (or why it could not be). */
  readonly requests = new Map<string, Exchange | string>();
  /** One subscription per event type, as each trigger subscribes to its own. */
  readonly subscriptions = new Map<string, { id: string; secret: string; path: string }>();
  /** Ids this run made, so listings of a shared account can be narrowed to them. */
  readonly mine = new Set<string>();
  /** Event ids in the service's order, oldest first, as a listing gave them; and that order when recover was built. */
  private order: string[] = [];
  recoverable: string[] = [];
  private counter = 0;

  constructor(private readonly ctx: WorldContext) {}

  /** Objects this run made (or that hold what it made), oldest first, whose id has the prefix. */
  made(prefix: string): Thing[] {
    if (prefix === ID_PREFIX.event) return this.events();
    return [...this.objects.values()].filter(
      (object) => String(object.id).startsWith(prefix) && this.mine.has(object.id),
    );
  }

  /** Events about what this run made, oldest first as far as the run has seen them. */
  events(): Thing[] {
    return [...this.objects.values()].filter(
      (object) =>
        String(object.id).startsWith(ID_PREFIX.event) &&
        Object.values((object.data ?? {}) as Record<string, Thing>).some((inner) => this.mine.has(inner?.id)),
    );
  }

  /** Lists the newest events (once, or again with `refresh`) and keeps their order. */
  async eventOrder(refresh = false): Promise<string[]> {
    if (this.order.length && !refresh) return this.order;
    const input = this.input(operations.listEvents, { limit: 100 });
    if (typeof input === 'string') return this.order;
    const exchange = await this.send(operations.listEvents, input);
    const data = (exchange.answer.body as Thing | undefined)?.data;
    if (Array.isArray(data)) this.order = data.map((event: Thing) => String(event?.id)).reverse();
    return this.order;
  }

  /** The oldest event about what this run made. */
  firstEvent(): string | undefined {
    const mine = new Set(this.events().map((event) => event.id));
    return this.order.find((id) => mine.has(id));
  }

  keep(exchange: Exchange, own: boolean): void {
    const scan = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(scan);
      else if (value && typeof value === 'object') {
        const object = value as Thing;
        if (typeof object.id === 'string') {
          this.objects.set(object.id, object);
          if (own) this.mine.add(object.id);
        }
        Object.values(object).forEach(scan);
      }
    };
    if (exchange.answer.status < 300) scan(exchange.answer.body);
  }

  values(target?: Thing, billGstClient = false): ValueContext {
    return {
      tag: this.ctx.tag,
      next: () => (this.counter += 1),
      target,
      receiverUrl: this.ctx.receiverUrl,
      firstEvent: this.firstEvent(),
      gstClient: this.made('cli_').find((client) => client.gstin),
      billGstClient,
    };
  }

  /**
   * The input a connector would send: every required key, and for a body every optional key the run has a
   * value for; `extra` adds keys (a filter, a cursor, an idempotency key). A string says why there is none.
   */
  input(
    operation: Operation,
    extra: Thing = {},
    options: { fresh?: Record<string, Thing>; billGstClient?: boolean } = {},
  ): Thing | string {
    const input: Thing = {};
    let target: Thing | undefined;
    for (const key of pathKeys(operation)) {
      const object = options.fresh?.[key] ?? this.made(prefixOf(key) ?? '\0').at(-1);
      if (!object)
        return `needs ${key}: no object of that kind made by this run${prefixOf(key) ? '' : ' (no id prefix for it)'}`;
      input[key] = object.id;
      target = object;
    }
    const values = this.values(target, options.billGstClient);
    for (const key of inputKeys(operation)) {
      if (key in input || key === 'idempotency_key') continue;
      if (!hasBody(operation) && !isRequired(operation, key)) continue;
      const value = VALUES[key]?.(values);
      if (value !== undefined) input[key] = value;
      else if (isRequired(operation, key))
        return `needs ${key}: the run has no value for it (contract/conformance/inputs.ts)`;
    }
    Object.assign(input, extra);
    try {
      operation.validate(input);
    } catch (error) {
      return `the run's own input is refused by the core: ${(error as Error).message}`;
    }
    return input;
  }

  /** Sends the operation's request for an input; keeps what the answer carries. */
  async send(operation: Operation, input: Thing, options: { raw?: boolean; own?: boolean } = {}): Promise<Exchange> {
    const request = operation.request({ apiKey: this.ctx.key, baseUrl: this.ctx.client.baseUrl }, input as never);
    const exchange = await this.ctx.client.send(request, options);
    this.keep(exchange, options.own ?? operation.method !== 'GET');
    if (operation === operations.createWebhook) this.noteWebhook(exchange);
    return exchange;
  }

  /**
   * Every subscription the run makes is removed at the end, whatever else happens: noted here, where every
   * request passes, since rows make them too (their request and idempotency rows, a fresh one for Get Webhook).
   */
  private noteWebhook(exchange: Exchange): void {
    const id = (exchange.answer.body as Thing | undefined)?.id;
    if (exchange.answer.status < 300 && typeof id === 'string' && !this.ctx.webhooks.has(id)) {
      this.ctx.webhooks.add(id);
      this.ctx.progress(`registered webhook ${id} (removed at the end of the run)`);
    }
  }

  /**
   * A new object of the kind a path key names, made by the create operation that answers that kind: one of its
   * own (`POST /invoices`), or else one under another object made fresh first (a payment, `POST
   * /invoices/{invoice_id}/payments`, on a new invoice, for a refund's row).
   */
  async fresh(key: string, usable: (made: Thing) => boolean = () => true): Promise<Thing | undefined> {
    // Invoices take turns between clients (inputs.ts): a second try is the other kind, a third forces a B2B one.
    for (let tries = 0; tries < 2; tries += 1) {
      const made = await this.freshOnce(key);
      if (!made || usable(made)) return made;
    }
    // The other kind: an invoice to the client with a GSTIN (a B2B one, which an e-invoicing account reports).
    const other = await this.freshOnce(key, true);
    return other && usable(other) ? other : undefined;
  }

  private async freshOnce(key: string, billGstClient = false): Promise<Thing | undefined> {
    const prefix = prefixOf(key);
    const plural = `/${key.replace(/_id$/, '')}s`;
    const creates = singleRequest().filter(
      ([, operation]) =>
        operation.method === 'POST' &&
        this.ctx.walker.answerSchema('POST', `/${this.ctx.apiVersion}${operation.path}`, operation.status),
    );
    const create =
      creates.find(([, operation]) => pathKeys(operation).length === 0 && operation.path.startsWith(plural)) ??
      creates.find(([, operation]) => pathKeys(operation).length === 1 && operation.path.endsWith(plural));
    if (!prefix || !create) return undefined;
    const under: Record<string, Thing> = {};
    for (const inner of pathKeys(create[1])) {
      const made = inner === key ? undefined : await this.freshOnce(inner);
      if (!made) return undefined;
      under[inner] = made;
    }
    const input = this.input(create[1], {}, { fresh: under, billGstClient });
    if (typeof input === 'string') return undefined;
    const exchange = await this.send(create[1], input);
    const body = exchange.answer.body as Thing | undefined;
    return exchange.answer.status < 300 && typeof body?.id === 'string' && body.id.startsWith(prefix)
      ? body
      : undefined;
  }
}
