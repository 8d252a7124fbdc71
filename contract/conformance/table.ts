/** The run's report: one row per assumption, then the request and answer behind each difference. */
import { contractLink } from '../openapi';
import { showExchange } from './http';
import type { Result } from './run';

export function report(results: Result[]): string {
  const rows = results.map(
    ({ assumption, outcome }, index) =>
      `| ${index + 1} | ${assumption.id}: ${assumption.says} | ${contractLink(assumption.decidedIn)} | ` +
      `${assumption.ifDiffers} | ` +
      `${outcome.state}${outcome.state === 'not checkable' ? `: ${outcome.why}` : ''} |`,
  );
  const details = results.flatMap(({ assumption, outcome }, index) =>
    outcome.state !== 'differs'
      ? []
      : [
          `${index + 1}. ${assumption.id} differs:`,
          ...outcome.differences.flatMap((difference) => [
            `  - ${difference.what}`,
            ...(difference.exchange ? [showExchange(difference.exchange)] : []),
          ]),
        ],
  );
  const count = (state: string) => results.filter((result) => result.outcome.state === state).length;
  return [
    '| # | Assumption | Decided in | If it differs, the connectors would | Result |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    ...(details.length ? ['Differences (request sent, answer seen):', ...details, ''] : []),
    `${count('held')} held, ${count('differs')} differ, ` +
      `${count('not checkable')} not checkable (of ${results.length}).`,
    coverageLine(results),
  ].join('\n');
}

/** Assumptions checked (held or found differing) over the assumptions the connectors make (every row listed). */
export function coverage(results: Result[]): { checked: number; made: number } {
  return { checked: results.filter((result) => result.outcome.state !== 'not checkable').length, made: results.length };
}

export function coverageLine(results: Result[]): string {
  const { checked, made } = coverage(results);
  const kinds = [...new Set(results.map((result) => result.assumption.kind))]
    .map((kind) => `${results.filter((result) => result.assumption.kind === kind).length} ${kind}`)
    .join(', ');
  return (
    `Coverage: ${checked}/${made} assumptions checked ` +
    `(${Math.floor((100 * checked) / Math.max(made, 1))} %): ${kinds}.`
  );
}
