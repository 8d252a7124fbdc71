/**
 * The demo's sandbox, in a process of its own: createAppTester patches `http.request` in the process
 * that loads it, which turns the sandbox's webhook POSTs into bare GETs (see test/zapier/sandboxProcess.ts),
 * and the service never shares a process with Zapier anyway. The parent talks to it over the IPC channel
 * `fork` opens: it gets the address once, asks for "settled" after the test helpers, and says "close".
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { parseFaultSpec, startSandbox, type Sandbox } from '../sandbox';

export interface SandboxReady {
  type: 'ready';
  baseUrl: string;
  testKey: string;
}
/** What the sandbox sent, from its own delivery log: per webhook, every attempt and the injected duplicates. */
export interface SandboxSettled {
  type: 'settled';
  byWebhook: Record<string, { attempts: number; duplicates: number }>;
}
export type SandboxRequest = { type: 'settle' } | { type: 'close' };

/** settled() covers what is due now; shuffled batches and retries wait a little first, so wait for those too. */
async function drained(sandbox: Sandbox): Promise<void> {
  for (;;) {
    await sandbox.settled();
    if (!sandbox.data.deliveries.findOne({ state: 'pending' })) return;
    await sleep(20);
  }
}

async function main(): Promise<void> {
  const faults = process.env.DEMO_FAULTS ? parseFaultSpec(process.env.DEMO_FAULTS) : {};
  const seed = process.env.DEMO_SEED ? Number(process.env.DEMO_SEED) : undefined;
  // Retry waits are scaled down so a retried delivery lands within the demo, not minutes later.
  const sandbox = await startSandbox({ port: 0, timeScale: 0.001, faults, seed, rateLimitPerSecond: 1000 });
  const send = (message: SandboxReady | SandboxSettled) => process.send?.(message);
  process.on('message', async (message: SandboxRequest) => {
    if (message.type === 'settle') {
      await drained(sandbox);
      const byWebhook: SandboxSettled['byWebhook'] = {};
      for (const attempt of sandbox.data.attempts.list({}, 10_000)?.data ?? []) {
        const counts = (byWebhook[attempt.webhook_id] ??= { attempts: 0, duplicates: 0 });
        counts.attempts += 1;
        if (attempt.duplicate) counts.duplicates += 1;
      }
      send({ type: 'settled', byWebhook });
    } else if (message.type === 'close') {
      await sandbox.close();
      process.disconnect();
    }
  });
  process.on('disconnect', () => void sandbox.close());
  send({ type: 'ready', baseUrl: sandbox.baseUrl, testKey: sandbox.testKey });
}

void main();
