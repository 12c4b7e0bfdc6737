import { MemoryRateLimitStore } from './memory-rate-limit.store';

describe('MemoryRateLimitStore', () => {
  let now = 1_000_000;
  let store: MemoryRateLimitStore;
  const bucket = (key: string, limit: number, windowMs = 60_000) => ({ key, limit, windowMs });

  beforeEach(() => {
    now = 1_000_000;
    store = new MemoryRateLimitStore(() => now);
  });
  afterEach(() => store.close());

  it('counts a fixed window from the first call and resets at its end', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await store.consume([bucket('a', 3)]));
    expect(results.map((r) => [r.allowed, r.buckets[0].remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]]);
    expect(results[3].buckets[0].resetAtMs).toBe(1_060_000);
    now += 30_000;
    expect((await store.consume([bucket('a', 3)])).retryAfterMs).toBe(30_000);
    now += 30_000;
    const fresh = await store.consume([bucket('a', 3)]);
    expect([fresh.allowed, fresh.buckets[0].remaining, fresh.buckets[0].resetAtMs]).toEqual([true, 2, 1_120_000]);
  });

  it('charges every bucket or none: a call rejected by one limit consumes nothing of the others', async () => {
    await store.consume([bucket('endpoint', 10), bucket('tenant', 1)]);
    const rejected = await store.consume([bucket('endpoint', 10), bucket('tenant', 1)]);
    expect(rejected.allowed).toBe(false);
    expect(rejected.buckets.map((b) => b.remaining)).toEqual([9, 0]);
    expect((await store.peek([bucket('endpoint', 10)]))[0].remaining).toBe(9);
  });

  it('sweeps windows that ended, so memory stays bounded', async () => {
    for (let i = 0; i < 100; i++) await store.consume([bucket(`k${i}`, 5, 1000)]);
    expect(store.size).toBe(100);
    now += 1000;
    store.sweep();
    expect(store.size).toBe(0);
  });
});
