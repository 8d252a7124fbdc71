/** Every CLI command makes up a fresh test key, so a long-running sandbox forgets idle keys past this many. */
const MAX_TRACKED_KEYS = 10_000;

/**
 * Per-key token bucket: a key may burst up to `perSecond` calls and then gets `perSecond` a second, which
 * is what "25 requests/s per test key" means to a client that retries after `Retry-After`.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  private readonly burst: number;

  constructor(
    readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.burst = Math.max(1, perSecond);
  }

  /** Takes one call's token; when none is left, says how many whole seconds to wait (at least 1). */
  take(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    if (this.buckets.size > MAX_TRACKED_KEYS) this.forgetIdle(now);
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond)) };
  }

  /** A key idle long enough to have a full bucket again is indistinguishable from a new one. */
  private forgetIdle(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(key);
    }
  }
}
