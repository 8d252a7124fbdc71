/** Worker-thread entry for suite 1's n8n half (see thread.ts): runs it and posts the tallies back. */
import { parentPort, workerData } from 'node:worker_threads';

import { runN8nInputs } from './n8n-inputs';

runN8nInputs((workerData as { seed: number }).seed).then(
  (result) => parentPort!.postMessage({ result }),
  (error: unknown) => parentPort!.postMessage({ error: (error as Error)?.stack ?? String(error) }),
);
