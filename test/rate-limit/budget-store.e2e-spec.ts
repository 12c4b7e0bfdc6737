import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-rate-limit.store';
import { LIFETIME_BUDGET_STATE_IDLE_MS, MAX_BUDGET_PICO_USD, RedisRateLimitStore } from '../../src/rate-limit/redis-rate-limit.store';
import type { BudgetCheck, LimitBucket, RateLimitStore } from '../../src/rate-limit/rate-limit.types';
import { testRedisUrl } from '../support/test-env';
import { waitFor } from '../support/wait-for';

/** Pico-USD per nano-USD: the Redis script compares nano-USD, so the shared cases use whole nano amounts. */
const NANO = 1000n;
const USD = 1_000_000_000_000n;

/** A store under test, and how to let time pass on its own clock. */
interface StoreUnderTest {
  store: RateLimitStore;
  /** Returns once more than `ms` passed on the store's clock since the call. */
  pass: (ms: number) => Promise<void>;
}

/** One call's keys: a rate bucket and budgets, all in one tenant's hash tag (one Redis Cluster slot), fresh per case. */
function fixture(budgets = 1) {
  const tenant = randomUUID();
  const bucket: LimitBucket = { key: `{t:${tenant}}:k`, limit: 100, windowMs: 60_000 };
  const keys = Array.from({ length: budgets }, () => `{t:${tenant}}:b:${randomUUID()}:0`);
  let n = 0;
  /** A call holding `hold[i]` on budget i with cap `cap[i]`; its hold id is fresh unless given. */
  const check = (caps: bigint[], holds: bigint[], options: { ttlMs?: number; id?: string } = {}): BudgetCheck => ({
    buckets: keys.map((key, i) => ({ key, capPicoUsd: caps[i], holdPicoUsd: holds[i], periodEndMs: null })),
    hold: { id: options.id ?? `req-${++n}`, ttlMs: options.ttlMs ?? 60_000 },
  });
  const restore = (store: RateLimitStore, spent: bigint[], released: string[] = []) =>
    store.settleBudgets(keys.map((key, i) => ({ key, spentPicoUsd: spent[i], periodEndMs: null, releasedHoldIds: released })));
  const remaining = async (store: RateLimitStore) => (await store.peek([bucket]))[0].remaining;
  return { bucket, keys, check, restore, remaining };
}

/**
 * The budget semantics both stores must share (the memory store is the Redis script's stand-in for
 * a single process): every case runs against the real Redis script and the memory store.
 */
