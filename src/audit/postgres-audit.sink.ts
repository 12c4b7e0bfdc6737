import type { Pool } from 'pg';
import { auditBatchParameters, auditBatchStatement, type AuditBatchLedger, type AuditRecord } from './audit-record';
import type { AuditSink, DeadLetter } from './audit-writer';

/** Rows refused for their data go beside the table, as JSON, with the reason (rare: not prepared). */
const INSERT_DEAD_LETTERS = `
INSERT INTO audit_dead_letters (record, reason) SELECT * FROM unnest($1::jsonb[], $2::text[])`;

/**
 * Batches go in as one named prepared statement (audit-record.ts) on the pg pool under the Prisma
 * client rather than through Prisma: Prisma's createMany compiles a new query for every batch
 * size, and even its raw-query path re-serialises every parameter and compiles the statement per
 * call, about 8 % of the gateway's CPU per request under load (bench/README.md).
 */
export class PostgresAuditSink implements AuditSink {
  private readonly plainSql: string;
  private readonly ledgerSql: string | undefined;

  constructor(
    private readonly pool: Pick<Pool, 'query'>,
    /** The budget ledger, booked in the same statement as the batches that concern it. */
    private readonly ledger?: AuditBatchLedger,
  ) {
    this.plainSql = auditBatchStatement();
    this.ledgerSql = ledger && auditBatchStatement(ledger);
  }

  async insertBatch(records: AuditRecord[]): Promise<void> {
    const values = auditBatchParameters(records);
    if (this.ledger && this.ledgerSql && records.some((r) => this.ledger!.concerns(r))) {
      const result = await this.pool.query({ name: 'audit_records_insert_batch_ledger', text: this.ledgerSql, values });
      await this.ledger.booked(result.rows);
      return;
    }
    await this.pool.query({ name: 'audit_records_insert_batch', text: this.plainSql, values });
  }

  async insertDeadLetters(letters: DeadLetter[]): Promise<void> {
    await this.pool.query(INSERT_DEAD_LETTERS, [letters.map((l) => l.record), letters.map((l) => l.reason)]);
  }
}
