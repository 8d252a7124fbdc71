import { parseFaultSpec } from '../../sandbox/faults/injection';
import { IdempotencyKeys } from '../../sandbox/http/idempotency';
import { RateLimiter } from '../../sandbox/http/rateLimit';
import { Store } from '../../sandbox/storage/store';
import { seededRandom, shuffled } from '../../sandbox/faults/random';
import { RETRY_WINDOW_MS, nextAttemptAt, nominalRetryDelay } from '../../sandbox/delivery/retry';

const HOUR = 3_600_000;

describe('retry schedule', () => {
  test('the contract schedule: 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h repeating', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 9].map(nominalRetryDelay)).toEqual([
      5_000,
      300_000,
      1_800_000,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      10 * HOUR,
      10 * HOUR,
    ]);
  });

  test('stops once the next attempt would fall more than 3 days after the first', () => {
    const timing = { timeScale: 1, jitter: 0, random: () => 0.5 };
    let at = 0;
    const attempts = [at];
    for (let made = 1; ; made += 1) {
      const next = nextAttemptAt(made, 0, at, timing);
      if (next === undefined) break;
      attempts.push((at = next));
    }
    expect(attempts.at(-1)!).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(attempts.at(-1)! + 10 * HOUR).toBeGreaterThan(RETRY_WINDOW_MS);
    expect(attempts).toHaveLength(12);
  });

  test('time scale shrinks waits and window alike; jitter stays within its share', () => {
    expect(nextAttemptAt(1, 0, 0, { timeScale: 0.001, jitter: 0, random: Math.random })).toBe(5);
    const random = seededRandom(7);
    const waits = Array.from({ length: 500 }, () => nextAttemptAt(2, 0, 0, { timeScale: 1, jitter: 0.1, random })!);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(270_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(330_000);
    expect(new Set(waits).size).toBeGreaterThan(100);
  });
});

describe('rate limiter', () => {
  test('bursts up to the rate, then refuses with a whole-second Retry-After, refilling with time, per key', () => {
    let now = 0;
    const limiter = new RateLimiter(25, () => now);
    const results = Array.from({ length: 26 }, () => limiter.take('a'));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    expect(results[25]).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take('b').allowed).toBe(true);
    now += 40;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    const slow = new RateLimiter(0.25, () => now);
    slow.take('c');
    expect(slow.take('c')).toEqual({ allowed: false, retryAfterSeconds: 4 });
  });
});

describe('fault spec', () => {
  test('parses every fault and explains a bad one', () => {
    expect(parseFaultSpec('duplicate=0.3, shuffle,delay=2000,429=0.1,5xx=0.05')).toEqual({
      duplicateDeliveries: 0.3,
      shuffleOrder: true,
      delayDeliveryMs: 2000,
      rateLimitedShare: 0.1,
      serverErrorShare: 0.05,
    });
    expect(parseFaultSpec('')).toEqual({});
    expect(() => parseFaultSpec('flaky')).toThrow('Unknown fault "flaky"');
    expect(() => parseFaultSpec('429=2')).toThrow('a share from 0 to 1');
    expect(() => parseFaultSpec('delay=soon')).toThrow('a wait in milliseconds');
  });

  test('shuffling always changes the order of two or more items and keeps every item', () => {
    for (let seed = 0; seed < 50; seed += 1) {
      const items = [1, 2, 3];
      const out = shuffled(items, seededRandom(seed));
      expect(out).not.toEqual(items);
      expect([...out].sort()).toEqual(items);
    }
  });
});

describe('Idempotency-Key window', () => {
  test('the same key and body within 24 hours answers the first response; after them it acts anew', () => {
    const store = new Store(':memory:');
    const keys = new IdempotencyKeys(store);
    let created = 0;
    const create = () => ({ status: 201, body: { id: `inv_${++created}` } });
    const now = jest.spyOn(Date, 'now');
    try {
      const start = Date.UTC(2026, 10, 1);
      const at = (ms: number) => {
        now.mockReturnValue(start + ms);
        return keys.run('acct_1', 'order-42', 'POST', '/v1/invoices', { amount: 1 }, create).body;
      };
      expect([at(0), at(24 * HOUR - 1), at(24 * HOUR + 1)]).toEqual([
        { id: 'inv_1' },
        { id: 'inv_1' },
        { id: 'inv_2' },
      ]);
    } finally {
      now.mockRestore();
      store.close();
    }
  });
});
