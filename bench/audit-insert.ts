/**
 * `npm run bench:audit`: how many audit records a second the writer lands in Postgres, with the
 * daily rollups and the budget ledger kept in the same statement (the production path), against the
 * same without the ledger and the bare insert without either (run in that order after a warm-up, so
 * the production path runs last, on the fullest table). The writer sends up to two batches at a time (AUDIT_BATCH_SIZE, 2,000; AUDIT_WRITE_CONCURRENCY), each one prepared
 * INSERT … SELECT FROM unnest(one array per column) — chosen over COPY because it is one
 * statement per batch that also carries ON CONFLICT (a retried batch is a no-op) and the rollup
 * CTEs (a batch and its sums are atomic), which COPY cannot.
 * Records: bench/audit-records.ts (BENCH_AUDIT_SHAPE=spread, the default and the worst case for
 * the rollups, or skewed). Target: at least 20,000 records/s.
 * Env: BENCH_AUDIT_RECORDS (default 200,000), BENCH_AUDIT_DATABASE (default gateway_bench_audit;
 * dropped and created anew), BENCH_AUDIT_BATCH (2,000), BENCH_AUDIT_CONCURRENCY (batches in flight, 2 as
 * AUDIT_WRITE_CONCURRENCY), DATABASE_URL (server; default local).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { auditBatchParameters, INSERT_AUDIT_BATCH_SQL, type AuditBatchLedger, type AuditRecord } from '../src/audit/audit-record';
import { AuditWriter } from '../src/audit/audit-writer';
import { PostgresAuditSink } from '../src/audit/postgres-audit.sink';
import { maintainAuditPartitions } from '../src/audit/audit-partitions';
import { BUDGET_LEDGER_SQL } from '../src/budgets/budget-ledger';
import { applyMigrations } from '../src/database/migrations/migrator';
import { auditShape, benchAuditRecords } from './audit-records';
import { freshDatabase } from './processes';

const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const total = Number(process.env.BENCH_AUDIT_RECORDS ?? 200_000);
const BATCH = Number(process.env.BENCH_AUDIT_BATCH ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_AUDIT_CONCURRENCY ?? 2);

const SHAPE = auditShape(process.env.BENCH_AUDIT_SHAPE);
const makeRecords = (n: number) => benchAuditRecords(n, SHAPE);

/** The budget ledger's part of every batch, as the gateway runs it (the settlement to the store left out: no call holds here). */
const LEDGER: AuditBatchLedger = { sql: BUDGET_LEDGER_SQL, booked: async () => undefined };

async function viaWriter(pool: Pool, records: AuditRecord[], ledger?: AuditBatchLedger): Promise<number> {
  const spillDir = mkdtempSync(join(tmpdir(), 'bench-audit-'));
  const writer = new AuditWriter(new PostgresAuditSink(pool, ledger), {
    batchSize: BATCH,
    concurrency: CONCURRENCY,
    flushIntervalMs: 250,
    bufferMax: records.length + 1,
    spillDir,
    deadLetterFile: join(spillDir, 'dead-letter.ndjson'),
    logger: { info: () => undefined, warn: () => undefined, error: (o, m) => console.error(m, o) },
  });
  const started = process.hrtime.bigint();
  for (const r of records) writer.enqueue(r);
  await writer.drain(600_000);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (writer.stats().spilled > 0 || writer.stats().deadLettered > 0)
    throw new Error(`writer spilled or dead-lettered: ${JSON.stringify(writer.stats())}`);
  return records.length / seconds;
}

async function bareInsert(pool: Pool, records: AuditRecord[]): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < records.length; i += BATCH) {
    await pool.query({
      name: 'bench_bare_insert',
      text: INSERT_AUDIT_BATCH_SQL,
      values: auditBatchParameters(records.slice(i, i + BATCH)),
    });
  }
  return records.length / (Number(process.hrtime.bigint() - started) / 1e9);
}

async function main(): Promise<void> {
  const url = await freshDatabase(server, process.env.BENCH_AUDIT_DATABASE ?? 'gateway_bench_audit');
  await applyMigrations(url);
  const pool = new Pool({ connectionString: url, max: 4 });
  // As a gateway does at start: the month's partition exists, so records land in it (not in the default partition).
  await maintainAuditPartitions(pool, { aheadMonths: 1, retentionMonths: 0 }, new Date());
  // Warm-up: prepare the statements, fill the caches.
  await viaWriter(pool, makeRecords(5000), LEDGER);
  await viaWriter(pool, makeRecords(5000));
  await bareInsert(pool, makeRecords(5000));

  const bare = await bareInsert(pool, makeRecords(total));
  const withRollups = await viaWriter(pool, makeRecords(total));
  const withLedger = await viaWriter(pool, makeRecords(total), LEDGER);
  const { rows } = await pool.query<{ records: string; rollup: string; calls: string; partitions: string }>(
    `SELECT (SELECT count(*) FROM audit_records)::text AS records, (SELECT count(*) FROM usage_daily)::text AS rollup,
       (SELECT sum(calls) FROM usage_daily)::text AS calls,
       (SELECT string_agg(DISTINCT tableoid::regclass::text, ', ') FROM audit_records) AS partitions`,
  );
  await pool.end();
  console.table([
    {
      path: 'AuditWriter → one statement: insert + daily rollups + budget ledger (production)',
      'records/s': Math.round(withLedger),
      batch: BATCH,
      'batches in flight': CONCURRENCY,
    },
    {
      path: 'the same without the budget ledger',
      'records/s': Math.round(withRollups),
      batch: BATCH,
      'batches in flight': CONCURRENCY,
    },
    { path: 'bare INSERT … unnest, no rollups (for comparison)', 'records/s': Math.round(bare), batch: BATCH, 'batches in flight': 1 },
  ]);
  console.log(
    `${total} records per run (${SHAPE}); target ≥ 20,000 records/s in production: ${withLedger >= 20_000 ? 'met' : 'NOT met'}; ` +
      `audit_records ${rows[0].records} rows (in ${rows[0].partitions}), usage_daily ${rows[0].rollup} rows holding ${rows[0].calls} calls (the runs through the writer)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
