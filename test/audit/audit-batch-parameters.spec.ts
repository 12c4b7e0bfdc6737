import { AUDIT_COLUMNS, auditBatchParameters, type AuditRecord } from '../../src/audit/audit-record';
import { auditRecord } from '../support/audit-fixtures';

/** pg's own conversion of a parameter (an array becomes its array literal); pg ships no types for it. */
const { prepareValue } = jest.requireActual<{ prepareValue: (value: unknown) => unknown }>('pg/lib/utils');

/** A record whose text fields hold what an array literal must escape (quotes, backslashes) or quote ('', 'NULL'). */
const record = (overrides: Partial<AuditRecord> = {}): AuditRecord =>
  auditRecord({
    errorCode: 'a"b\\c',
    errorDetails: { quote: 'q"\\', nothing: null },
    clientIp: '::1',
    meters: { calls: ['1', '2', '3', '4'] },
    ...overrides,
  });

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
