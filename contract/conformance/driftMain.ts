/**
 * `npm run conformance:drifts [-- <row id>…]`: the run against the sandbox, then once per row (or per row
 * named) through a proxy that drifts that row's assumption alone; prints the table of what each run named.
 */
import { startSandbox } from '../../sandbox';
import { openApiDocument } from '../openapi';
import { fieldWalker, type Document } from './fields';
import { driftLine, listedRows, runWithDrift } from './drifts';
import { openSession } from './run';

async function main(wanted: string[]) {
  const sandbox = await startSandbox({ timeScale: 0.01 });
  try {
    const baseline = await (
      await openSession({ baseUrl: sandbox.baseUrl, key: sandbox.testKey, deliveryWaitMs: 3000, retryWaitMs: 3000 })
    ).run();
    const document = openApiDocument() as unknown as Document;
    // `--kind field` (or another kind) narrows to one kind of row; ids narrow to the rows they start.
    const kind = wanted[0] === '--kind' ? wanted.splice(0, 2)[1] : undefined;
    const rows = listedRows(document, fieldWalker(document)).filter(
      (row) =>
        (!kind || row.kind === kind || (kind === 'not-field' && row.kind !== 'field')) &&
        (!wanted.length || wanted.some((id) => row.id.startsWith(id))),
    );
    process.stdout.write(
      "| Drifted assumption | Named | Other rows differing | Rows newly not checkable | The run's words |\n" +
        '|---|---|---|---|---|\n',
    );
    let exact = 0;
    for (const row of rows) {
      const outcome = await runWithDrift(sandbox, row, baseline);
      if (outcome.differing.length === 1 && outcome.differing[0] === row.id) exact += 1;
      process.stdout.write(`${driftLine(outcome)}\n`);
    }
    process.stdout.write(`\n${exact}/${rows.length} drifts named in exactly their row.\n`);
  } finally {
    await sandbox.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${(error as Error).stack}\n`);
    process.exit(2);
  },
);
