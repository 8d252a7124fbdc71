/**
 * Writes the live figures into docs/performance.md under LIVE_HEADING, replacing that section (the rest of
 * the file is `npm run bench`'s). The explanations are fixed text; every number comes from the run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LIVE_HEADING, machine } from '../report';
import type { Row } from '../support';

export interface LiveRunFacts {
  rows: Row[];
  table: string;
  startedAt: Date;
  seconds: number;
  loadBefore: number[];
  loadAfter: number[];
  n8nVersion: string;
  sizes: Record<string, number>;
}

export function writeLiveReport(facts: LiveRunFacts): void {
  const file = path.resolve(__dirname, '../../docs/performance.md');
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(`\n${LIVE_HEADING}`);
  const before = at < 0 ? text.replace(/\n*$/, '\n') : text.slice(0, at + 1);
  const missed = facts.rows.filter((r) => r.pass === false);
  const verdict = missed.length
    ? `${missed.length} target(s) missed: ${missed.map((r) => `${r.figure} "${r.measure.trim()}"`).join('; ')}. Why: below.`
    : 'Every target was met.';
  writeFileSync(file, `${before}
${LIVE_HEADING} (\`npm run bench:live\`)

Written by \`npm run bench:live\` (do not edit this section by hand; \`npm run bench\` keeps it). The
connectors where users run them: the packed n8n package in a real n8n ${facts.n8nVersion} server (single
process, and queue mode with a main process, a webhook processor and a worker on Postgres and Redis, as
the live suite runs them) and Zapier's built zip called through its Lambda handler, each beside the
yardstick a user would otherwise reach for, measured in the same run.

${machine(facts, 'npm run bench:live')}
- This run shared a 2-core machine with other work, so absolute times move with its load; ours and each
  yardstick alternate (ABAB…) within each figure, so a busy moment slows both sides of a ratio alike.

${verdict}

\`\`\`text
${facts.table}
\`\`\`

### Reproduce

\`\`\`sh
npm run bench:live                        # about ${Math.round(facts.seconds / 60)} minutes; rewrites this section; exits 1 if a target is missed
npm run bench:live -- --only bulk,lists   # some figures: trigger, queue, polling, bulk, lists, zapier (not written)
npm run bench:live -- --quick             # small sizes, to check the bench itself (not written)
npm run bench:live -- --bulk 2000 --limit 50 --list 20000 --events 100 --backlog 2000 --calls 1000
\`\`\`

Defaults (the sizes of this run): ${Object.entries(facts.sizes).map(([name, value]) => `\`--${name} ${value}\``).join(', ')}.
It installs n8n as \`npm run test:live\` does (once, into a cache outside the clone), builds the release
artefacts (\`npm run build\`), and runs the bench on the Node 22 that \`npm ci\` installs. The sandbox
runs in the bench's process; n8n, Postgres, Redis and each Zapier container in processes of their own,
whose RSS is what the memory figures read (\`/proc/<pid>/status\`, sampled every 200 ms). No jest test
asserts a time.

${LIVE_EXPLANATIONS}`);
}

/** What each live figure measures and what limits it: fixed text, written from what the runs showed. */
const LIVE_EXPLANATIONS = `### What each live figure measures, and what limits it

To be written from the first full run.
`;
