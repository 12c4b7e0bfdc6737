import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { RedisRateLimitStore } from '../../src/rate-limit/redis-rate-limit.store';
import { RateLimitThrottlerStorage } from '../../src/rate-limit/throttler-storage.adapter';
import { testRedisUrl } from '../support/test-env';

describe('RedisRateLimitStore (the atomic Lua script)', () => {
  const prefix = `test:${randomUUID()}:`;
  let a: Redis;
  let b: Redis;

  beforeAll(() => {
    a = new Redis(testRedisUrl());
    b = new Redis(testRedisUrl());
  });

  afterAll(async () => {
    const keys = await a.keys(`${prefix}*`);
    if (keys.length) await a.del(...keys);
    await Promise.all([a.quit(), b.quit()]);
  });

  it('two connections racing admit exactly the limit', async () => {
    const storeA = new RedisRateLimitStore(a, prefix);
    const storeB = new RedisRateLimitStore(b, prefix);
    const buckets = [{ key: '{t:race}:k', limit: 250, windowMs: 60_000 }];
    const calls = [];
    for (let i = 0; i < 300; i++) calls.push(storeA.consume(buckets), storeB.consume(buckets));
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.allowed)).toHaveLength(250);
    expect(Math.min(...results.map((r) => r.buckets[0].remaining))).toBe(0);
  });

  it('a call rejected by one bucket charges none of the others', async () => {
    const store = new RedisRateLimitStore(a, prefix);
    const both = [
      { key: '{t:multi}:endpoint', limit: 10, windowMs: 60_000 },
      { key: '{t:multi}:tenant', limit: 1, windowMs: 60_000 },
    ];
    expect((await store.consume(both)).allowed).toBe(true);
    const rejected = await store.consume(both);
    expect(rejected.allowed).toBe(false);
    expect(rejected.retryAfterMs).toBeGreaterThan(59_000);
    expect((await store.peek([both[0]]))[0].remaining).toBe(9);
    expect(await a.pttl(`${prefix}{t:multi}:endpoint`)).toBeGreaterThan(59_000);
  });

  it('a window ends at its reset time, after which calls are admitted again', async () => {
    const store = new RedisRateLimitStore(a, prefix);
    const bucket = [{ key: '{t:window}:k', limit: 1, windowMs: 150 }];
    const first = await store.consume(bucket);
    expect((await store.consume(bucket)).allowed).toBe(false);
    // Wait on the time the store itself reported, then the next call opens a new window.
    let next = await store.consume(bucket);
    while (!next.allowed && Date.now() < first.buckets[0].resetAtMs + 2000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      next = await store.consume(bucket);
    }
    expect(next.allowed).toBe(true);
    expect(next.buckets[0].remaining).toBe(0);
  });

  it('keeps the encoding of a frozen list of buckets with it; another list, or one not frozen and since changed, is read as it is', async () => {
    const store = new RedisRateLimitStore(a, prefix);
    const key = '{t:lists}:k';
    const one = Object.freeze([Object.freeze({ key, limit: 1, windowMs: 60_000 })]);
    const three = Object.freeze([Object.freeze({ key, limit: 3, windowMs: 60_000 })]);
    expect((await store.consume(one)).allowed).toBe(true);
    expect((await store.consume(one)).allowed).toBe(false);
    expect((await store.consume(three)).buckets[0]).toMatchObject({ limit: 3, remaining: 1 });
    const open = [{ key, limit: 3, windowMs: 60_000 }];
    expect((await store.consume(open)).buckets[0].remaining).toBe(0);
    open[0] = { key, limit: 5, windowMs: 60_000 };
    expect((await store.consume(open)).buckets[0]).toMatchObject({ limit: 5, remaining: 1 });
    expect(await a.get(`${prefix}${key}`)).toBe('4');
  });

  it('counts keys of several bytes a character under the key as written', async () => {
    const store = new RedisRateLimitStore(a, prefix);
    const key = '{t:é}:k€𝄞';
    for (let i = 0; i < 2; i++) await store.consume(Object.freeze([{ key, limit: 10, windowMs: 60_000 }]));
    expect(await a.get(`${prefix}${key}`)).toBe('2');
  });

  it('serves @nestjs/throttler through its storage interface', async () => {
    const storage = new RateLimitThrottlerStorage(new RedisRateLimitStore(a, prefix));
    const records = [];
    for (let i = 0; i < 3; i++) records.push(await storage.increment('ip:127.0.0.1', 60_000, 2, 60_000, 'default'));
    expect(records.map((r) => [r.totalHits, r.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(records[2].timeToBlockExpire).toBeGreaterThan(0);
  });
});
