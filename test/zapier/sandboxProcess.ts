/**
 * The sandbox in its own Node process, as a user runs it (`npm start -- --memory`), built from source
 * for this run. In-process it would share the `http` module with createAppTester, whose logging patch
 * of `http.request` drops the options of `request(url, options)` calls, so the sandbox's webhook POSTs
 * would leave as bare GETs; Zapier and the service never share a process, so neither should the test.
 */
import { buildSync } from 'esbuild';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SandboxProcess {
  baseUrl: string;
  testKey: string;
  stop(): Promise<void>;
}

export async function startSandboxProcess(args: string[] = []): Promise<SandboxProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'zapier-e2e-sandbox-'));
  const outfile = path.join(dir, 'cli.js');
  buildSync({
    entryPoints: [path.resolve(__dirname, '../../sandbox/cli/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    logLevel: 'error',
    // As sandbox/build.mjs: pdfkit reads its fonts' metrics from files beside its own code, so inlined into a
    // bundle in a temporary folder it cannot find them and every PDF download answers 500. It is required from
    // the repository's node_modules instead.
    external: ['pdfkit'],
  });
  const child: ChildProcess = spawn(process.execPath, [outfile, 'start', '--port', '0', '--memory', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_PATH: path.resolve(__dirname, '../../node_modules') },
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const banner = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (/Test key:\s+\S+/.test(out)) resolve(out);
      });
      child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before starting:\n${err}`)));
    });
    return { baseUrl: /Base URL:\s+(\S+)/.exec(banner)![1], testKey: /Test key:\s+(\S+)/.exec(banner)![1], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