const CASES: Array<[string, (s: StoreUnderTest) => Promise<void>]> = [
  [
    'a budget with no state is unknown: nothing charged, nothing held, no state created',
    async ({ store }) => {
      const f = fixture();
      const result = await store.consume([f.bucket], f.check([10n * NANO], [NANO]));
      expect(result).toMatchObject({ allowed: false, retryAfterMs: 0, budget: { kind: 'unknown', index: 0 } });
      expect(await f.remaining(store)).toBe(100);
      expect(await store.budgetState(f.keys[0])).toBeNull();
    },
  ],
  [
    'the first unknown budget is named; a known budget before it gets no hold',
    async ({ store }) => {
      const f = fixture(2);
      await store.settleBudgets([{ key: f.keys[0], spentPicoUsd: 0n, periodEndMs: null, releasedHoldIds: [] }]);
      const result = await store.consume([f.bucket], f.check([10n * NANO, 10n * NANO], [NANO, NANO]));
      expect(result).toMatchObject({ allowed: false, budget: { kind: 'unknown', index: 1 } });
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 0n, heldPicoUsd: 0n });
      expect(await f.remaining(store)).toBe(100);
    },
  ],
  [
    'once restored, calls are admitted while spend + holds < cap; holds accumulate; then exceeded with the state',
    async ({ store }) => {
      const f = fixture();
      await f.restore(store, [7n * NANO]);
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 7n * NANO, heldPicoUsd: 0n });
      // 7+0, 7+1, 7+2 are under 10; 7+3 is not.
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await store.consume([f.bucket], f.check([10n * NANO], [NANO])));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results.slice(0, 3).map((r) => r.budget)).toEqual([{ kind: 'ok' }, { kind: 'ok' }, { kind: 'ok' }]);
      expect(results[3]).toMatchObject({
        retryAfterMs: 0,
        budget: { kind: 'exceeded', index: 0, state: { spentPicoUsd: 7n * NANO, heldPicoUsd: 3n * NANO } },
      });
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 7n * NANO, heldPicoUsd: 3n * NANO });
    },
  ],
  [
    'a call refused by a budget charges no rate bucket and holds nothing on any budget',
    async ({ store }) => {
      const f = fixture(2);
      await f.restore(store, [0n, 5n * NANO]);
      // Budget 0 has plenty of room; budget 1 (cap 6) has room for one call of 1.
      const caps = [100n * NANO, 6n * NANO];
      expect((await store.consume([f.bucket], f.check(caps, [NANO, NANO]))).allowed).toBe(true);
      expect(await f.remaining(store)).toBe(99);
      for (let i = 0; i < 3; i++) {
        const refused = await store.consume([f.bucket], f.check(caps, [NANO, NANO]));
        expect(refused).toMatchObject({ allowed: false, budget: { kind: 'exceeded', index: 1 } });
      }
      expect(await f.remaining(store)).toBe(99);
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 0n, heldPicoUsd: NANO });
      expect(await store.budgetState(f.keys[1])).toEqual({ spentPicoUsd: 5n * NANO, heldPicoUsd: NANO });
    },
  ],
  [
    'a call refused by a rate bucket is not checked against its budgets and holds nothing',
    async ({ store }) => {
      const f = fixture();
      await f.restore(store, [0n]);
      const one: LimitBucket = { ...f.bucket, limit: 1 };
      expect((await store.consume([one], f.check([10n * NANO], [NANO]))).allowed).toBe(true);
      const limited = await store.consume([one], f.check([10n * NANO], [NANO]));
      expect(limited).toMatchObject({ allowed: false, budget: { kind: 'ok' } });
      expect(limited.retryAfterMs).toBeGreaterThan(0);
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 0n, heldPicoUsd: NANO });
    },
  ],
  [
    'a settlement never lowers the spend (the larger figure wins), whatever the order they arrive in',
    async ({ store }) => {
      const f = fixture();
      await f.restore(store, [5n * NANO]);
      await f.restore(store, [3n * NANO]);
      expect((await store.budgetState(f.keys[0]))!.spentPicoUsd).toBe(5n * NANO);
      await f.restore(store, [0n]);
      expect((await store.budgetState(f.keys[0]))!.spentPicoUsd).toBe(5n * NANO);
      await f.restore(store, [8n * NANO]);
      expect((await store.budgetState(f.keys[0]))!.spentPicoUsd).toBe(8n * NANO);
      // Spend at the cap: exceeded with no hold at all.
      expect((await store.consume([f.bucket], f.check([8n * NANO], [NANO]))).budget).toEqual({
        kind: 'exceeded',
        index: 0,
        state: { spentPicoUsd: 8n * NANO, heldPicoUsd: 0n },
      });
    },
  ],
  [
    'a settlement releases exactly the holds it names; releasing twice, or an unknown id, is harmless',
    async ({ store }) => {
      const f = fixture();
      await f.restore(store, [0n]);
      for (const [id, amount] of [
        ['a', 1n],
        ['b', 2n],
        ['c', 4n],
      ] as const)
        expect((await store.consume([f.bucket], f.check([100n * NANO], [amount * NANO], { id }))).allowed).toBe(true);
      expect((await store.budgetState(f.keys[0]))!.heldPicoUsd).toBe(7n * NANO);

      await f.restore(store, [1n * NANO], ['a']);
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: NANO, heldPicoUsd: 6n * NANO });
      await f.restore(store, [1n * NANO], ['a', 'nobody']);
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: NANO, heldPicoUsd: 6n * NANO });
      await f.restore(store, [3n * NANO], ['b']);
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 3n * NANO, heldPicoUsd: 4n * NANO });
      await f.restore(store, [7n * NANO], ['c', 'b']);
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 7n * NANO, heldPicoUsd: 0n });
      // A released hold that lapses later releases nothing again: the held sum stays exact.
      expect((await store.consume([f.bucket], f.check([8n * NANO], [NANO]))).allowed).toBe(true);
      expect((await store.consume([f.bucket], f.check([8n * NANO], [NANO]))).budget).toMatchObject({
        kind: 'exceeded',
        state: { spentPicoUsd: 7n * NANO, heldPicoUsd: NANO },
      });
    },
  ],
  [
    'a hold that is never settled lapses after its ttl (a call whose process died), and not before',
    async ({ store, pass }) => {
      const f = fixture();
      await f.restore(store, [0n]);
      // Room for one hold: the first call's hold (short ttl) is all the budget has.
      const cap = [NANO];
      expect((await store.consume([f.bucket], f.check(cap, [NANO], { id: 'dies', ttlMs: 100 }))).allowed).toBe(true);
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 0n, heldPicoUsd: NANO });
      await pass(100);
      // Lapsed: the next call is admitted, and holds the budget in its turn (for a minute).
      const next = await store.consume([f.bucket], f.check(cap, [NANO], { id: 'lives', ttlMs: 60_000 }));
      // (Kinds compared as strings first: a failure whose values hold bigints cannot leave a jest worker.)
      expect(next.budget.kind).toBe('ok');
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 0n, heldPicoUsd: NANO });
      // Its hold has not lapsed: the budget stays held.
      await pass(100);
      expect((await store.consume([f.bucket], f.check(cap, [NANO]))).budget).toMatchObject({ kind: 'exceeded', index: 0 });
    },
  ],
  [
    'amounts far above $9,007 (2^53 pico-USD) compare exactly at nano-USD precision',
    async ({ store }) => {
      // $50,000 cap, $49,999.999999 spent, holds of $0.000001: one call fits, exactly.
      const f = fixture();
      const cap = 50_000n * USD;
      const spent = cap - 1_000_000n;
      expect(spent).toBe(49_999_999_999_000_000n);
      await f.restore(store, [spent]);
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: spent, heldPicoUsd: 0n });
      expect((await store.consume([f.bucket], f.check([cap], [1_000_000n]))).allowed).toBe(true);
      expect((await store.consume([f.bucket], f.check([cap], [1_000_000n]))).budget).toEqual({
        kind: 'exceeded',
        index: 0,
        state: { spentPicoUsd: spent, heldPicoUsd: 1_000_000n },
      });

      // $5,000,000 (5e18 pico-USD, where a double's spacing is 1,024 pico): one nano-USD under the cap is under it.
      const g = fixture();
      const big = 5_000_000n * USD;
      await g.restore(store, [big - NANO]);
      expect((await store.budgetState(g.keys[0]))!.spentPicoUsd).toBe(big - NANO);
      expect((await store.consume([g.bucket], g.check([big], [NANO]))).allowed).toBe(true);
      expect((await store.consume([g.bucket], g.check([big], [NANO]))).budget).toEqual({
        kind: 'exceeded',
        index: 0,
        state: { spentPicoUsd: big - NANO, heldPicoUsd: NANO },
      });
      await g.restore(store, [big + NANO]);
      expect((await store.budgetState(g.keys[0]))!.spentPicoUsd).toBe(big + NANO);
    },
  ],
  [
    'the largest cap a budget accepts (MAX_BUDGET_PICO_USD, 2^53 − 1 nano-USD) compares exactly at nano-USD precision',
    async ({ store }) => {
      // PUT …/budget takes caps up to MAX_BUDGET_PICO_USD, the most the script's doubles hold exactly.
      const cap = MAX_BUDGET_PICO_USD;
      expect(cap / NANO).toBe(2n ** 53n - 1n);
      const f = fixture();
      await f.restore(store, [cap - NANO]);
      // One nano-USD of room: one call of one nano-USD fits, then none.
      const first = await store.consume([f.bucket], f.check([cap], [NANO]));
      expect(first.budget.kind).toBe('ok');
      expect((await store.consume([f.bucket], f.check([cap], [NANO]))).budget).toEqual({
        kind: 'exceeded',
        index: 0,
        state: { spentPicoUsd: cap - NANO, heldPicoUsd: NANO },
      });

      // Holds of sixteen digits come back exact (the reply prints Lua's doubles with %d, not %.14g).
      const g = fixture();
      await g.restore(store, [0n]);
      const held = cap;
      expect((await store.consume([g.bucket], g.check([cap], [held]))).allowed).toBe(true);
      expect((await store.consume([g.bucket], g.check([cap], [NANO]))).budget).toEqual({
        kind: 'exceeded',
        index: 0,
        state: { spentPicoUsd: 0n, heldPicoUsd: held },
      });
    },
  ],
  [
    'several buckets and several budgets in one call: each counted and held as its own, the first full one refuses all',
    async ({ store }) => {
      const f = fixture(2);
      const second: LimitBucket = { key: `${f.bucket.key}:2`, limit: 2, windowMs: 30_000 };
      await f.restore(store, [NANO, 2n * NANO]);
      const caps = [10n * NANO, 5n * NANO];
      const first = await store.consume([f.bucket, second], f.check(caps, [3n * NANO, NANO]));
      expect(first).toMatchObject({ allowed: true, budget: { kind: 'ok' } });
      expect(first.buckets.map((b) => [b.limit, b.remaining])).toEqual([
        [100, 99],
        [2, 1],
      ]);
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: NANO, heldPicoUsd: 3n * NANO });
      expect(await store.budgetState(f.keys[1])).toEqual({ spentPicoUsd: 2n * NANO, heldPicoUsd: NANO });
      // The second budget: 2 + 1 + 2 = 5 reaches its cap of 5 after this call.
      expect((await store.consume([f.bucket, second], f.check(caps, [NANO, 2n * NANO]))).allowed).toBe(true);
      // The second bucket is full now: refused, nothing counted or held anywhere.
      const refused = await store.consume([f.bucket, second], f.check(caps, [NANO, NANO]));
      expect(refused).toMatchObject({ allowed: false, budget: { kind: 'ok' } });
      expect(refused.buckets.map((b) => b.remaining)).toEqual([98, 0]);
      // Without the full bucket: the second budget, spent and held up to its cap, refuses; the first holds nothing more.
      const exceeded = await store.consume([f.bucket], f.check(caps, [NANO, NANO]));
      expect(exceeded.budget).toEqual({ kind: 'exceeded', index: 1, state: { spentPicoUsd: 2n * NANO, heldPicoUsd: 3n * NANO } });
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: NANO, heldPicoUsd: 4n * NANO });
      expect(await f.remaining(store)).toBe(98);
    },
  ],
  [
    'a budget whose cap was changed between calls is checked against its new cap, lowered or raised',
    async ({ store }) => {
      const f = fixture();
      await f.restore(store, [5n * NANO]);
      expect((await store.consume([f.bucket], f.check([10n * NANO], [NANO]))).allowed).toBe(true);
      // 5 spent + 1 held: under a cap of 10, not under one of 6.
      expect((await store.consume([f.bucket], f.check([6n * NANO], [NANO]))).budget).toMatchObject({ kind: 'exceeded', index: 0 });
      expect((await store.consume([f.bucket], f.check([7n * NANO], [NANO]))).allowed).toBe(true);
      expect((await store.consume([f.bucket], f.check([7n * NANO], [NANO]))).allowed).toBe(false);
      expect((await store.consume([f.bucket], f.check([100n * NANO], [NANO]))).allowed).toBe(true);
    },
  ],
  [
    'a hold id of several bytes a character is held and released as sent',
    async ({ store }) => {
      const f = fixture();
      await f.restore(store, [0n]);
      const id = 'réq-€-𝄞';
      expect((await store.consume([f.bucket], f.check([10n * NANO], [3n * NANO], { id }))).allowed).toBe(true);
      expect((await store.budgetState(f.keys[0]))!.heldPicoUsd).toBe(3n * NANO);
      await f.restore(store, [NANO], [id]);
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: NANO, heldPicoUsd: 0n });
    },
  ],
  [
    'refuses a hold id with the settlements’ separator in it: no settlement could name its hold',
    async ({ store }) => {
      const f = fixture();
      await f.restore(store, [0n]);
      await expect(store.consume([f.bucket], f.check([2n * NANO], [NANO], { id: 'a,b' }))).rejects.toThrow(/hold id/);
      expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 0n, heldPicoUsd: 0n });
      expect(await f.remaining(store)).toBe(100);
    },
  ],
];

