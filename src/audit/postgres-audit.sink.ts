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
  private readonly statement: { name: string; text: string };

  constructor(
    private readonly pool: Pick<Pool, 'query'>,
    /** The budget ledger, booked in the same statement as the batches that concern it. */
    private readonly ledger?: AuditBatchLedger,
  ) {
    // One name per text: node-postgres refuses a prepared statement's name reused for another text.
    this.statement = {
      name: ledger ? 'audit_records_insert_batch_ledger' : 'audit_records_insert_batch',
      text: auditBatchStatement(ledger),
    };
  }

  async insertBatch(records: AuditRecord[]): Promise<void> {
    const values = auditBatchParameters(records);
    // Every batch carries the ledger's part: a record that held no budget may still count on one
    // set since its call (BUDGET_LEDGER_SQL).
    const result = await this.pool.query({ ...this.statement, values });
    if (this.ledger) await this.ledger.booked(result.rows, records);
  }

  async insertDeadLetters(letters: DeadLetter[]): Promise<void> {
    await this.pool.query(INSERT_DEAD_LETTERS, [letters.map((l) => l.record), letters.map((l) => l.reason)]);
  }
}
