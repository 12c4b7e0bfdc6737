/**
 * Why a batch insert failed decides what the writer does: a data error (SQLSTATE class 22, data
 * exception, e.g. a value out of range or too long; class 23, integrity constraint) is about some
 * row in the batch and will fail again however often it is retried, so the batch is split to set
 * the bad rows aside. Anything else (connection refused or reset, 08xxx, 57P01 admin shutdown,
 * timeouts, a missing table) is an outage: the whole batch is kept and retried.
 */
export function isDataError(err: unknown): boolean {
  const code = sqlState(err);
  if (code === undefined || isPartitionRace(err, code)) return false;
  return code.startsWith('22') || code.startsWith('23');
}

/**
 * A row routed to the default partition while partition maintenance attached its month (ATTACH
 * PARTITION takes only a weak lock on the parent, so Postgres re-checks the default partition's
 * constraint and refuses the row: 23514). Nothing is wrong with the row: retried, it goes into the
 * new partition. Treated as a data error it would be set aside as a dead letter.
 */
function isPartitionRace(err: unknown, code: string): boolean {
  if (code !== '23514') return false;
  const { table, message } = err as { table?: unknown; message?: unknown };
  return table === 'audit_records_default' || (typeof message === 'string' && message.includes('violates partition constraint'));
}

/** The database's message and SQLSTATE, as stored with a dead letter. */
export function describeFailure(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = sqlState(err);
  return code ? `${message} (SQLSTATE ${code})` : message;
}

function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
