/**
 * Pacing a client that sends many requests: at most N in flight, and a 429 waited out for its
 * Retry-After instead of failing (contract: "Limits", 25 requests/s per test key). The clock is
 * injected, so shared/ keeps no timers and each platform passes its own sleep (n8n-workflow's `sleep`).
 */
import { headerValue, parseRetryAfter } from './errors';
import type { Send } from './operations/define';

export interface RateLimitWaits {
  sleep: (milliseconds: number) => Promise<void>;
  /** How many 429s in a row one request may wait out before the 429 is returned (default 5). */
  maxWaits?: number;
  /** A Retry-After longer than this is not waited for; the 429 is returned (default 60). */
  maxWaitSeconds?: number;
  /** Wait when a 429 names no Retry-After (default 1). */
  defaultWaitSeconds?: number;
}

/**
 * Wraps `send` so a 429 is resent after the wait the service asks for. A 429 means the request was not
 * processed, so resending a POST cannot create anything twice.
 */
export function waitOutRateLimits(send: Send, policy: RateLimitWaits): Send {
  const maxWaits = policy.maxWaits ?? 5;
  const maxWaitSeconds = policy.maxWaitSeconds ?? 60;
  return async (request) => {
    for (let waits = 0; ; waits += 1) {
      const response = await send(request);
      if (response.status !== 429 || waits >= maxWaits) return response;
      const seconds = parseRetryAfter(headerValue(response.headers, 'retry-after')) ?? policy.defaultWaitSeconds ?? 1;
      if (seconds > maxWaitSeconds) return response;
      await policy.sleep(seconds * 1000);
    }
  };
}

/**
 * Runs `work(0..count-1)` with at most `limit` running at once; results keep the input order. After a
 * failure nothing new starts; the ones already running finish, then the first failure is thrown.
 */
export async function mapConcurrent<T>(
  count: number,
  limit: number,
  work: (index: number) => Promise<T>,
): Promise<T[]> {
  // Most executions carry one item: no lanes, no Promise.all.
  if (count === 1) return [await work(0)];
  const results = new Array<T>(count);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < count) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const lanes = Math.max(1, Math.min(Math.floor(limit) || 1, count));
  await Promise.all(Array.from({ length: lanes }, lane));
  if (failure) throw failure.error;
  return results;
}
