import { delayAfter, FAILURES_FORGOTTEN_AFTER_MS, secondsUntil, startAttempt, type PairState } from '../../src/users/sign-in-delay';

const policy = { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 900_000 };
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe('sign-in delay (pure policy)', () => {
  it('answers the first failures at once, then waits 1 s, doubling, at most the cap', () => {
    expect([1, 2, 3, 4].map((n) => delayAfter(n, policy))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 14, 15, 16, 1000].map((n) => delayAfter(n, policy))).toEqual([
      1000, 2000, 4000, 8000, 512_000, 900_000, 900_000, 900_000,
    ]);
  });

  it('counts an attempt pessimistically: the one that reaches the limit sets the wait it would cause', () => {
    const first = startAttempt(null, at(0), policy);
    expect(first).toEqual({ next: { consecutiveFailures: 1, retryAt: null, updatedAt: at(0) }, now: at(0) });
    const fourFailures: PairState = { consecutiveFailures: 4, retryAt: null, updatedAt: at(0) };
    expect(startAttempt(fourFailures, at(10), policy)).toEqual({
      next: { consecutiveFailures: 5, retryAt: at(1010), updatedAt: at(10) },
      now: at(10),
    });
  });

  it('refuses an attempt before the wait is over, counting nothing; after it, the next failure waits twice as long', () => {
    const waiting: PairState = { consecutiveFailures: 5, retryAt: at(1000), updatedAt: at(0) };
    expect(startAttempt(waiting, at(999), policy)).toEqual({ refusedUntil: at(1000), now: at(999) });
    expect(startAttempt(waiting, at(1000), policy)).toEqual({
      next: { consecutiveFailures: 6, retryAt: at(3000), updatedAt: at(1000) },
      now: at(1000),
    });
  });

  it('forgets failures after a day without an attempt', () => {
    const old: PairState = { consecutiveFailures: 12, retryAt: at(5000), updatedAt: at(0) };
    expect(startAttempt(old, at(FAILURES_FORGOTTEN_AFTER_MS + 1), policy)).toEqual({
      next: { consecutiveFailures: 1, retryAt: null, updatedAt: at(FAILURES_FORGOTTEN_AFTER_MS + 1) },
      now: at(FAILURES_FORGOTTEN_AFTER_MS + 1),
    });
  });

  it('says Retry-After in whole seconds, at least 1', () => {
    expect(secondsUntil(at(1000), at(0))).toBe(1);
    expect(secondsUntil(at(1001), at(0))).toBe(2);
    expect(secondsUntil(at(10), at(0))).toBe(1);
  });
});
