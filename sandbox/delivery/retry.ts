import type { Random } from '../faults/random';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The contract's retry schedule: the wait before retry n is RETRY_DELAYS_MS[n - 1], the last entry repeating,
 * until the next attempt would fall more than RETRY_WINDOW_MS after the first one.
 */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR] as const;
export const RETRY_WINDOW_MS = 3 * 24 * HOUR;

export interface RetryTiming {
  /** Multiplies every wait (and the window): 0.001 turns 5 s into 5 ms so tests run the schedule quickly. */
  timeScale: number;
  /** Spread of each wait, as a fraction: 0.1 means ±10 %, so many failed receivers do not retry in step. */
  jitter: number;
  random: Random;
}

/** The nominal (unscaled, unjittered) wait before retry number `retry` (1-based). */
export function nominalRetryDelay(retry: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(retry, 1), RETRY_DELAYS_MS.length) - 1];
}

/**
 * When to try again after `attemptsMade` failed attempts of a delivery first tried at `firstAttemptAt`,
 * or undefined when the window is used up (the delivery has failed for good).
 */
export function nextAttemptAt(
  attemptsMade: number,
  firstAttemptAt: number,
  now: number,
  timing: RetryTiming,
): number | undefined {
  const spread = 1 + timing.jitter * (timing.random() * 2 - 1);
  const wait = nominalRetryDelay(attemptsMade) * timing.timeScale * spread;
  const at = now + wait;
  return at - firstAttemptAt > RETRY_WINDOW_MS * timing.timeScale ? undefined : Math.round(at);
}