describe('budget semantics of RedisRateLimitStore (the Lua scripts, real Redis)', () => {
  let redis: Redis;
  let prefix: string;

  beforeAll(() => {
    redis = new Redis(testRedisUrl());
  });

  beforeEach(() => {
    prefix = `test:${randomUUID()}:`;
  });

  afterEach(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  });

  afterAll(async () => {
    await redis.quit();
  });

  /** Redis's clock (the one the script reads), in ms. */
  const redisNow = async () => {
    const [seconds, micros] = await redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  };

  /** Waits on the Redis clock itself: what the script compares a hold's lapse time with. */
  const pass = async (ms: number) => {
    const from = await redisNow();
    await waitFor(`${ms} ms on the Redis clock`, async () => (await redisNow()) > from + ms, ms + 10_000);
  };

  it.each(CASES)('%s', async (_name, run) => {
    await run({ store: new RedisRateLimitStore(redis, prefix), pass });
  });

  it("keeps a period's state a day past the period's end, and a lifetime budget's 30 days past its latest settlement", async () => {
    const store = new RedisRateLimitStore(redis, prefix);
    const [periodKey, lifetimeKey] = ['{t:x}:b:p:0', '{t:x}:b:l:0'];
    const end = Date.now() + 3_600_000;
    const settle = () =>
      store.settleBudgets([
        { key: periodKey, spentPicoUsd: 1n, periodEndMs: end, releasedHoldIds: [] },
        { key: lifetimeKey, spentPicoUsd: 1n, periodEndMs: null, releasedHoldIds: [] },
      ]);
    await settle();
    const ttl = await redis.pttl(prefix + periodKey);
    expect(ttl).toBeGreaterThan(end + 86_400_000 - Date.now() - 60_000);
    expect(ttl).toBeLessThanOrEqual(end + 86_400_000 - Date.now() + 1000);
    expect(LIFETIME_BUDGET_STATE_IDLE_MS).toBe(30 * 86_400_000);
    // The lifetime state's clock restarts with every settlement: shorten it, settle, and it is back to 30 days.
    await redis.pexpire(prefix + lifetimeKey, 5000);
    await settle();
    expect(await redis.pttl(prefix + lifetimeKey)).toBeGreaterThan(LIFETIME_BUDGET_STATE_IDLE_MS - 60_000);
    expect(await redis.pttl(prefix + lifetimeKey)).toBeLessThanOrEqual(LIFETIME_BUDGET_STATE_IDLE_MS);
  });

  it('a settlement releases more than a thousand holds at once, each once, and nothing it does not hold', async () => {
    const store = new RedisRateLimitStore(redis, prefix);
    const f = fixture();
    const bucket = { ...f.bucket, limit: 10_000 };
    await f.restore(store, [0n]);
    const ids = Array.from({ length: 2500 }, (_, i) => `call-${i}`);
    for (const id of ids) expect((await store.consume([bucket], f.check([3000n * NANO], [NANO], { id }))).allowed).toBe(true);
    expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 0n, heldPicoUsd: 2500n * NANO });
    // All but the last, one of them twice (in the same thousand), and an id that holds nothing.
    await f.restore(store, [2499n * NANO], [...ids.slice(0, 2499), ids[2100], 'never-held']);
    expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 2499n * NANO, heldPicoUsd: NANO });
    expect(await redis.zrange(`${prefix}${f.keys[0]}:holds`, 0, '-1')).toEqual(['call-2499']);
    expect((await redis.hkeys(prefix + f.keys[0])).sort()).toEqual(['e', 'h', 'r:call-2499', 's']);
  });

  it('a settlement whose last thousand ids were all named before releases each hold once, and fails nothing', async () => {
    const store = new RedisRateLimitStore(redis, prefix);
    const f = fixture();
    await f.restore(store, [0n]);
    expect((await store.consume([f.bucket], f.check([2n * NANO], [NANO], { id: 'only' }))).allowed).toBe(true);
    await f.restore(
      store,
      [NANO],
      Array.from({ length: 1001 }, () => 'only'),
    );
    expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: NANO, heldPicoUsd: 0n });
  });

  it('a hold written by a process that keeps no lapse mark (an older version) lapses once the mark has passed', async () => {
    const store = new RedisRateLimitStore(redis, prefix);
    const f = fixture();
    const cap = [2n * NANO];
    await f.restore(store, [0n]);
    expect((await store.consume([f.bucket], f.check(cap, [NANO], { id: 'ours', ttlMs: 300 }))).allowed).toBe(true);
    // Beside it, an older script's hold, lapsing sooner, written without touching the mark.
    const key = prefix + f.keys[0];
    await redis.hincrby(key, 'h', 1);
    await redis.hset(key, 'r:older', '1');
    await redis.zadd(`${key}:holds`, (await redisNow()) + 50, 'older');
    expect((await store.consume([f.bucket], f.check(cap, [NANO]))).budget).toMatchObject({ kind: 'exceeded', index: 0 });
    await pass(300);
    // Both lapsed by the mark: the next call is admitted and holds alone.
    expect((await store.consume([f.bucket], f.check(cap, [NANO], { id: 'next', ttlMs: 60_000 }))).budget.kind).toBe('ok');
    expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 0n, heldPicoUsd: NANO });
    expect(await redis.zrange(`${key}:holds`, 0, '-1')).toEqual(['next']);
  });

  it('rounds sub-nano amounts up (a spend or a hold is never under-counted)', async () => {
    const store = new RedisRateLimitStore(redis, prefix);
    const f = fixture();
    await f.restore(store, [1n]);
    expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: NANO, heldPicoUsd: 0n });
    expect((await store.consume([f.bucket], f.check([3n * NANO], [NANO + 1n]))).allowed).toBe(true);
    expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: NANO, heldPicoUsd: 2n * NANO });
  });
});

