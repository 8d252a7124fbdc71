/**
 * `npm run reliability:report`: renders docs/reliability.md from the counts the reliability suites wrote
 * to test/reliability/.results/ in the last test run. The doc holds no number a test did not count.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { readResults, type Row, type SuiteResult } from './support/results';

/** How each suite runs, in a sentence or two; its figures and findings come from its own results file. */
const HOW: Record<string, string> = {
  '1':
    'Create Invoice, Create Client, Update Client, Record Payment and Create Product each get 10,000 inputs, and Create Credit ' +
    'Note, Create Debit Note and Record Refund 1,000 (each reads its invoice or payment first, which nock answers with the ' +
    "case's own, so an accepted one must send that GET then its one POST, and a refusal only the read can tell that GET alone): " +
    "the issues' nasty cases spelled out (no line items, " +
    '101 line items, amounts "15.00", 1.5, -1, 1e21, NaN, emoji and 10 kB strings, currency "inr " and "RUPEES", e-mails with ' +
    "spaces or unicode, line items in Zapier's flattened shape and as n8n JSON text; issue 32's: dates that do not exist, IDs of 1 MB, " +
    'amounts of 1 MB of digits, text with NUL, ESC, bidi overrides or lone surrogates, text holding {{bundle.…}}, keys no field has), ' +
    'then fast-check inputs with their expected ' +
    "outcome worked out from the contract. Zapier: the app through zapier-platform-core's own pipeline (createApp, a real `z`, " +
    "core's logger), compiled once; a sample is checked against createAppTester. n8n: the built package in n8n-core, one " +
    'workflow execution of 10,000 items per operation with Continue On Fail. nock is the service: it must see no request for a ' +
    "refused input and exactly one, with the contract's body and headers, for an accepted one; a refusal must name every broken field " +
    'and be at most 2,000 characters. Generated classes added by issue 32: impossible calendar dates, IDs of 256 to 4,000 characters, ' +
    'free text with a forbidden character inside, and a stray key (named like an Object.prototype member or not) beside valid input.',
  '2':
    "Create Invoice meets each fault from a server on a real socket (so timeouts and resets are the platforms' own), on both " +
    "platforms at once: Zapier through core's pipeline, n8n through n8n-core without Continue On Fail. Each fault must end as the " +
    "platform's right error kind with a message that says what happened and what to do.",
  '3':
    'A real signed invoice.paid from the sandbox, then the same event forged, tampered, signed with the wrong or another ' +
    "subscription's secret, 301 s old or ahead, with headers missing or malformed, replayed, or of an unselected type: posted to the " +
    "n8n trigger's front door (n8n-core's WebhookContext) and handed to the Zapier trigger's perform as Zapier would. Only the " +
    'valid controls may start a run.',
  '4':
    "100 activate/deactivate cycles of the n8n trigger (n8n-core's HookContext) and 100 subscribe/unsubscribe cycles of each " +
    'Zapier trigger, all at once against one sandbox, while a poller reads the webhook list: never two subscriptions for one ' +
    'workflow or trigger, none left at the end.',
  '5':
    'The sandbox sends a share of deliveries twice, shuffles each batch, and both receivers go away for a while as events keep ' +
    'happening. Every event must reach both triggers, once per event id.',
  '6':
    'Every first Create Invoice reaches the sandbox and its answer is lost; n8n retries (Retry On Fail), Zapier replays the step. ' +
    'Each order must end as one invoice; Create Credit Note and Record Refund the same, as one credit note or refund. ' +
    '(Suite 2 adds the same with a real client timeout.)',
  '7':
    "Both connectors' working day against the sandbox, and a service that echoes the key back. Everything logged (Zapier's log " +
    "lines after core's own scrubbing, console, stdout, stderr), thrown or output is searched for the API key and every webhook " +
    'secret minted (in its own table: tried = artefacts scanned, accepted = those without a secret, lost = leaks). Suites 1 and 2 ' +
    'scan their runs the same way; their figures are in the second table.',
  '8':
    'What issue 17 tried on the sandbox as a new user and then as an attacker on 127.0.0.1, each probe a test in ' +
    "`test/sandbox/probes.test.ts`: keys it never issued, another account's Idempotency-Key, malformed ids, bodies at and over " +
    'the limit, webhook URLs towards metadata services and the sandbox itself, a rebinding Host header, the key in the page, the ' +
    "database's place and mode, broken database files, and the messages a newcomer meets. Rejected = refused as it must be, " +
    'accepted = let through as it must be, lost = a probe that did not get its expected answer.',
  '9':
    'Events happen in a burst while n8n is not polling (a workflow switched off, an n8n that was down); the Polling Trigger of the ' +
    "built package, polled through n8n-core's PollContext, must then start the workflow for each one exactly once, in the order the " +
    'service recorded them, and hand on nothing more on the next poll. The webhook trigger with Replay Missed Events, its workflow ' +
    'switched off during the burst, must on re-activation have each one start one execution, oldest first, and a further ' +
    'activation start nothing; and with n8n down during the burst (every delivery answered 503 while the service keeps ' +
    'retrying), must have each one start one execution, oldest first, once n8n is back.',
};

