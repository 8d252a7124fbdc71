/**
 * Runs a TypeScript entry in a worker thread, so a CPU-bound half of a suite uses the machine's second
 * core while jest's single worker runs the other half. esbuild bundles the repo's own files and leaves
 * packages to node_modules, as jest would resolve them.
 */
import { buildSync } from 'esbuild';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const repoRoot = path.resolve(__dirname, '../../..');

export function runInThread<T>(entry: string, workerData: unknown): Promise<T> {
  const outfile = path.join(repoRoot, 'node_modules', '.cache', 'reliability', `${path.basename(entry, '.ts')}.js`);
  buildSync({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    packages: 'external',
    logLevel: 'error',
    // The n8n harness finds the package and node_modules from its own folder.
    define: { __dirname: JSON.stringify(path.join(repoRoot, 'test', 'n8n')) },
  });
  const worker = new Worker(outfile, { workerData });
  return new Promise<T>((resolve, reject) => {
    worker.once('message', (message: { result?: T; error?: string }) => {
      if (message.error) reject(new Error(`worker thread failed: ${message.error}`));
      else resolve(message.result as T);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`worker thread exited (${code}) without an answer`)));
  });
}