describe('budget semantics of MemoryRateLimitStore (the embedded default), the same cases', () => {
  let now: number;
  let store: MemoryRateLimitStore;

  beforeEach(() => {
    now = Date.UTC(2026, 0, 1);
    store = new MemoryRateLimitStore(() => now);
  });

  afterEach(() => {
    store.close();
  });

  it.each(CASES)('%s', async (_name, run) => {
    await run({
      store,
      pass: async (ms) => {
        now += ms + 1;
      },
    });
  });

  it('a hold lapses exactly at its ttl on the store clock', async () => {
    const f = fixture();
    await f.restore(store, [0n]);
    expect((await store.consume([f.bucket], f.check([NANO], [NANO], { ttlMs: 1000 }))).allowed).toBe(true);
    now += 999;
    expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 0n, heldPicoUsd: NANO });
    now += 1;
    expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 0n, heldPicoUsd: 0n });
  });

  it("drops a period's state a day past the period's end, and a lifetime budget's 30 days after its latest settlement", async () => {
    const f = fixture(2);
    const end = now + 1000;
    const settle = () =>
      store.settleBudgets([
        { key: f.keys[0], spentPicoUsd: 5n, periodEndMs: end, releasedHoldIds: [] },
        { key: f.keys[1], spentPicoUsd: 5n, periodEndMs: null, releasedHoldIds: [] },
      ]);
    await settle();
    const settledAt = now;
    now = end + 86_400_000 - 1;
    expect(await store.budgetState(f.keys[0])).toEqual({ spentPicoUsd: 5n, heldPicoUsd: 0n });
    now += 1;
    expect(await store.budgetState(f.keys[0])).toBeNull();
    // Unknown again: the next call restores it from the ledger.
    expect((await store.consume([f.bucket], f.check([NANO, NANO], [1n, 1n]))).budget).toEqual({ kind: 'unknown', index: 0 });

    now = settledAt + LIFETIME_BUDGET_STATE_IDLE_MS - 1;
    expect(await store.budgetState(f.keys[1])).toEqual({ spentPicoUsd: 5n, heldPicoUsd: 0n });
    await settle();
    now += LIFETIME_BUDGET_STATE_IDLE_MS - 1;
    expect(await store.budgetState(f.keys[1])).toEqual({ spentPicoUsd: 5n, heldPicoUsd: 0n });
    now += 1;
    expect(await store.budgetState(f.keys[1])).toBeNull();
  });
});