const number = (value: number) => value.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const cell = (text: string) => text.replace(/\|/g, '\\|');

function table(rows: Row[]): string[] {
  return [
    '| platform | what | tried | rejected | accepted | lost | notes |',
    '|---|---|--:|--:|--:|--:|---|',
    ...rows.map(
      (row) =>
        `| ${row.platform} | ${cell(row.part)} | ${number(row.tried)} | ${number(row.rejected)} | ${number(row.accepted)} | ` +
        `**${number(row.lost)}** | ${cell(row.notes ?? '')} |`,
    ),
  ];
}

function scans(results: SuiteResult[]): string[] {
  const withScans = results.filter((result) => result.scans?.length);
  if (!withScans.length) return [];
  return [
    '',
    'Secret scans in every suite that runs one:',
    '',
    '| suite | where | artefacts scanned | characters | leaks |',
    '|---|---|--:|--:|--:|',
    ...withScans.flatMap((result) =>
      result.scans!.map(
        (scan) =>
          `| ${result.suite}. ${result.title} | ` +
          `${scan.platform === 'both' ? 'console, stdout, stderr' : scan.platform} | ${number(scan.artefacts)} | ${number(scan.bytes)} | **${scan.leaks}** |`,
      ),
    ),
  ];
}

export function render(results: Array<SuiteResult & { writtenAt: string }>): string {
  const suites = [...results].sort((a, b) => Number(a.suite) - Number(b.suite));
  const newest =
    suites
      .map((result) => result.writtenAt)
      .sort()
      .at(-1) ?? 'never';
  const lines = [
    '# Reliability and security',
    '',
    'What the reliability suites (`test/reliability/`, part of `npm test`) showed on their last run: bad input, HTTP faults,',
    'webhook attacks, subscription lifecycles, delivery under faults, idempotent retries, secrets and catching up after a burst,',
    "each on both platforms (where the platform has it) through their real runtimes, and the sandbox's own probes. Every figure below was counted by a test that fails when it is wrong; **lost** must be 0",
    '(an input that should have been sent and was not, an event that never started a run, a secret found where it must not be).',
    '',
    `Rendered by \`npm run reliability:report\` from \`test/reliability/.results/\` (last written ${newest.slice(0, 16).replace('T', ' ')} UTC).`,
    '',
    '## Summary',
    '',
    '| suite | platform | tried | rejected | accepted | lost | time |',
    '|---|---|--:|--:|--:|--:|--:|',
  ];
  for (const result of suites) {
    for (const platform of ['Zapier', 'n8n', 'Sandbox'] as const) {
      const rows = result.rows.filter((row) => row.platform === platform);
      if (!rows.length) continue;
      const sum = (key: 'tried' | 'rejected' | 'accepted' | 'lost') =>
        number(rows.reduce((total, row) => total + row[key], 0));
      lines.push(
        `| ${result.suite}. ${result.title} | ${platform} | ${sum('tried')} | ${sum('rejected')} | ${sum('accepted')} | **${sum('lost')}** | ` +
          `${seconds(result.durationMs)} |`,
      );
    }
  }
  lines.push(
    '',
    "Times are each suite's wall-clock time in that run (a 2-core machine; suite 1's n8n half runs in a worker thread).",
  );
  for (const result of suites) {
    lines.push('', `## ${result.suite}. ${result.title}`, '');
    if (HOW[result.suite]) lines.push(HOW[result.suite], '');
    lines.push(...table(result.rows));
    if (result.suite === '7') lines.push(...scans(suites));
    if (result.facts?.length) lines.push('', ...result.facts.map((fact) => `- ${fact}`));
  }
  lines.push(
    '',
    '## Reproducing',
    '',
    '```sh',
    'npx jest test/reliability          # suites 1 to 7 and 9 (about 10 minutes here)',
    'npx jest test/sandbox/probes.test.ts   # suite 8',
    'RELIABILITY_SEED=<seed> npx jest test/reliability/bad-input.test.ts   # suite 1 with the inputs of an earlier run',
    'npm run reliability:report         # this file, from the counts the run wrote',
    '```',
    '',
  );
  return lines.join('\n');
}

if (require.main === module) {
  const root = process.cwd();
  const results = readResults(path.join(root, 'test', 'reliability', '.results'));
  if (!results.length) {
    process.stderr.write(
      'No results in test/reliability/.results: run `npx jest test/reliability` (or `npm test`) first.\n',
    );
    process.exit(1);
  }
  mkdirSync(path.join(root, 'docs'), { recursive: true });
  writeFileSync(path.join(root, 'docs', 'reliability.md'), render(results));
  process.stdout.write(`docs/reliability.md written from ${results.length} suites' results.\n`);
}
