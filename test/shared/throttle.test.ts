import { mapConcurrent, waitOutRateLimits } from '../../shared/throttle';
import type { HttpRequest, RawResponse } from '../../shared';

const request: HttpRequest = { method: 'POST', url: 'http://127.0.0.1:4010/v1/invoices', headers: {}, body: {} };

/** A send that answers with the given responses in turn and records how often it was called. */
function scripted(...responses: RawResponse[]) {
  const calls: HttpRequest[] = [];
  const send = async (sent: HttpRequest) => {
    calls.push(sent);
    return responses[Math.min(calls.length - 1, responses.length - 1)];
  };
  return { send, calls };
}

const limited = (retryAfter?: string): RawResponse => ({
  status: 429,
  headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
  body: { code: 'rate_limited' },
});
const created: RawResponse = { status: 201, headers: {}, body: { id: 'inv_1' } };

describe('waitOutRateLimits', () => {
  test('waits for Retry-After, then resends the same request', async () => {
    const { send, calls } = scripted(limited('2'), limited('1'), created);
    const waits: number[] = [];
    const response = await waitOutRateLimits(send, {
      sleep: async (ms) => {
        waits.push(ms);
      },
    })(request);
    expect(response).toBe(created);
    expect(waits).toEqual([2000, 1000]);
    expect(calls).toEqual([request, request, request]);
  });

  test('a 429 without Retry-After waits the default', async () => {
    const { send } = scripted(limited(), created);
    const waits: number[] = [];
    await waitOutRateLimits(send, {
      sleep: async (ms) => {
        waits.push(ms);
      },
      defaultWaitSeconds: 3,
    })(request);
    expect(waits).toEqual([3000]);
  });

  test('gives the 429 back after maxWaits waits', async () => {
    const { send, calls } = scripted(limited('1'));
    const waits: number[] = [];
    const response = await waitOutRateLimits(send, {
      sleep: async (ms) => {
        waits.push(ms);
      },
      maxWaits: 2,
    })(request);
    expect(response.status).toBe(429);
    expect(waits).toHaveLength(2);
    expect(calls).toHaveLength(3);
  });

  test('does not wait longer than maxWaitSeconds', async () => {
    const { send, calls } = scripted(limited('600'), created);
    const sleep = jest.fn(async () => undefined);
    const response = await waitOutRateLimits(send, { sleep, maxWaitSeconds: 60 })(request);
    expect(response.status).toBe(429);
    expect(sleep).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  test('other failures are returned at once', async () => {
    const failed: RawResponse = { status: 500, headers: { 'retry-after': '1' }, body: 'boom' };
    const { send, calls } = scripted(failed, created);
    const sleep = jest.fn(async () => undefined);
    expect(await waitOutRateLimits(send, { sleep })(request)).toBe(failed);
    expect(calls).toHaveLength(1);
  });
});

describe('mapConcurrent', () => {
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

  test('keeps input order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapConcurrent(10, 3, async (index) => {
      running += 1;
      peak = Math.max(peak, running);
      for (let i = 0; i < 10 - index; i += 1) await tick();
      running -= 1;
      return index * 2;
    });
    expect(results).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(peak).toBe(3);
  });

  test('a limit of 1 runs one after the other', async () => {
    const order: string[] = [];
    await mapConcurrent(3, 1, async (index) => {
      order.push(`start ${index}`);
      await tick();
      order.push(`end ${index}`);
    });
    expect(order).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
  });

  test('after a failure nothing new starts, running work finishes, the first failure is thrown', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const ticks = [1, 3, 4, 1, 1, 1, 1, 1];
    const run = mapConcurrent(8, 2, async (index) => {
      started.push(index);
      for (let i = 0; i < ticks[index]; i += 1) await tick();
      if (index === 1) throw new Error('item 1 failed');
      finished.push(index);
      return index;
    });
    await expect(run).rejects.toThrow('item 1 failed');
    expect(started).toEqual([0, 1, 2]);
    expect(finished).toEqual([0, 2]);
  });

  test('zero items → no calls; nonsense limits still run everything', async () => {
    const work = jest.fn(async (index: number) => index);
    expect(await mapConcurrent(0, 5, work)).toEqual([]);
    expect(work).not.toHaveBeenCalled();
    expect(await mapConcurrent(3, 0, work)).toEqual([0, 1, 2]);
    expect(await mapConcurrent(2, Number.NaN, work)).toEqual([0, 1]);
  });
});
