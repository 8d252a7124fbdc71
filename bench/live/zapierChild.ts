/**
 * The process Zapier's Lambda would be, for the Zapier figures: a plain script (written to a file and
 * run with `node`) that loads nothing but the unzipped app, so neither its start-up time nor its memory
 * carries the bench's own modules. It calls the app's `handler` with the planned events in order and
 * prints one JSON line: the time from process start to the first result, and RSS at the asked counts.
 */
export const ZAPIER_CHILD = String.raw`'use strict';
const { performance } = require('node:perf_hooks');
const { readFileSync } = require('node:fs');
const { createHmac } = require('node:crypto');
const [wrapper, planFile] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, 'utf8'));
// Core prints a memory line on every call outside Lambda's log capture; the parent reads stdout.
console.log = () => undefined;
/**
 * A hook call needs a delivery it has not seen (the app drops repeats): a copy of the planned event with
 * its own id, signed as the service signs (Standard Webhooks), headers as Zapier passes them.
 */
function delivered(bundle, hook, i) {
  const event = { ...hook.event, id: hook.event.id + '_' + i };
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const key = Buffer.from(hook.secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(event.id + '.' + timestamp + '.' + body).digest('base64');
  const headers = { 'Http-Webhook-Id': event.id, 'Http-Webhook-Timestamp': String(timestamp),
    'Http-Webhook-Signature': 'v1,' + signature, 'Http-Content-Type': 'application/json' };
  return { ...bundle, rawRequest: { headers, content: body, method: 'POST', querystring: '' }, cleanedRequest: event };
}

(async () => {
  const { handler } = require(wrapper);
  const rss = {};
  let firstMs = 0;
  let failed = 0;
  for (let i = 0; i < plan.count; i += 1) {
    const event = { ...plan.events[i % plan.events.length], ...plan.lambda };
    if (event.hook) event.bundle = delivered(event.bundle, event.hook, i);
    const output = await handler(event);
    if (!output || output.results === undefined) failed += 1;
    if (i === 0) firstMs = performance.now();
    if (plan.sampleAt.includes(i + 1)) rss[i + 1] = process.memoryUsage.rss();
  }
  process.stdout.write(JSON.stringify({ firstMs, rss, failed }) + '\n');
})().catch((error) => {
  process.stdout.write(JSON.stringify({ error: String(error && error.stack || error) }) + '\n');
  process.exitCode = 1;
});
`;
