import { isDataError } from '../../src/audit/audit-failure';

/** What the audit writer sets aside (a data error: split the batch, dead-letter the bad rows) and what it retries whole. */
describe('isDataError', () => {
  const pgError = (code: string, message: string, extra: Record<string, unknown> = {}) =>
    Object.assign(new Error(message), { code, ...extra });

  it('a value the table refuses is about the row: set aside', () => {
    expect(isDataError(pgError('22003', 'numeric field overflow'))).toBe(true);
    expect(isDataError(pgError('23502', 'null value in column "slug" violates not-null constraint'))).toBe(true);
    expect(
      isDataError(pgError('23514', 'new row for relation "audit_records" violates check constraint "x"', { table: 'audit_records' })),
    ).toBe(true);
  });

  it('a row refused by the default partition while its month was being attached is retried whole, never dead-lettered', () => {
    const race = 'new row for relation "audit_records_default" violates partition constraint';
    expect(isDataError(pgError('23514', race, { table: 'audit_records_default' }))).toBe(false);
    // Recognised by its message too, when the driver gives no table.
    expect(isDataError(pgError('23514', race))).toBe(false);
  });

  it('an outage is retried whole', () => {
    expect(isDataError(pgError('08006', 'connection failure'))).toBe(false);
    expect(isDataError(pgError('40P01', 'deadlock detected'))).toBe(false);
    expect(isDataError(new Error('socket hang up'))).toBe(false);
  });
});
