/**
 * One conformance run: a receiver on this machine, the checks in order, and every webhook the run registered
 * removed at the end: also after a failed check, and (through `close`, which the CLI calls on Ctrl-C) when
 * interrupted.
 */
import { randomBytes } from 'node:crypto';
import { startReceiver, type Receiver } from '../../sandbox/webhookReceiver/receiver';
import { answerChecker } from '../answers';
import { openApiDocument } from '../openapi';
import { SERVICE } from '../../shared';
import { assumptions, type Assumption, type Context } from './checks';
import { subscribeEachType } from './events';
import { fieldWalker, type Document } from './fields';
import { Client } from './http';
import { NotCheckable, Verdict, type Outcome } from './verdict';
import { World } from './world';

export interface RunOptions {
  baseUrl: string;
  key: string;
  /** Where the deployment should deliver, when it cannot reach this machine's loopback receiver directly. */
  receiverUrl?: string;
  deliveryWaitMs?: number;
  retryWaitMs?: number;
  progress?: (line: string) => void;
}

export interface Result {
  assumption: Assumption;
  outcome: Outcome;
}

export interface Session {
  ctx: Context;
  run(): Promise<Result[]>;
  /** Removes every webhook this run registered and still holds, and stops the receiver; safe to call twice. */
  close(): Promise<void>;
}

export async function openSession(options: RunOptions): Promise<Session> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const receiver: Receiver = await startReceiver({ path: '/conformance' });
  const document = openApiDocument() as unknown as Document;
  const walker = fieldWalker(document);
  const ctx = {
    client: new Client(baseUrl, options.key),
    key: options.key,
    tag: `${new Date().toISOString().slice(0, 16).replace(/\D/g, '')}-${randomBytes(3).toString('hex')}`,
    checker: answerChecker(document as never),
    walker,
    document,
    apiVersion: SERVICE.apiVersion,
    receiver,
    receiverUrl: options.receiverUrl ?? receiver.url,
    deliveryWaitMs: options.deliveryWaitMs ?? 15_000,
    retryWaitMs: options.retryWaitMs ?? 30_000,
    webhooks: new Set(),
    progress: options.progress ?? (() => undefined),
  } as Omit<Context, 'world'> as Context;
  ctx.world = new World(ctx);
  let closing: Promise<void> | undefined;
  const close = () => {
    ctx.closed = true;
    closing ??= (async () => {
      await ctx.inFlight?.catch(() => undefined);
      for (const id of [...ctx.webhooks]) {
        const removed = await ctx.client.call('DELETE', `/v1/webhooks/${id}`).catch(() => undefined);
        if (removed && (removed.answer.status < 300 || removed.answer.status === 404)) {
          ctx.webhooks.delete(id);
          ctx.progress(`removed webhook ${id}`);
        } else {
          ctx.progress(`could not remove webhook ${id} (${removed?.answer.status ?? 'no answer'}); remove it by hand`);
        }
      }
      await receiver.close();
    })();
    return closing;
  };
  return {
    ctx,
    close,
    async run() {
      const results: Result[] = [];
      try {
        await subscribeEachType(ctx);
        // Issue 41: the e-invoice events happen only on an account that e-invoices; a sandbox's own setting (a real
        // deployment answers 404 and its account's setting stands).
        await ctx.client
          .call('PATCH', '/v1/test_helpers/account', {
            body: { einvoicing: { enabled: true, aato_band: 'up_to_10_crore' } },
          })
          .catch(() => undefined);
        for (const assumption of assumptions(document, walker)) {
          ctx.progress(`checking ${assumption.id}`);
          const verdict = new Verdict();
          let outcome: Outcome;
          const differing = (assumption.dependsOn ?? []).filter(
            (id) => results.find((result) => result.assumption.id === id)?.outcome.state === 'differs',
          );
          if (differing.length) {
            results.push({
              assumption,
              outcome: { state: 'not checkable', why: `stands on ${differing.join(', ')}, which differs` },
            });
            continue;
          }
          try {
            await assumption.run(ctx, verdict);
            outcome = verdict.outcome();
          } catch (error) {
            outcome =
              error instanceof NotCheckable
                ? { state: 'not checkable', why: error.message }
                : {
                    state: 'differs',
                    differences: [
                      { what: `the check failed: ${failure(error)}`, exchange: ctx.client.exchanges.at(-1) },
                    ],
                  };
          }
          results.push({ assumption, outcome });
        }
      } finally {
        await close();
      }
      return results;
    },
  };
}

/** An error's message and, for a failed fetch, what failed under it (a closed connection, a refused port). */
function failure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
}
