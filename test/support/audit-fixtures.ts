import { randomUUID } from 'node:crypto';
import type { AuditRecord } from '../../src/audit/audit-record';

/** An audit record as the request path produces it, with a fresh id; `changes` override any field. */
export function auditRecord(changes: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id: randomUUID(),
    createdAt: new Date(),
    tenantId: null,
    customerId: null,
    apiKeyId: null,
    endpointId: null,
    method: 'POST',
    httpStatus: 200,
    errorCode: null,
    errorDetails: null,
    latencyMs: 1,
    clientIp: '203.0.113.9',
    upstreamId: null,
    providersTried: 1,
    quantity: 1234n,
    wholesalePicoUsd: 2468n,
    resalePicoUsd: 3702n,
    customerPricePicoUsd: 4100n,
    meters: null,
    usageSource: 'reported',
    streamOutcome: null,
    door: 'slug',
    keyBudgetId: null,
    customerBudgetId: null,
    tenantBudgetId: null,
    ...changes,
  };
}

/** An AuditWriter logger that prints nothing. */
export const silentAuditLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * `n` calls of one caller at `at` (1 ms apart): a tenant's customer, its own keys (customer null)
 * or no tenant at all. Every third call is a 429 (an error, billed nothing); the others carry
 * amounts that differ call by call, so a sum that counts one twice or misses one shows.
 */
export function callsOf(caller: { tenantId: string | null; customerId?: string | null; endpointId?: string | null }, at: Date, n: number) {
  return Array.from({ length: n }, (_, i) => {
    const answered = i % 3 !== 2;
    const seed = BigInt(at.getTime() % 1_000_000) * 1000n + BigInt(i);
    return auditRecord({
      tenantId: caller.tenantId,
      customerId: caller.customerId ?? null,
      apiKeyId: caller.tenantId === null ? null : randomUUID(),
      endpointId: caller.endpointId ?? null,
      createdAt: new Date(at.getTime() + i),
      httpStatus: answered ? 200 : 429,
      quantity: answered ? 1_000n + seed : 0n,
      wholesalePicoUsd: answered ? 999_999_937n * (seed + 1n) : 0n,
      resalePicoUsd: answered ? 1_999_999_919n * (seed + 1n) : 0n,
      customerPricePicoUsd: answered ? 2_999_999_929n * (seed + 1n) : 0n,
    });
  });
}

/** The sums a report shows for these records, as decimal strings. */
export function sumsOf(records: readonly AuditRecord[]) {
  const sum = (f: (r: AuditRecord) => bigint) => records.reduce((t, r) => t + f(r), 0n).toString();
  return {
    calls: records.length,
    errors: records.filter((r) => r.httpStatus >= 400).length,
    quantity: sum((r) => r.quantity),
    wholesale: sum((r) => r.wholesalePicoUsd),
    resale: sum((r) => r.resalePicoUsd),
    customer: sum((r) => r.customerPricePicoUsd),
  };
}
