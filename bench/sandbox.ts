/**
 * Sandbox benchmark on its own (npm run bench:sandbox): create-invoice requests/s over HTTP, webhook
 * deliveries/s end to end, and the sandbox process's memory. `npm run bench` runs the same measurement
 * as its figure 4 (bench/sandboxLoad.ts).
 */
import { measureSandbox } from './sandboxLoad';
import { runSandboxChildRole } from './support';

const CREATE_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  const load = await measureSandbox({ createSeconds: CREATE_SECONDS });
  process.stdout.write(
    [
      `Sandbox benchmark (Node ${process.versions.node}, SQLite file database, ${load.clients} concurrent clients)`,
      `  create invoice:     ${load.createRate.toFixed(0)} requests/s (${load.created} in ${load.createSeconds} s; ` +
        `a server that only answers: ${load.echoRate.toFixed(0)}/s)`,
      `  webhook deliveries: ${load.deliveryRate.toFixed(0)} deliveries/s (${load.events} events x ${load.subscriptions} subscriptions, signed, answered 200)`,
      `  catch-up:           ${load.catchUpRate.toFixed(0)} deliveries/s (${load.events} events held during an outage, then one at a time, in order)`,
      `  memory:             ${mb(load.rssMiddle)} halfway through the creates, ${mb(load.rssEnd)} at their end, peak ${mb(load.peakRss)} (the sandbox process)`,
      '',
    ].join('\n'),
  );
}

if (!runSandboxChildRole()) {
  main().catch((error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
