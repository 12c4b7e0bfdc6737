/**
 * The audit records bench:audit and bench:audit-cpu write: 1,000 tenants, 50 keys each (the even
 * ones its 25 customers', one each; the odd ones its own), 16 endpoints, statuses (5 % 429) and
 * latencies mixed, one day. Two shapes:
 * - spread (the default): the keys come round in turn, so each record of a batch is a group of its
 *   own in every rollup: the worst case for the rollups.
 * - skewed: callers drawn as bench:reports' seed does (the busiest tenants and, within a tenant,
 *   its first customers take most calls; each key 1 to 3 endpoints; 5 % of the calls the tenants'
 *   own keys), from a fixed PRNG seed, as traffic concentrates in practice.
 */
import { randomUUID } from 'node:crypto';
import type { AuditMeters, AuditRecord } from '../src/audit/audit-record';

export type AuditShape = 'spread' | 'skewed';

export function auditShape(value: string | undefined): AuditShape {
  if (value === undefined || value === 'spread' || value === 'skewed') return value ?? 'spread';
  throw new Error(`BENCH_AUDIT_SHAPE must be spread or skewed, not ${value}`);
}

/** mulberry32: the skewed shape's draws, the same every run. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` records of the shape, over fresh tenants, keys and endpoints. */
export function benchAuditRecords(n: number, shape: AuditShape): AuditRecord[] {
  const tenants = Array.from({ length: 1000 }, () => randomUUID());
  const keys = tenants.flatMap((tenantId) =>
    Array.from({ length: 50 }, (_, i) => ({ tenantId, apiKeyId: randomUUID(), customerId: i % 2 === 0 ? randomUUID() : null })),
  );
  const endpoints = Array.from({ length: 16 }, () => randomUUID());
  const now = Date.now();
  const random = prng(42);
  const skewed = () => {
    const t = Math.min(999, Math.floor(1000 * random() ** 2.5));
    const own = random() < 0.05;
    const k = own ? 2 * Math.floor(random() * 5) + 1 : 2 * Math.floor(25 * random() ** 2);
    return { key: keys[t * 50 + k], endpoint: endpoints[(t * 50 + k + 5 * Math.floor(random() * (1 + (k % 3)))) % 16] };
  };
  return Array.from({ length: n }, (_, i) => {
    const drawn = shape === 'skewed' ? skewed() : null;
    const key = drawn ? drawn.key : keys[(i * 7919) % keys.length];
    const ok = i % 20 !== 0;
    return {
      id: randomUUID(),
      createdAt: new Date(now - (i % 3_600_000)),
      ...key,
      endpointId: drawn ? drawn.endpoint : endpoints[i % endpoints.length],
      method: 'POST',
      httpStatus: ok ? 200 : 429,
      errorCode: ok ? null : 'rate_limited',
      errorDetails: null,
      latencyMs: 5 + (i % 400),
      clientIp: '203.0.113.9',
      upstreamId: ok ? endpoints[(i + 1) % endpoints.length] : null,
      providersTried: ok ? 1 : 0,
      quantity: ok ? BigInt(1 + (i % 3000)) : 0n,
      wholesalePicoUsd: ok ? BigInt(1000 + i) : 0n,
      resalePicoUsd: ok ? BigInt(2000 + i) : 0n,
      customerPricePicoUsd: ok ? BigInt(2500 + i) : 0n,
      // A text call's two meters, as most calls are billed; their figures sum to the columns above.
      meters: ok ? splitMeters(BigInt(1 + (i % 3000)), BigInt(1000 + i), BigInt(2000 + i), BigInt(2500 + i)) : null,
      usageSource: ok ? 'reported' : null,
      streamOutcome: null,
      door: 'slug',
      keyBudgetId: null,
      customerBudgetId: null,
      tenantBudgetId: null,
    };
  });
}

/** Input and output tokens that sum to the record's quantity and amounts (input a third of each). */
function splitMeters(quantity: bigint, wholesale: bigint, resale: bigint, customer: bigint): AuditMeters {
  const third = (v: bigint) => v / 3n;
  return {
    input_tokens: [third(quantity), third(wholesale), third(resale), third(customer)].map(String) as [string, string, string, string],
    output_tokens: [quantity - third(quantity), wholesale - third(wholesale), resale - third(resale), customer - third(customer)].map(
      String,
    ) as [string, string, string, string],
  };
}
