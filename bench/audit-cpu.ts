/**
 * `npm run bench:audit-cpu`: the Postgres CPU time the audit batch statement costs per 1,000
 * records (the insert and every rollup upsert), beside the bare insert. On a machine shared with
 * other work the records/s of bench:audit swing ±30 % from run to run; the CPU time of the one
 * backend that ran the statements moves far less, so it is what compares two rollup shapes (run
 * them interleaved). Reads the backend's utime + stime from /proc/<pid>/stat: Postgres must run
 * on this machine, readable by this user (Linux).
 *
 * One connection, batches of 2,000 (AUDIT_BATCH_SIZE) sent one after the other, 10,000 records of
 * warm-up, then BENCH_AUDIT_RECORDS (default 200,000) of bench/audit-records.ts's shape
 * (BENCH_AUDIT_SHAPE, spread or skewed), into a fresh database (BENCH_AUDIT_DATABASE, default
 * gateway_bench_audit_cpu), migrated. DATABASE_URL: the server (default local).
 */
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { auditBatchParameters, auditBatchStatement, INSERT_AUDIT_BATCH_SQL } from '../src/audit/audit-record';
import { applyMigrations } from '../src/database/migrations/migrator';
import { auditShape, benchAuditRecords } from './audit-records';
import { freshDatabase } from './processes';

const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const TOTAL = Number(process.env.BENCH_AUDIT_RECORDS ?? 200_000);
const SHAPE = auditShape(process.env.BENCH_AUDIT_SHAPE);
const BATCH = 2000;
const WARM_UP = 10_000;

/** CPU milliseconds a process has used (user + system), from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Postgres CPU ms per 1,000 records and wall records/s of `sql` over fresh records. */
async function measure(db: Client, pid: number, name: string, sql: string) {
  const warm = benchAuditRecords(WARM_UP, SHAPE);
  for (let i = 0; i < warm.length; i += BATCH) await db.query({ name, text: sql, values: auditBatchParameters(warm.slice(i, i + BATCH)) });
  const records = benchAuditRecords(TOTAL, SHAPE);
  const batches: string[][] = [];
  for (let i = 0; i < records.length; i += BATCH) batches.push(auditBatchParameters(records.slice(i, i + BATCH)));
  const cpuBefore = cpuMs(pid);
  const started = process.hrtime.bigint();
  for (const values of batches) await db.query({ name, text: sql, values });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = cpuMs(pid) - cpuBefore;
  return { cpuMsPer1000: cpu / (TOTAL / 1000), wallRecordsPerSecond: TOTAL / (wallMs / 1000) };
}

async function main(): Promise<void> {
  const url = await freshDatabase(server, process.env.BENCH_AUDIT_DATABASE ?? 'gateway_bench_audit_cpu');
  await applyMigrations(url);
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const pid = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const statement = await measure(db, pid, 'bench_batch_statement', auditBatchStatement());
    const bare = await measure(db, pid, 'bench_bare_insert', INSERT_AUDIT_BATCH_SQL);
    console.table([
      {
        path: 'batch statement: insert + rollups (production)',
        'Postgres CPU ms / 1,000 records': statement.cpuMsPer1000.toFixed(2),
        'wall records/s': Math.round(statement.wallRecordsPerSecond),
      },
      {
        path: 'bare INSERT … unnest, no rollups',
        'Postgres CPU ms / 1,000 records': bare.cpuMsPer1000.toFixed(2),
        'wall records/s': Math.round(bare.wallRecordsPerSecond),
      },
    ]);
    console.log(
      `${TOTAL} records (${SHAPE}), one connection, batches of ${BATCH}: the rollups cost ` +
        `${(statement.cpuMsPer1000 - bare.cpuMsPer1000).toFixed(2)} ms of Postgres CPU per 1,000 records`,
    );
  } finally {
    await db.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
