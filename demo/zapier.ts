/**
 * The Zapier half: the BUILT app (zapier/index.js → dist/index.js, what build.zip ships) run by
 * zapier-platform-core's createAppTester, as `zapier-platform test` runs it. A throttled step is
 * retried after the delay its ThrottledError names, as Zapier's runtime does; each trigger gets a
 * receiver of its own, as each Zap gets its own hook URL.
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Bundle, ZObject, createAppTester } from 'zapier-platform-core';

import type { Client, EventType, FlatEventRecord, PresentedInvoice, PresentedPayment } from '../shared';
import { startReceiver, type ReceivedRequest, type Receiver } from '../sandbox';
import { tally, tamper, type Receipts } from './receipts';
import { zapierHookRequest } from '../test/zapier/hook-request';
import { BASE_URL_VARIABLE } from '../zapier/src/api';

type App = typeof import('../zapier/src');

/**
 * zapier-platform-core decides once, when first loaded, whether it runs under a test tool (NODE_ENV
 * test, as under `zapier-platform test`): only then does it fail a step on an invalid response instead
 * of logging it, skip reading zapier/.env, and not print a Lambda memory report after every call.
 * The app is loaded after core, in the same scope, as it imports core too.
 */
function loadUnderTest(root: string): { app: App; tester: typeof createAppTester } {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'test';
  try {
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded at run time, never bundled */
    const tester = (require('zapier-platform-core') as typeof import('zapier-platform-core')).createAppTester;
    const app = require(path.join(root, 'zapier')) as App;
    /* eslint-enable @typescript-eslint/no-require-imports */
    return { app, tester };
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
/** The REST-hook triggers (every trigger but Invoice Overdue by Days, which polls). */
type Trigger = App['triggers']['invoice_paid'];

/** Zapier's own errors carry a JSON message ({ message, code, delay }); others a plain one. */
function zapierMessage(message: string): { message: string; delay?: number } {
  try {
    const parsed = JSON.parse(message) as { message?: unknown; delay?: number };
    if (typeof parsed.message === 'string') return { message: parsed.message, delay: parsed.delay };
  } catch {
    // a plain message
  }
  return { message };
}

export class ZapierSide {
  /** Steps Zapier would have retried after a 429 (ThrottledError). */
  throttledRetries = 0;

  /** What the app logged with z.console during the last step (core echoes it to the console). */
  lastLog: string[] = [];

  private readonly app: App;

  private readonly appTester: ReturnType<typeof createAppTester>;

  private readonly hooks = new Map<
    EventType,
    { trigger: Trigger; receiver: Receiver; subscribeData: { id: string; secret: string } }
  >();

  private readonly authData: { api_key: string };

  /** The key goes in the connection; the sandbox's address in the environment variable the app reads. */
  constructor(root: string, connection: { apiKey: string; baseUrl: string }) {
    process.env[BASE_URL_VARIABLE] = connection.baseUrl;
    this.authData = { api_key: connection.apiKey };
    const { app, tester } = loadUnderTest(root);
    this.app = app;
    this.appTester = tester(app);
  }

  /** One step with the connection's authData, retried while Zapier would retry it. */
  private async step<T>(perform: (z: any, bundle: Bundle) => T | Promise<T>, bundle: Partial<Bundle> = {}): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.capturingLog(
          async () => (await this.appTester(perform, { authData: this.authData, ...bundle })) as T,
        );
      } catch (error) {
        const { name, message } = error as Error;
        if (name !== 'ThrottledError' || attempt >= 5) throw new Error(`${name}: ${zapierMessage(message).message}`);
        this.throttledRetries += 1;
        await sleep((zapierMessage(message).delay ?? 1) * 1000);
      }
    }
  }

  /** Keeps z.console's echo off the demo's output; the step's caller may show it. */
  private async capturingLog<T>(work: () => Promise<T>): Promise<T> {
    const { log, error } = console;
    this.lastLog = [];
    console.log = console.error = (...args: unknown[]) => void this.lastLog.push(args.map(String).join(' ').trim());
    try {
      return await work();
    } finally {
      Object.assign(console, { log, error });
    }
  }

  /** The connection test, then the label the Zap editor shows for it. */
  async connect(): Promise<string> {
    const account = await this.step(this.app.authentication.test);
    return await this.step(this.app.authentication.connectionLabel, { inputData: account });
  }

  /** "Find or Create Client": the search first, then Create Client or Update Client. */
  async findOrCreateClient(input: {
    email: string;
    name: string;
    city: string;
  }): Promise<{ client: Client; created: boolean }> {
    const {
      find_client: find,
      create_client: create,
      update_client: update,
    } = { ...this.app.searches, ...this.app.creates };
    const [found] = await this.step(find.operation.perform, { inputData: { email: input.email } });
    const address = { line1: '12 MG Road', city: input.city, postal_code: '411001', country: 'IN' };
    if (found) {
      return {
        client: await this.step(update.operation.perform, { inputData: { client_id: found.id, name: input.name } }),
        created: false,
      };
    }
    return {
      client: await this.step(create.operation.perform, {
        inputData: { email: input.email, name: input.name, ...address },
      }),
      created: true,
    };
  }

  /** The Client dropdown of Create Invoice as the Zap editor fills it: one page of existing clients. */
  async clientDropdown(): Promise<Array<{ id: string; label: string }>> {
    type Choices = { results: Array<{ id: string; label: string }> };
    const field = this.app.creates.create_invoice.operation.inputFields.find(
      (entry) => entry.key === 'client_email',
    ) as { choices: { perform: (z: any, bundle: Bundle) => Promise<Choices> } };
    const page = await this.step(field.choices.perform, { meta: {} as Bundle['meta'] });
    return page.results;
  }

  async createInvoice(inputData: Record<string, unknown>): Promise<PresentedInvoice> {
    return await this.step(this.app.creates.create_invoice.operation.perform, { inputData });
  }

  /** Find Payment: what an accountant holding a bank statement line runs. */
  /** Any create by its key (Send Invoice, Void Invoice, Download Invoice PDF), as a Zap step runs it. */
  async create(key: keyof App['creates'], inputData: Record<string, unknown>): Promise<Record<string, any>> {
    const perform = this.app.creates[key].operation.perform as (z: ZObject, bundle: Bundle) => Promise<object>;
    return (await this.step(perform, { inputData })) as Record<string, any>;
  }

  /** A polling trigger's perform, as Zapier polls it (Invoice Overdue by Days). */
  async poll(key: 'invoice_overdue_days', inputData: Record<string, unknown>): Promise<Array<Record<string, any>>> {
    return await this.step(this.app.triggers[key].operation.perform, { inputData });
  }

  async findPayment(inputData: { utr?: string; reference?: string }): Promise<PresentedPayment | undefined> {
    const [found] = await this.step(this.app.searches.find_payment.operation.perform, { inputData });
    return found;
  }

  /** Turns on every trigger: performSubscribe with each one's own target URL. */
  async subscribeAll(): Promise<string[]> {
    const hooks = Object.values(this.app.triggers).filter(
      (trigger): trigger is Trigger => 'performSubscribe' in trigger.operation,
    );
    for (const trigger of hooks) {
      const receiver = await startReceiver({ path: `/hooks/zapier/${trigger.key}` });
      const subscribeData = await this.step(trigger.operation.performSubscribe, { targetUrl: receiver.url });
      this.hooks.set(trigger.operation.sample.event_type, { trigger, receiver, subscribeData });
    }
    return [...this.hooks.values()].map(({ subscribeData }) => subscribeData.id);
  }

  /** Every delivery, in arrival order, fed to its trigger's perform: a record starts a Zap, [] does not. */
  async receive(): Promise<Receipts> {
    const arrivals = [...this.hooks.values()]
      .flatMap((hook) => hook.receiver.requests.map((request) => ({ hook, request })))
      .sort((a, b) => a.request.receivedAt - b.request.receivedAt);
    const judged = [];
    for (const { hook, request } of arrivals) {
      const [record] = await this.perform(hook.trigger.operation.sample.event_type, request);
      const repeat = this.lastLog.some((line) => line.includes('Ignored a repeated delivery'));
      judged.push(record ? { record } : repeat ? { repeat: true as const } : { refused: true as const });
    }
    return tally(judged);
  }

  /** A delivery whose body was changed after signing: the trigger must return no record. Returns why it refused. */
  async refusalOfTampered(): Promise<string | undefined> {
    // An invoice event, since the forger raises the amount due (with shuffled deliveries
    // a client event may come first).
    const [type, original] = [...this.hooks.entries()]
      .flatMap(([key, h]) => h.receiver.requests.map((request) => [key, request] as const))
      .find(([, request]) => request.rawBody.includes('"amount_due":'))!;
    const records = await this.perform(type, original, tamper(original.rawBody));
    return records.length ? undefined : this.lastLog.join(' ');
  }

  private async perform(type: EventType, request: ReceivedRequest, body?: string): Promise<FlatEventRecord[]> {
    const { trigger, subscribeData } = this.hooks.get(type)!;
    const { rawRequest, cleanedRequest } = zapierHookRequest(request.headers, body ?? request.rawBody);
    return await this.step(trigger.operation.perform, { subscribeData, rawRequest, cleanedRequest } as Partial<Bundle>);
  }

  /** Turns the triggers off again; returns how many webhooks were deleted. */
  async unsubscribeAll(): Promise<number> {
    let deleted = 0;
    for (const { trigger, subscribeData } of this.hooks.values()) {
      const result = await this.step(trigger.operation.performUnsubscribe, { subscribeData });
      if (result.deleted) deleted += 1;
    }
    return deleted;
  }

  async close(): Promise<void> {
    await Promise.all([...this.hooks.values()].map(({ receiver }) => receiver.close()));
  }
}
