/** The parent's side of demo/sandboxProcess.ts: fork it, wait for its address, ask it to settle, stop it. */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import type { SandboxReady, SandboxRequest, SandboxSettled } from './sandboxProcess';

export interface DemoSandbox {
  baseUrl: string;
  testKey: string;
  /** Waits until every delivery due has been made; returns the sandbox's own log of them per webhook. */
  settled(): Promise<SandboxSettled['byWebhook']>;
  stop(): Promise<void>;
}

export async function startSandboxProcess(options: { faults?: string; seed?: string }): Promise<DemoSandbox> {
  // Bundled beside the demo (demo/build.mjs), so the built demo finds it next to itself.
  const child: ChildProcess = fork(path.join(__dirname, 'sandbox.js'), [], {
    env: { ...process.env, DEMO_FAULTS: options.faults ?? '', DEMO_SEED: options.seed ?? '' },
    execArgv: ['--disable-warning=ExperimentalWarning'],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string }) => {
        if (message.type !== type) return;
        child.off('exit', onExit);
        child.off('message', onMessage);
        resolve(message as T);
      };
      // Its first line of stderr says why; the stack under it is for DEMO_DEBUG, not for the demo's output.
      const onExit = (code: number | null) =>
        reject(
          new Error(`the sandbox process stopped (exit ${code})${stderr ? `: ${stderr.trim().split('\n')[0]}` : ''}`),
        );
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ask = (request: SandboxRequest) => child.send(request);

  const ready = await next<SandboxReady>('ready');
  return {
    baseUrl: ready.baseUrl,
    testKey: ready.testKey,
    async settled() {
      const answer = next<SandboxSettled>('settled');
      ask({ type: 'settle' });
      return (await answer).byWebhook;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      ask({ type: 'close' });
      await exited;
    },
  };
}
