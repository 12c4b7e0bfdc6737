import type { Client, Pool, PoolClient } from 'pg';

/**
 * The monthly partitions of `audit_records` (declared PARTITION BY RANGE (created_at) in its
 * migration): one table per UTC calendar month, `audit_records_YYYY_MM`, plus the default
 * partition, which takes a record of any month that has no partition yet (so no record is ever
 * refused). Kept by `maintainAuditPartitions`: every process runs it at start and one process
 * every AUDIT_PARTITION_CHECK_INTERVAL_MS.
 */

/** A UTC calendar month: [start, end). */
export interface AuditMonth {
  readonly start: Date;
  readonly end: Date;
  /** The partition's table name: audit_records_YYYY_MM. */
  readonly table: string;
}

export const AUDIT_DEFAULT_PARTITION = 'audit_records_default';

const PARTITION_NAME = /^audit_records_(\d{4})_(\d{2})$/;

/** The month `offset` months after the one holding `at` (negative: before). */
export function auditMonth(at: Date, offset = 0): AuditMonth {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const table = `audit_records_${start.getUTCFullYear().toString().padStart(4, '0')}_${(start.getUTCMonth() + 1).toString().padStart(2, '0')}`;
  return { start, end, table };
}

/** The month a partition's table name stands for; undefined for any other table (the default partition). */
export function auditMonthOfTable(table: string): AuditMonth | undefined {
  const match = PARTITION_NAME.exec(table);
  if (!match) return undefined;
  return auditMonth(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/**
 * Where records stop being kept: the start of the month `retentionMonths` months before the one
 * holding `now` (the current month and that many full months before it are kept); undefined when
 * every record is kept (0).
 */
export function auditRetentionCutoff(now: Date, retentionMonths: number): Date | undefined {
  return retentionMonths > 0 ? auditMonth(now, -retentionMonths).start : undefined;
}

export interface AuditPartitionPolicy {
  /** Months after the current one that must have their partition. */
  aheadMonths: number;
  /** 0: keep every record. */
  retentionMonths: number;
}

/** What one maintenance pass did. */
export interface AuditPartitionReport {
  /** Partitions created, by table name. */
  created: string[];
  /** Records moved from the default partition into the months created for them. */
  moved: number;
  /** Partitions dropped by retention. */
  dropped: string[];
  /** Records past retention deleted from the default partition. */
  purged: number;
}

/**
 * Serialises maintenance across processes, and against a rollup rebuild and a new budget (which
 * takes it shared before it locks the table: PrismaBudgetsRepository.put). An arbitrary constant.
 */
export const AUDIT_PARTITIONS_LOCK = 7_316_040_507;

/**
 * One maintenance pass, in one transaction under an advisory lock (processes take turns; the
 * second finds the work done):
 * - every month from the current one to `aheadMonths` later gets its partition, and so does every
 *   month (within retention) that has records waiting in the default partition; those records move
 *   into it in the same transaction (Postgres refuses a new partition whose range the default
 *   partition holds rows of);
 * - with retention, the partitions of months before the cutoff are dropped, records before it are
 *   deleted from the default partition, and `audit_retention` remembers the cutoff (the rollups
 *   of those days stay, and a rebuild leaves them alone).
 * A pass with a partition to create or drop locks the parent table first, for the rest of its
 * transaction: writers and readers wait for it (a few milliseconds when the default partition is
 * empty, as it is unless the clock jumped or a record of an old month arrived late; moving such
 * records is done under the same lock). `lockTimeoutMs` bounds that wait: past it the pass fails
 * and the next one tries again, and records wait in the default partition meanwhile.
 */
export async function maintainAuditPartitions(
  pool: Pool,
  policy: AuditPartitionPolicy,
  now: Date,
  lockTimeoutMs = 5_000,
): Promise<AuditPartitionReport> {
  const report: AuditPartitionReport = { created: [], moved: 0, dropped: [], purged: 0 };
  const cutoff = auditRetentionCutoff(now, policy.retentionMonths);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_PARTITIONS_LOCK]);
    await client.query(`SELECT set_config('lock_timeout', $1, true)`, [`${lockTimeoutMs}ms`]);

    let plan = await planPass(client, policy, now, cutoff);
    if (plan.create.length > 0 || plan.drop.length > 0) {
      // The parent before any partition, the order every query takes them in. Moving records locks
      // the default partition; taking the parent only afterwards (CREATE … PARTITION OF, DROP)
      // deadlocked with a query holding the parent and waiting for the default partition. The
      // plan is made again under the lock: a record may have reached the default partition since.
      await client.query('LOCK TABLE ONLY audit_records IN ACCESS EXCLUSIVE MODE');
      plan = await planPass(client, policy, now, cutoff);
    }
    for (const month of plan.create) {
      report.moved += await createPartition(client, month);
      report.created.push(month.table);
    }
    for (const table of plan.drop) {
      await client.query(`DROP TABLE ${quoteIdent(table)}`);
      report.dropped.push(table);
    }
    if (cutoff) {
      const purged = await client.query(`DELETE FROM ${AUDIT_DEFAULT_PARTITION} WHERE created_at < $1`, [cutoff.toISOString()]);
      report.purged = purged.rowCount ?? 0;
      // The mark only moves forward: a smaller retention later drops more, a larger one cannot bring records back.
      await client.query(
        `INSERT INTO audit_retention (id, purged_before, updated_at) VALUES (1, $1, now())
         ON CONFLICT (id) DO UPDATE SET purged_before = GREATEST(audit_retention.purged_before, EXCLUDED.purged_before), updated_at = now()`,
        [cutoff.toISOString()],
      );
    }
    await client.query('COMMIT');
    return report;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** What a maintenance pass has to do, read from the catalog and the default partition. */
interface PassPlan {
  /** The months to create, oldest first. */
  create: AuditMonth[];
  /** The partitions past retention, by table name, sorted. */
  drop: string[];
}

async function planPass(client: PoolClient, policy: AuditPartitionPolicy, now: Date, cutoff: Date | undefined): Promise<PassPlan> {
  const existing = await partitionTables(client);
  const wanted = new Map<string, AuditMonth>();
  for (let offset = 0; offset <= policy.aheadMonths; offset++) {
    const month = auditMonth(now, offset);
    wanted.set(month.table, month);
  }
  for (const month of await monthsWaitingInDefault(client)) {
    if (!cutoff || month.end > cutoff) wanted.set(month.table, month);
  }
  const create = [...wanted.values()]
    .filter((month) => !existing.includes(month.table))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const pastRetention = (table: string) => {
    const month = auditMonthOfTable(table);
    return cutoff !== undefined && month !== undefined && month.end <= cutoff;
  };
  return { create, drop: existing.filter(pastRetention) };
}

/** The monthly partitions of audit_records, by table name (the default partition excluded). */
export async function partitionTables(client: Pool | PoolClient | Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'audit_records'::regclass ORDER BY 1`,
  );
  return rows.map((row) => row.name).filter((name) => PARTITION_NAME.test(name));
}

/** The months of the records in the default partition (it is empty unless a record had no month). */
async function monthsWaitingInDefault(client: PoolClient): Promise<AuditMonth[]> {
  const { rows } = await client.query<{ month: Date }>(
    `SELECT DISTINCT date_trunc('month', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS month FROM ${AUDIT_DEFAULT_PARTITION}`,
  );
  return rows.map((row) => auditMonth(row.month));
}

/**
 * Creates a month's partition; returns how many records it took over from the default partition.
 * With none waiting, CREATE … PARTITION OF. Otherwise the table is made alone, the records move
 * into it, and it is attached (Postgres checks the default partition holds none of its range).
 */
async function createPartition(client: PoolClient, month: AuditMonth): Promise<number> {
  const table = quoteIdent(month.table);
  const bounds = `FOR VALUES FROM ('${month.start.toISOString()}') TO ('${month.end.toISOString()}')`;
  const range = [month.start.toISOString(), month.end.toISOString()];
  const waiting = await client.query(`SELECT 1 FROM ${AUDIT_DEFAULT_PARTITION} WHERE created_at >= $1 AND created_at < $2 LIMIT 1`, range);
  if (waiting.rowCount === 0) {
    await client.query(`CREATE TABLE ${table} PARTITION OF audit_records ${bounds}`);
    return 0;
  }
  await client.query(`CREATE TABLE ${table} (LIKE audit_records INCLUDING DEFAULTS)`);
  const moved = await client.query(
    `WITH moved AS (DELETE FROM ${AUDIT_DEFAULT_PARTITION} WHERE created_at >= $1 AND created_at < $2 RETURNING *)
     INSERT INTO ${table} SELECT * FROM moved`,
    range,
  );
  await client.query(`ALTER TABLE audit_records ATTACH PARTITION ${table} ${bounds}`);
  return moved.rowCount ?? 0;
}

/** Table names here are made by auditMonth (letters, digits, underscores); quoting keeps them exact anyway. */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
