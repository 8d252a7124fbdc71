/**
 * The Zapier app run the way zapier-platform-core's Lambda handler runs it (createApp's middleware chain,
 * a real `z`, the app's request middleware, core's logger and its secret scrubbing), with the app
 * compiled once instead of on every call: createAppTester recompiles the whole app definition per call
 * (9 ms), which 30,000 generated inputs cannot afford. bad-input.test.ts checks both give the same answers.
 */
import createApp from 'zapier-platform-core/src/create-app';
import createInput from 'zapier-platform-core/src/tools/create-input';
import createLogger from 'zapier-platform-core/src/tools/create-logger';
import createRpcClient from 'zapier-platform-core/src/tools/create-rpc-client';
import resolveMethodPath from 'zapier-platform-core/src/tools/resolve-method-path';
import { prepareApp } from 'zapier-platform-core/src/tools/schema';

import App from '../../../zapier/src';
import type { SecretScanner } from './secrets';

export { App };

export interface ZapierError {
  name: string;
  message: string;
  code?: string;
  status?: number;
  delay?: number;
}
export type Outcome<T = any> = { ok: true; result: T } | { ok: false; error: ZapierError };

/** What a Zap builder reads from a Zapier error: its JSON message when it has one. */
export function readError(error: unknown): ZapierError {
  const { name, message } = error as Error;
  try {
    const parsed = JSON.parse(message) as Omit<ZapierError, 'name'>;
    return { name, message: parsed.message, code: parsed.code, status: parsed.status, delay: parsed.delay };
  } catch {
    return { name, message };
  }
}

export interface ZapierRuntime {
  /**
   * `storage`: the result is what Zapier keeps for the app (performSubscribe's becomes bundle.subscribeData,
   * which must hold the webhook secret), not something shown, so the scanner does not get it.
   */
  invoke<T = any>(operation: unknown, bundle: object, options?: { storage?: boolean }): Promise<Outcome<T>>;
  /** z.cache as Zapier keeps it between invocations of this app (core's own test stand-in). */
  zcache: Record<string, unknown>;
}

/** Every log line core would ship (after its scrubbing) and every result and error go to `scanner`. */
export function zapierRuntime(scanner?: SecretScanner): ZapierRuntime {
  const app = createApp(App);
  const compiled = prepareApp(App);
  const zcache: Record<string, unknown> = {};
  const methods = new Map<unknown, string>();
  return {
    zcache,
    async invoke(operation, bundle, options = {}) {
      let method = methods.get(operation);
      if (!method) methods.set(operation, (method = resolveMethodPath(App, operation)));
      const event = {
        command: 'execute',
        method,
        bundle,
        zcacheTestObj: zcache,
        customLogger: (message: string, data: object) => scanner?.record('zapier log', { message, data }),
      };
      const logBuffer: unknown[] = [];
      const logger = createLogger(event, { logBuffer });
      const input = createInput(compiled, event, logger, logBuffer, createRpcClient(event));
      try {
        const { results } = await app(input);
        if (!options.storage) scanner?.record('zapier output', results);
        return { ok: true, result: results as any };
      } catch (error) {
        // As the Lambda handler does, so the scan sees what Zapier would log for a failed step.
        await logger(`Unhandled error: ${String(error)}\n${(error as Error)?.stack ?? ''}`, {
          err: error,
          log_type: 'error',
        });
        scanner?.record('zapier error', error);
        return { ok: false, error: readError(error) };
      } finally {
        await logger.end();
      }
    },
  };
}

export { zapierHookRequest } from '../../zapier/hook-request';
