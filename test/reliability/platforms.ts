/**
 * What suites 3–6 share: one in-memory sandbox with the built n8n package beside it (test/n8n/support),
 * the Zapier app through createAppTester on the same sandbox (the app sets skipHttpPatch, so the
 * sandbox's webhook POSTs leave intact from this process), and the sandbox's state read through its API.
 */
import { createAppTester } from 'zapier-platform-core';

import { EVENT_CATALOGUE, EVENT_TYPES, operations, type EventType } from '../../shared';
import type { SandboxOptions } from '../../sandbox';
import App from '../../zapier/src';
import { TriggerHost } from '../n8n/harness';
import { setUp, type Setup } from '../n8n/support';
import { zapierAuth } from '../zapier/connection';

export const appTester = createAppTester(App);

/** The Zapier trigger for each event type. */
export const zapierTriggers = Object.fromEntries(
  EVENT_TYPES.map((type) => [type, App.triggers[EVENT_CATALOGUE[type].key]]),
) as Record<EventType, (typeof App.triggers)['invoice_paid']>;

export interface Subscription {
  id: string;
  secret: string;
}

export interface Platforms {
  s: Setup;
  /** Zapier's connection to the same sandbox. */
  authData: { api_key: string };
  /** An n8n workflow whose trigger listens for `events`, its front door on 127.0.0.1. */
  n8nTrigger(events?: readonly string[]): Promise<TriggerHost>;
  subscribeZap(type: EventType, targetUrl: string): Promise<Subscription>;
  unsubscribeZap(type: EventType, subscription: Subscription): Promise<{ deleted: boolean }>;
  webhooks(): Promise<Array<{ id: string; url: string; events: string[] }>>;
  newInvoice(email?: string): Promise<{ id: string; number: string; client_id: string }>;
  close(): Promise<void>;
}

export async function startPlatforms(options: SandboxOptions = {}): Promise<Platforms> {
  const s = await setUp(options);
  const hosts: TriggerHost[] = [];
  const authData = zapierAuth(s.sandbox.testKey, s.sandbox.baseUrl);
  return {
    s,
    authData,
    async n8nTrigger(events = EVENT_TYPES) {
      const host = new TriggerHost(s.pkg, {
        node: 'invoicingApiTrigger',
        parameters: { events: [...events] },
        credentials: s.credentials,
      });
      await host.listen();
      hosts.push(host);
      return host;
    },
    subscribeZap: (type, targetUrl) =>
      appTester(zapierTriggers[type].operation.performSubscribe, { authData, targetUrl }),
    unsubscribeZap: (type, subscription) =>
      appTester(zapierTriggers[type].operation.performUnsubscribe, {
        authData,
        subscribeData: subscription,
      }) as Promise<{ deleted: boolean }>,
    async webhooks() {
      // Every page, so a leak past the first hundred is still counted.
      const all: Array<{ id: string; url: string; events: string[] }> = [];
      for (let page: any; !page || page.has_more; ) {
        const after = all.at(-1)?.id;
        page = ok(await s.api((c) => operations.listWebhooks.request(c, { limit: 100, starting_after: after })));
        all.push(...page.data);
      }
      return all;
    },
    newInvoice: async (email = 'payer@example.com') =>
      ok(
        await s.api((c) =>
          operations.createInvoice.request(c, {
            client_email: email,
            currency: 'INR',
            items: [{ description: 'Design', amount: 150000 }],
            auto_send_whatsapp: false,
          }),
        ),
      ),
    async close() {
      for (const host of hosts) await host.close();
      await s.close();
    },
  };
}

/** The body of a 2xx answer, or an error naming the status (so a setup step cannot fail silently). */
export function ok(response: { status: number; body: any }): any {
  if (response.status < 200 || response.status >= 300)
    throw new Error(`sandbox answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Milliseconds since `started`, for the results file. */
export const since = (started: number) => Date.now() - started;
