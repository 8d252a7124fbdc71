/**
 * The Zapier end-to-end files' common ground: a sandbox process and a local receiver for the file's
 * tests, the app's connection to that sandbox, and a way to send requests the app has no operation for.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { startReceiver, type Receiver } from '../../sandbox/webhookReceiver/receiver';
import { expectOk, type Connection, type HttpRequest } from '../../shared';
import { call } from '../../zapier/src/api';
import { zapierAuth } from './connection';
import { startSandboxProcess, type SandboxProcess } from './sandboxProcess';

export interface SandboxSession {
  sandbox: SandboxProcess;
  receiver: Receiver;
  authData: { api_key: string };
}

/**
 * Starts both before the file's tests and stops them after; the fields are set once beforeAll ran. `args` go to
 * the sandbox's command line (a suite about mappings, not limits, may raise `--rate-limit`).
 */
export function sandboxSession(args: string[] = []): SandboxSession {
  const session = {} as SandboxSession;
  beforeAll(async () => {
    session.sandbox = await startSandboxProcess(['--time-scale', '0.001', ...args]);
    session.receiver = await startReceiver();
    session.authData = zapierAuth(session.sandbox.testKey, session.sandbox.baseUrl);
  });
  afterAll(async () => {
    await session.receiver?.close();
    await session.sandbox?.stop();
  });
  return session;
}

/** A request the app has no operation for (test helpers, listing webhooks), sent with the app's own send. */
export const direct = (build: (connection: Connection) => HttpRequest) => (z: ZObject, bundle: Bundle) =>
  call(
    z,
    bundle,
    async (connection, send) => JSON.parse(String(expectOk(await send(build(connection))))) as Record<string, any>,
  );
