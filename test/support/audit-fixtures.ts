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
    latencyMs: 1,
    clientIp: '203.0.113.9',
    upstreamId: null,
    providersTried: 1,
    quantity: 1234n,
    wholesalePicoUsd: 2468n,
    resalePicoUsd: 3702n,
    customerPricePicoUsd: 4100n,
    usageSource: 'reported',
    streamOutcome: null,
    keyBudgetId: null,
    customerBudgetId: null,
    tenantBudgetId: null,
    ...changes,
  };
}

/** An AuditWriter logger that prints nothing. */
export const silentAuditLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
