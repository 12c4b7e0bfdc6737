import { AUDIT_COLUMNS, auditBatchParameters, type AuditRecord } from '../../src/audit/audit-record';

/** pg's own conversion of a parameter (an array becomes its array literal); pg ships no types for it. */
const { prepareValue } = jest.requireActual<{ prepareValue: (value: unknown) => unknown }>('pg/lib/utils');

/** A record whose text fields hold what an array literal must escape (quotes, backslashes) or quote ('', 'NULL'). */
function record(overrides: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id: '0b8e6f4a-0000-4000-8000-000000000001',
    createdAt: new Date('2026-11-28T12:00:00.123Z'),
    tenantId: null,
    customerId: null,
    apiKeyId: null,
    endpointId: null,
    method: 'POST',
    httpStatus: 200,
    errorCode: 'a"b\\c',
    errorDetails: { quote: 'q"\\', nothing: null },
    latencyMs: 3,
    clientIp: '::1',
    upstreamId: null,
    providersTried: 1,
    quantity: 5n,
    wholesalePicoUsd: 0n,
    resalePicoUsd: 1n,
    customerPricePicoUsd: 2n,
    meters: { calls: ['1', '2', '3', '4'] },
    usageSource: 'reported',
    streamOutcome: null,
    door: 'slug',
    keyBudgetId: null,
    customerBudgetId: null,
    tenantBudgetId: null,
    ...overrides,
  };
}

describe('auditBatchParameters', () => {
  it("writes each column as the very array literal pg's own array conversion would send", () => {
    const records = [record(), record({ method: '', errorCode: null, errorDetails: null, meters: null, door: 'NULL' })];
    const fields = Object.keys(AUDIT_COLUMNS) as Array<keyof AuditRecord>;
    const expected = fields.map((field) =>
      prepareValue(records.map((r) => (AUDIT_COLUMNS[field] as { toSql(v: unknown): unknown }).toSql(r[field]))),
    );
    expect(auditBatchParameters(records)).toEqual(expected);
  });

  it('quotes and escapes text, and writes NULL unquoted', () => {
    const [, , , , , , , , errorCode] = auditBatchParameters([record(), record({ errorCode: null })]);
    expect(errorCode).toBe('{"a\\"b\\\\c",NULL}');
  });
});
