import { MemoryRateLimitStore } from '../../src/rate-limit/memory-rate-limit.store';

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
    expect(results.map((r) => [r.allowed, r.buckets[0].remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
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

describe('MemoryRateLimitStore bound', () => {
  let now = 1_000_000;
  const bucket = (key: string, limit = 1) => ({ key, limit, windowMs: 60_000 });

  it('holds at most maxWindows windows; when full, the oldest window goes instead of a refusal', async () => {
    const store = new MemoryRateLimitStore(() => now, 3);
    try {
      await store.consume([bucket('a')]);
      now += 10;
      await store.consume([bucket('b')]);
      await store.consume([bucket('c')]);
      expect((await store.consume([bucket('a')])).allowed).toBe(false); // a is full
      for (let i = 0; i < 1000; i++) await store.consume([bucket(`flood-${i}`)]);
      expect(store.size).toBe(3);
      // The flood ended the oldest windows (a, b, c) early: a caller starts afresh, nothing refused.
      expect((await store.consume([bucket('a')])).allowed).toBe(true);
      expect(store.size).toBe(3);
    } finally {
      store.close();
    }
  });

  it('a renewed window counts as new: the oldest live window is the one evicted', async () => {
    const store = new MemoryRateLimitStore(() => now, 2);
    try {
      await store.consume([{ key: 'old', limit: 5, windowMs: 1000 }]);
      await store.consume([bucket('live', 5)]);
      now += 1000; // "old" expired
      await store.consume([{ key: 'old', limit: 5, windowMs: 1000 }]); // renewed: now the newest
      await store.consume([bucket('third', 5)]); // full: evicts "live", the oldest window
      expect((await store.peek([bucket('live', 5)]))[0].remaining).toBe(5);
      expect((await store.peek([{ key: 'old', limit: 5, windowMs: 1000 }]))[0].remaining).toBe(4);
    } finally {
      store.close();
    }
  });
});
