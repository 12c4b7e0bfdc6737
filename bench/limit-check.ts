/**
 * `npm run build && node dist/bench/limit-check.js`: the gateway's CPU for one call's limit check,
 * measured alone against the real Redis (REDIS_URL): RateLimitService.checkCall through the Redis
 * store (the command built, sent with the connection's coalesced writes, its reply decoded) and the
 * rate-limit headers written, for the three shapes of `npm run bench`: (c) one bucket, (g) four
 * buckets, (h) four buckets and two budgets held. BENCH_LIMIT_CHECKS checks (default 20,000) per
 * round, 16 in flight as under load; six rounds of each, interleaved, after one of warm-up; prints
 * the median and every round in µs of this process's CPU per check (Redis's own time not counted).
 * The whole-path bench cannot resolve a change of a few µs through its noise; this can.
 */
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { CatalogEntry } from '../src/catalog/catalog-entry';
import type { AppConfig } from '../src/config/app-config';
import type { Caller } from '../src/keys/caller';
import { RateLimitService, setRateLimitHeaders } from '../src/rate-limit/rate-limit.service';
import type { BudgetCheck } from '../src/rate-limit/rate-limit.types';
import { RedisRateLimitStore } from '../src/rate-limit/redis-rate-limit.store';
import { coalesceCommandWrites } from '../src/redis/redis-client';

type Shape = 'c' | 'g' | 'h';

const checks = Number(process.env.BENCH_LIMIT_CHECKS ?? 20_000);
const IN_FLIGHT = 16;
const ROUNDS = 6;
const HIGH = 1_000_000_000;

async function main(): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { enableAutoPipelining: false });
  coalesceCommandWrites(redis);
  const store = new RedisRateLimitStore(redis, `bench:limit-check:${Date.now()}:`);
  const limits = new RateLimitService(store, { RATE_LIMIT_WINDOW_SECONDS: 60, INVALID_REQUEST_RATE_LIMIT: 120 } as AppConfig);
  const endpoint = { slug: 'data.enrich', defaultRateLimit: HIGH, endpointRateLimit: null } as CatalogEntry;
  const tenantId = randomUUID();
  const plainKey = { tenantId, keyId: randomUUID(), customerId: null, keyRateLimit: HIGH, tenantRateLimit: null, limits: null } as Caller;
  const customerKey = {
    ...plainKey,
    keyId: randomUUID(),
    customerId: randomUUID(),
    keyRateLimit: null,
    limits: {
      keyAll: HIGH,
      keyBySlug: new Map([['data.enrich', HIGH]]),
      customerAll: HIGH,
      customerBySlug: new Map([['data.enrich', HIGH]]),
    },
  } as Caller;
  const budgetKeys = [0, 1].map((i) => `{t:${tenantId}}:budget:${i}`);
  const periodEndMs = Date.now() + 86_400_000;
  const budgets = (): BudgetCheck => ({
    buckets: budgetKeys.map((key) => ({ key, capPicoUsd: 9_000_000n * 10n ** 12n, holdPicoUsd: 12_345_000n, periodEndMs })),
    hold: { id: randomUUID(), ttlMs: 3_600_000 },
  });
  const settle = (releasedHoldIds: string[]) =>
    store.settleBudgets(budgetKeys.map((key) => ({ key, spentPicoUsd: 0n, periodEndMs, releasedHoldIds })));
  await settle([]); // the budgets' states exist, as after a call's restore
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Parameters<
    typeof setRateLimitHeaders
  >[0];

  async function round(shape: Shape): Promise<number> {
    let started = 0;
    const held: string[] = [];
    const before = process.cpuUsage();
    const worker = async () => {
      while (started < checks) {
        started++;
        const check = shape === 'h' ? budgets() : undefined;
        const decision = await limits.checkCall(shape === 'c' ? plainKey : customerKey, endpoint, check);
        if (!decision.allowed) throw new Error(`the ${shape} check was refused`);
        setRateLimitHeaders(response, decision);
        if (check) held.push(check.hold.id);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const used = process.cpuUsage(before);
    if (held.length > 0) await settle(held);
    return (used.user + used.system) / checks;
  }

  const shapes: Shape[] = ['c', 'g', 'h'];
  for (const shape of shapes) await round(shape); // warm-up: code optimised, keys created
  const perCheck: Record<Shape, number[]> = { c: [], g: [], h: [] };
  for (let r = 0; r < ROUNDS; r++) for (const shape of r % 2 ? [...shapes].reverse() : shapes) perCheck[shape].push(await round(shape));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const names: Record<Shape, string> = { c: '(c) one bucket', g: '(g) four buckets', h: '(h) four buckets, two budgets' };
  for (const shape of shapes) {
    const rounds = perCheck[shape].map((us) => us.toFixed(1)).join(' ');
    process.stdout.write(`${names[shape]}: ${median(perCheck[shape]).toFixed(2)} µs CPU per check (rounds ${rounds})\n`);
  }
  redis.disconnect();
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
