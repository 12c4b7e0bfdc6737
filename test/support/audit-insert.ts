import type { AuditRecord } from '../../src/audit/audit-record';
import { isDataError } from '../../src/audit/audit-failure';
import type { PostgresAuditSink } from '../../src/audit/postgres-audit.sink';

/**
 * insertBatch as the audit writer drives it: a failure that is not about the data (a deadlock, a
 * lost connection, a record of an old month routed to the default partition while another
 * process's partition maintenance attached that month) is retried whole. Returns the attempts it
 * took beyond the first.
 */
export async function insertLikeTheWriter(sink: Pick<PostgresAuditSink, 'insertBatch'>, batch: AuditRecord[]): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      await sink.insertBatch(batch);
      return attempt;
    } catch (err) {
      if (isDataError(err) || attempt >= 20) throw err;
    }
  }
}
