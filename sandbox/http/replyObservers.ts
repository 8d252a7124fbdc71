/**
 * Who wants to see every API answer the sandbox gives: the test suite's check that each one matches
 * docs/openapi.json (test/afterEachFile/openapi-answers.ts), so the document cannot drift from the sandbox.
 * Nothing observes in normal use; an observer only reads.
 */
import type { Reply } from '../routes/router';

export type ReplyObserver = (method: string, path: string, reply: Reply) => void;

const observers = new Set<ReplyObserver>();

/** Returns the way to stop observing. */
export function observeReplies(observer: ReplyObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

export function replied(method: string, path: string, reply: Reply): Reply {
  for (const observer of observers) observer(method, path, reply);
  return reply;
}
