import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditRecord } from '../../src/audit/audit-record';
import {
  auditMonth,
  auditMonthOfTable,
  auditRetentionCutoff,
  maintainAuditPartitions,
  partitionTables,
} from '../../src/audit/audit-partitions';
import { AuditWriter } from '../../src/audit/audit-writer';
import { PostgresAuditSink } from '../../src/audit/postgres-audit.sink';
import { REBUILD_ROLLUPS_SQL } from '../../src/audit/audit-rollups';
import { PrismaService } from '../../src/database/prisma.service';
import { auditRecord, silentAuditLogger } from '../support/audit-fixtures';
import { backendPid, sessionsBlockedBy } from '../support/lock-waits';
import { testDatabaseUrl } from '../support/test-env';

/**
 * The audit trail's monthly partitions: records land in their month, a record of a month without a
 * partition waits in the default one and moves into its month when that is created, retention
 * drops whole months (and nothing else: the rollups stay), and processes maintaining at once take
 * turns. Each test works in months of its own, far from the present, so suites running beside it
 * (which write records of today) are untouched.
 */
describe('audit partitions', () => {
  let prisma: PrismaService;

  beforeAll(() => {
    prisma = new PrismaService(testDatabaseUrl());
  });

  afterAll(async () => {
    await prisma.$disconnect();
  });

  const write = async (records: AuditRecord[]) => {
    const spillDir = mkdtempSync(join(tmpdir(), 'partitions-'));
    const writer = new AuditWriter(new PostgresAuditSink(prisma.pool), {
      batchSize: 100,
      flushIntervalMs: 60_000,
      bufferMax: 10_000,
      spillDir,
      deadLetterFile: join(spillDir, 'dead-letter.ndjson'),
      logger: silentAuditLogger,
    });
    records.forEach((r) => writer.enqueue(r));
    await writer.flush();
  };

  /** Where each record is stored (its partition), by id. */
  const whereStored = async (ids: string[]) => {
    const { rows } = await prisma.pool.query<{ id: string; partition: string }>(
      'SELECT id::text, tableoid::regclass::text AS partition FROM audit_records WHERE id = ANY($1::uuid[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.partition]));
  };

  /** The usage rollup of a tenant, as text (exact). */
  const rollup = async (tenantId: string) =>
    (
      await prisma.pool.query<Record<string, string>>(
        `SELECT day::text, calls::text, quantity::text, customer_price_pico_usd::text AS price FROM usage_daily WHERE tenant_id = $1 ORDER BY day`,
        [tenantId],
      )
    ).rows;

  it('names months in UTC and computes the retention cutoff', () => {
    expect(auditMonth(new Date('2026-12-31T23:59:59.999Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
      table: 'audit_records_2026_12',
    });
    expect(auditMonth(new Date('2026-01-15T00:00:00Z'), -1).table).toBe('audit_records_2025_12');
    expect(auditMonthOfTable('audit_records_2025_12')?.start).toEqual(new Date('2025-12-01T00:00:00Z'));
    expect(auditMonthOfTable('audit_records_default')).toBeUndefined();
    // Keeps the current month and two full months before it.
    expect(auditRetentionCutoff(new Date('2026-11-24T06:00:00Z'), 2)).toEqual(new Date('2026-09-01T00:00:00Z'));
    expect(auditRetentionCutoff(new Date('2026-11-24T06:00:00Z'), 0)).toBeUndefined();
  });

  it('has the current month and the months ahead once a gateway has started, and records land in their month', async () => {
    await maintainAuditPartitions(prisma.pool, { aheadMonths: 3, retentionMonths: 0 }, new Date());
    const tables = await partitionTables(prisma.pool);
    for (let offset = 0; offset <= 3; offset++) expect(tables).toContain(auditMonth(new Date(), offset).table);

    const now = auditRecord();
    const next = auditRecord({ createdAt: auditMonth(new Date(), 1).start });
    await write([now, next]);
    const stored = await whereStored([now.id, next.id]);
    expect(stored.get(now.id)).toBe(auditMonth(new Date()).table);
    expect(stored.get(next.id)).toBe(auditMonth(new Date(), 1).table);
  });

  it('keeps a record of a month without a partition in the default one, then moves it into its month, counted once', async () => {
    const tenantId = randomUUID();
    // March 2091: no gateway has made its partition.
    const records = [0, 1, 2].map((i) =>
      auditRecord({ tenantId, createdAt: new Date(Date.UTC(2091, 2, 10 + i)), quantity: 1_000_000_007n * BigInt(i + 1) }),
    );
    await write(records);
    const ids = records.map((r) => r.id);
    expect([...(await whereStored(ids)).values()]).toEqual(['audit_records_default', 'audit_records_default', 'audit_records_default']);
    const counted = await rollup(tenantId);
    expect(counted).toHaveLength(3);

    const report = await maintainAuditPartitions(prisma.pool, { aheadMonths: 1, retentionMonths: 0 }, new Date(Date.UTC(2091, 1, 20)));
    expect(report.created).toEqual(['audit_records_2091_02', 'audit_records_2091_03']);
    expect(report.moved).toBe(3);
    expect([...(await whereStored(ids)).values()]).toEqual(['audit_records_2091_03', 'audit_records_2091_03', 'audit_records_2091_03']);

    // The batch sent again (its acknowledgement lost) finds the records in their new partition: nothing twice.
    await new PostgresAuditSink(prisma.pool).insertBatch(records);
    const { rows } = await prisma.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_records WHERE tenant_id = $1', [
      tenantId,
    ]);
    expect(rows[0].n).toBe('3');
    expect(await rollup(tenantId)).toEqual(counted);

    // A second pass has nothing to do.
    expect(await maintainAuditPartitions(prisma.pool, { aheadMonths: 1, retentionMonths: 0 }, new Date(Date.UTC(2091, 1, 20)))).toEqual({
      created: [],
      moved: 0,
      dropped: [],
      purged: 0,
    });
  });

  it('drops the months past retention and late records of them, and keeps their rollups', async () => {
    const tenantId = randomUUID();
    await maintainAuditPartitions(prisma.pool, { aheadMonths: 1, retentionMonths: 0 }, new Date(Date.UTC(2001, 0, 10)));
    const january = auditRecord({ tenantId, createdAt: new Date(Date.UTC(2001, 0, 31, 23, 59, 59, 999)) });
    const february = auditRecord({ tenantId, createdAt: new Date(Date.UTC(2001, 1, 1)) });
    const late = auditRecord({ tenantId, createdAt: new Date(Date.UTC(2000, 11, 31)) }); // no partition: the default one
    const april = auditRecord({ tenantId, createdAt: new Date(Date.UTC(2001, 3, 2)) }); // no partition either, but kept
    await write([january, february, late, april]);
    expect(await whereStored([january.id, february.id, late.id, april.id])).toEqual(
      new Map([
        [january.id, 'audit_records_2001_01'],
        [february.id, 'audit_records_2001_02'],
        [late.id, 'audit_records_default'],
        [april.id, 'audit_records_default'],
      ]),
    );
    const counted = await rollup(tenantId);
    expect(counted.map((r) => r.day)).toEqual(['2000-12-31', '2001-01-31', '2001-02-01', '2001-04-02']);

    // May 2001, keeping May and two full months before it (March and April): January and February go.
    const report = await maintainAuditPartitions(prisma.pool, { aheadMonths: 1, retentionMonths: 2 }, new Date(Date.UTC(2001, 4, 10)));
    expect(report.dropped).toEqual(['audit_records_2001_01', 'audit_records_2001_02']);
    expect(report.created).toEqual(['audit_records_2001_04', 'audit_records_2001_05', 'audit_records_2001_06']);
    expect(report.moved).toBe(1);
    expect(report.purged).toBeGreaterThanOrEqual(1);
    expect(await whereStored([january.id, february.id, late.id, april.id])).toEqual(new Map([[april.id, 'audit_records_2001_04']]));
    expect(await partitionTables(prisma.pool)).not.toContain('audit_records_2001_01');
    // Reports read the rollups: the usage of the dropped months is still there, exactly.
    expect(await rollup(tenantId)).toEqual(counted);
    const mark = await prisma.auditRetention.findUnique({ where: { id: 1 } });
    expect(mark?.purgedBefore.getTime()).toBeGreaterThanOrEqual(Date.UTC(2001, 2, 1));

    // A rebuild recounts only the days the trail still holds: the dropped months keep their sums.
    const client = await prisma.pool.connect();
    try {
      for (const statement of REBUILD_ROLLUPS_SQL) await client.query(statement);
    } finally {
      client.release();
    }
    expect(await rollup(tenantId)).toEqual(counted);
  });

  it('moves records and creates the next month beside a query across the partitions, without a deadlock', async () => {
    // The order that deadlocked: a query locks the parent table, then each partition; a pass that
    // moved records out of the default partition held it exclusively, then wanted the parent for
    // the next month's CREATE … PARTITION OF. Here the query holds the parent while the pass runs,
    // then reads through every partition, the default one included.
    const tenantId = randomUUID();
    const waiting = auditRecord({ tenantId, createdAt: new Date(Date.UTC(2095, 2, 10)) });
    await write([waiting]);
    const query = await prisma.pool.connect();
    try {
      await query.query('BEGIN');
      await query.query('LOCK TABLE ONLY audit_records IN ROW EXCLUSIVE MODE');
      const pass = maintainAuditPartitions(prisma.pool, { aheadMonths: 1, retentionMonths: 0 }, new Date(Date.UTC(2095, 2, 15)));
      await sessionsBlockedBy(prisma.pool, [await backendPid(query)], 1, 'the pass waiting for the query');
      const { rows } = await query.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_records WHERE tenant_id = $1', [tenantId]);
      expect(rows[0].n).toBe('1');
      await query.query('COMMIT');
      const report = await pass;
      expect(report.created).toEqual(['audit_records_2095_03', 'audit_records_2095_04']);
      expect(report.moved).toBe(1);
    } finally {
      await query.query('ROLLBACK').catch(() => undefined);
      query.release();
    }
    expect(await whereStored([waiting.id])).toEqual(new Map([[waiting.id, 'audit_records_2095_03']]));
  });

  it('lets processes maintaining at once take turns: each month is created once, and neither fails', async () => {
    const at = new Date(Date.UTC(2093, 5, 1));
    const reports = await Promise.all(
      [0, 1, 2].map(() => maintainAuditPartitions(prisma.pool, { aheadMonths: 2, retentionMonths: 0 }, at)),
    );
    expect(reports.flatMap((r) => r.created).sort()).toEqual(['audit_records_2093_06', 'audit_records_2093_07', 'audit_records_2093_08']);
  });
});
