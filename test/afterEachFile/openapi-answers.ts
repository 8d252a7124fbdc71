/**
 * Every test file: each answer an in-process sandbox gives to a call docs/openapi.json describes must match
 * the document (status listed, body valid, required headers there), or the file fails naming the answers.
 * So the document is true of the sandbox as the whole suite exercises it, not only of a few chosen calls.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { answerChecker } from '../../contract/answers';
import { observeReplies } from '../../sandbox/http/replyObservers';

let checker: ReturnType<typeof answerChecker> | undefined;
const mismatches = new Set<string>();

const stop = observeReplies((method, route, reply) => {
  checker ??= answerChecker(JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8')));
  // A file (the invoice PDF) is checked as the string of bytes the document describes.
  const body =
    reply.body === undefined
      ? undefined
      : Buffer.isBuffer(reply.body)
        ? reply.body.toString('latin1')
        : JSON.parse(JSON.stringify(reply.body));
  const problems = checker.check(method, route, { status: reply.status, headers: reply.headers ?? {}, body }) ?? [];
  for (const problem of problems) {
    mismatches.add(problem);
  }
});

afterAll(() => {
  stop();
  if (mismatches.size > 0) {
    throw new Error(`The sandbox answered what docs/openapi.json does not describe:\n${[...mismatches].join('\n')}`);
  }
});
