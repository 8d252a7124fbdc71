/**
 * Writes the live figures into docs/performance.md under LIVE_HEADING, replacing that section (the rest of
 * the file is `npm run bench`'s). The explanations are fixed text; every number comes from the run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LIVE_HEADING, machine, type RunFacts } from '../report';

export interface LiveRunFacts extends RunFacts {
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

#### 1. Event → workflow started

Two active workflows in the same server: our Invoicing API Trigger (on \`invoice.paid\`) and n8n's own
Webhook node (POST, answering on receipt, its defaults). Each delivery is a copy of one real
\`invoice.paid\` event the sandbox wrote, with its own id, signed with our subscription's secret exactly
as the sandbox signs, and the same bytes go to both. The bench posts them one at a time, 20 ms apart,
alternating which workflow gets each pair first, so both see the same moments of load. "Started" is the
execution's \`startedAt\`, which n8n writes when the execution begins to run (\`setRunning\`: in the
main process in single mode; in the worker, after the job went through Redis, in queue mode), measured
from just before the POST. The bench posts rather than letting the sandbox deliver, so the start time is
exact; the sandbox's own delivery path is \`npm run bench\`'s figure 2.

What limits it, single process: n8n 2.40.7 evaluates expressions in an isolate (its default
\`N8N_EXPRESSION_ENGINE=vm\`, a pool of one) and acquires that isolate before the webhook phase of every
trigger except its own Webhook node, whose static parameters it resolves without one
(\`webhookPhaseNeedsIsolate\` in the \`n8n\` package's \`dist/webhooks/live-webhooks.js\`: the skip is
keyed on n8n's own node type). The rows "single, legacy expression engine" run the same pairs in a second
server started with \`N8N_EXPRESSION_ENGINE=legacy\` (no isolate): there ours is close to the Webhook
node, so our \`webhook()\` itself (verify the signature, parse, filter the event type, drop a repeat)
is not what costs the time; waiting for the isolate is. A community node cannot opt into that skip, and
every trigger other than n8n's Webhook node (Stripe's, GitHub's) pays the same. The trade we keep: the
Webhook node starts a workflow for any request at all (unsigned, forged, repeated, any event type),
while ours starts one only for a verified, new event of a chosen type. The legacy engine is a diagnosis
here, not a setting we ask users to change. In queue mode the webhook processor runs the same webhook
phase (the same isolate), then the job goes through Redis to the worker: the isolate's share shows in
the p50 as in single mode, while the p95 is mostly the queue's, on both sides alike.

The Polling Trigger is set to n8n's shortest schedule (every minute; n8n refuses a shorter one). Events
happen at spread moments of a minute and each is timed to the start of the poll's execution that hands
it on: the schedule is the floor (an event waits up to a minute for the next tick, half a minute on
average), and the polls start at the second of the minute n8n picked for the workflow, so the poll's own
work adds little. The backlog row is a batch of events appearing at once after activation (copies of a
real event written straight into the sandbox's store); the node hands on at most 1,000 per poll, oldest
first, so 10,000 take ten polls, about ten minutes. That cap is the trade: one execution of 10,000 items
would hand them on in one minute, but n8n holds an execution's items in memory and saves them as one
record, so the cap keeps each execution, and n8n's RSS during it, the size of 1,000 events whatever the
backlog.

#### 2. Bulk

One manual execution ("Execute workflow") of Manual Trigger → a Code node making the items → Create
Invoice, each item's email, line description and amount mapped by expression as a user maps a sheet's
columns; Continue On Fail on, so a failed item is counted, not fatal. Against a sandbox limited to
\`--limit\` requests/s per key (a token bucket that starts full), with a fresh key per run: the floor is
(items − limit) / limit seconds. Ours runs at the node's default concurrency (5) and waits out every 429
for the \`Retry-After\` the service gives. HTTP Request is set up as a careful user would: a Header Auth
credential, a JSON body built by one expression, Batching with batches every 100 ms sized to the limit
and to nine tenths of it (it fires each batch without waiting for the one before, so those are its
rates); it has no way to wait out a 429 per item (Retry On Fail reruns the whole node), so staying under
the limit is its only defence. The "ceiling" row runs both against a sandbox without a limit that
matters (HTTP Request without batching, all at once): how fast this server creates invoices at all.
RSS growth is the n8n process's resident memory at the end of the run minus at its start.

What limits it: the 429 count says which bound held. A node kept at the limit empties the bucket every
second and sees about one 429 per request in flight each time (\`npm run bench\` saw 190 over 1,000
items at 25/s); a handful over 10,000 items means n8n's own rate was below the limit most of the run, so
n8n's per-item work on this machine, not the service, set the time. The ceiling row is measured on
2,000 items; over 10,000 the execution holds five times the items (the RSS growth row), and its heap,
garbage collection and per-item bookkeeping grow with them, so its rate falls below that ceiling. A CPU profile of the n8n process (\`node --cpu-prof\`) over 2,000 of our creates
on this machine (2026-11-24, outside the bench) showed where its busy time goes: about a quarter in the
expression isolate (\`@n8n/expression-runtime\`'s \`execute\`: each item's three mapped fields, and the
credential's \`Bearer {{$credentials.apiKey}}\` header, which n8n resolves for every request), about
6 % reading and decrypting the credential from its database for every request
(\`httpRequestWithAuthentication\` in n8n-core, then sqlite3 and typeorm), about 6 % opening a new TCP
connection per request (n8n's HTTP client keeps none alive), garbage collection and n8n's own execution
bookkeeping; our package's code about 1 % and zod under 1 %. All of it runs on one Node thread that
shares two cores with everything else. Handing the node the credential read once per execution
(n8n-core's \`credentialsDecrypted\` option) would save the per-request database read; the header
expression stays, since a generic credential header is n8n's idiom for API keys. Ours then finishes ahead of HTTP Request because it keeps five requests in flight
while the HTTP node's batch timer adds its 100 ms to every batch's own time. With the cores free, the
node keeps the bucket empty and the time is the floor plus the wait after each second's last 429 (see
\`npm run bench\`'s figure 1, where the engine alone reaches the floor within 1 %). n8n's RSS grows
with the items the execution holds (input, output, and the run data it saves at the end); it is n8n's
memory for an execution of this size, the same order for both nodes.

#### 3. Large lists

Get Many → Return All over an account holding exactly \`--list\` invoices (a fresh account; copies of
one created invoice written straight into the sandbox's store in one transaction, so seeding takes
seconds). Ours pages through the API's cursor 100 at a time (the most a page gives), validating and
presenting every invoice; HTTP Request uses its own pagination over the same cursor
(\`starting_after\` = the last id of the previous page, until \`has_more\` is false), and Split Out turns
its pages into one item per invoice, since it returns each page as one item. The time is the listing
nodes' own execution time as n8n records it (HTTP Request plus Split Out); peak RSS is over the whole
execution, saving included; the items out are read back and checked against the seeded ids, newest first.

What limits it: both make the same 1,000 sequential requests (one page at a time, since each page's
cursor is the previous page's last id). On top of that ours reads every invoice with the contract's schema
(zod) and presents it (each amount also as formatted money): measured alone on this machine
(2026-11-24), 37 to 99 µs per invoice for the schema and 7 to 19 µs for presenting, depending on the
moment's load, so 100,000 invoices cost it some 4 to 12 s of CPU that HTTP Request does not spend; that
is the gap where ours is behind, and short-lived copies per page are why its peak RSS can be a little
higher, although HTTP Request holds the list twice (every page's body as an item, then every split-out
invoice). That is the trade we keep: a malformed answer from the service fails the node with the field
named instead of flowing on into a user's workflow, and amounts arrive ready to show. HTTP Request plus
Split Out hands on the service's raw objects.

#### 4. Zapier's built zip

The zip \`zapier-platform build\` made, unzipped, and called through its \`zapierwrapper.js\` handler
the way Zapier's Lambda calls it (the app's environment, the cache over RPC and the log endpoint in the
event), each container a fresh Node 22 process that loads nothing else. Cold start: process start →
the first create's result, ours (Create Invoice against the sandbox) alternating with a minimal app on
the same core (one create posting to a local server that only answers), as \`npm run bench\`'s size
figure builds it. Warm: one process serving mixed calls in turn (Create Invoice, Find Invoice, the Invoice
Paid hook's perform with a fresh signed delivery, its performList), RSS read every 250 calls; the growth
row is the least-squares slope of those readings from 1,000 calls on; the minimal app's readings over as
many of its creates are the baseline. zapier-platform-core ends a process that served more than 250
calls above 450 MB.

What limits it: core itself (its HTTP client, logging every request to the log endpoint, the bundle
checks), loaded and run the same way for both apps; our zip adds its bundled code (the shared core and
zod), a fraction of core's own load time. Warm, both containers' RSS keeps rising slowly after 1,000
calls, the minimal app's by about as much as ours, so the rise is core's and V8's (a heap that is
allowed to grow is not collected down), not something our app keeps; both stay far below the 450 MB at
which core ends a container, which is the limit a user would feel (a retried call). Whether the rise
flattens further out, or is garbage a full collection would return, is not measured here.
`;
