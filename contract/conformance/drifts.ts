/**
 * The conformance run against deployments that each differ in one assumption (drift.ts): for each row, which
 * rows the run then finds differing and how many it could not check. Used by the test and by
 * `npm run conformance:drifts`, which prints the whole table.
 */
import type { Sandbox } from '../../sandbox';
import { answerChecker } from '../answers';
import { openApiDocument } from '../openapi';
import { assumptions, type Assumption } from './checks';
import { fieldWalker, type Document } from './fields';
import { driftFor, startDriftingProxy } from './drift';
import { openSession, type Result } from './run';

export interface DriftOutcome {
  row: Assumption;
  /** The rows the run found differing against the drifted proxy. */
  differing: string[];
  notCheckable: string[];
  /** The drifted row's own first difference, as the table words it. */
  named?: string;
}

/** The rows a run lists, as the run lists them. */
export const listedRows = (document: Parameters<typeof assumptions>[0], walker: Parameters<typeof assumptions>[1]) =>
  assumptions(document, walker);

export async function runWithDrift(sandbox: Sandbox, row: Assumption, baseline: Result[]): Promise<DriftOutcome> {
  // A new account each time: what earlier runs made is not in this one's lists.
  const key = sandbox.createAccount().secret;
  const document = openApiDocument() as unknown as Document;
  const proxy = await startDriftingProxy(
    sandbox.baseUrl,
    driftFor(row, fieldWalker(document), answerChecker(document as never)),
  );
  try {
    const session = await openSession({ baseUrl: proxy.url, key, deliveryWaitMs: 3000, retryWaitMs: 3000 });
    const results = await session.run();
    const before = new Map(baseline.map((result) => [result.assumption.id, result.outcome.state]));
    const own = results.find((result) => result.assumption.id === row.id)?.outcome;
    return {
      row,
      differing: results.filter((result) => result.outcome.state === 'differs').map((result) => result.assumption.id),
      notCheckable: results
        .filter(
          (result) => result.outcome.state === 'not checkable' && before.get(result.assumption.id) !== 'not checkable',
        )
        .map((result) => result.assumption.id),
      named: own?.state === 'differs' ? own.differences[0]?.what : undefined,
    };
  } finally {
    await proxy.close();
  }
}

const list = (ids: string[]) =>
  ids.length > 4 ? `${ids.slice(0, 4).join(', ')} and ${ids.length - 4} more` : ids.join(', ') || 'none';

/** One line of the report's table: the drifted row, whether exactly it differed, and what else changed. */
export function driftLine(outcome: DriftOutcome): string {
  const exact = outcome.differing.length === 1 && outcome.differing[0] === outcome.row.id;
  const others = outcome.differing.filter((id) => id !== outcome.row.id);
  return (
    `| ${outcome.row.id} | ` +
    (exact ? 'exactly its row' : outcome.differing.includes(outcome.row.id) ? 'its row and others' : 'NOT NAMED') +
    ' | ' +
    `${list(others)} | ${list(outcome.notCheckable)} | ${(outcome.named ?? '').replace(/\|/g, '\\|').slice(0, 90)} |`
  );
}
