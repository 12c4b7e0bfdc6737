import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditWriter } from '../../src/audit/audit-writer';
import type { AuditRecord } from '../../src/audit/audit-record';
import { PostgresAuditSink } from '../../src/audit/postgres-audit.sink';
import { PrismaService } from '../../src/database/prisma.service';
import { CuttableProxy } from '../support/cuttable-proxy';
import { testDatabaseUrl } from '../support/test-env';
import { waitFor } from '../support/wait-for';
import { auditRecord, silentAuditLogger } from '../support/audit-fixtures';

const silent = silentAuditLogger;

describe('audit writer against a Postgres that goes away', () => {
  const tag = `T${process.pid % 1_000_000}`.slice(0, 8);
  let proxy: CuttableProxy;
  let viaProxy: PrismaService;
  let direct: PrismaService;
  const badIds: string[] = [];
  const deadLetters = () =>
    direct.$queryRaw<{ id: string; reason: string; record: { latencyMs: number; method: string } }[]>`
      SELECT record->>'id' AS id, reason, record FROM audit_dead_letters WHERE record->>'id' = ANY(${badIds}) ORDER BY id`;

  beforeAll(async () => {
    let url: string;
    ({ proxy, url } = await CuttableProxy.forPostgres(testDatabaseUrl()));
    viaProxy = new PrismaService(url);
    direct = new PrismaService(testDatabaseUrl());
  });

  afterAll(async () => {
    await direct.auditRecord.deleteMany({ where: { method: tag } });
    await direct.$executeRaw`DELETE FROM audit_dead_letters WHERE record->>'id' = ANY(${badIds})`;
    await Promise.all([viaProxy.$disconnect(), direct.$disconnect()]);
    await proxy.close();
  });

  it('loses nothing and duplicates nothing across an outage, even past the memory bound', async () => {
    const writer = new AuditWriter(new PostgresAuditSink(viaProxy.pool), {
      batchSize: 200,
      flushIntervalMs: 60_000,
      bufferMax: 500,
      spillDir: mkdtempSync(join(tmpdir(), 'audit-outage-')),
      deadLetterFile: join(mkdtempSync(join(tmpdir(), 'audit-outage-')), 'audit-dead-letter.ndjson'),
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const sent: AuditRecord[] = [];
    const enqueue = (n: number) => {
      for (let i = 0; i < n; i++) {
        const r = auditRecord({ method: tag });
        sent.push(r);
        writer.enqueue(r);
      }
    };

    enqueue(1000);
    await writer.flush();
    proxy.cut();
    enqueue(1500); // 500 stay in memory, 1000 spill to disk
    await writer.flush();
    expect(writer.stats().failedFlushes).toBeGreaterThan(0);
    expect(writer.stats().spilled).toBe(1000);

    proxy.restore();
    await writer.drain(20_000);
    const rows = await direct.auditRecord.findMany({ where: { method: tag }, select: { id: true, resalePicoUsd: true, clientIp: true } });
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(sent.map((r) => r.id)));
    expect(rows.every((r) => r.resalePicoUsd === 3702n && r.clientIp === '203.0.113.9')).toBe(true);
  }, 60_000);

  it('sets aside rows Postgres refuses (int4 and smallint overflow, varchar(8) too long) and writes the rest, live and on replay', async () => {
    const writer = new AuditWriter(new PostgresAuditSink(viaProxy.pool), {
      batchSize: 50,
      flushIntervalMs: 60_000,
      bufferMax: 60,
      spillDir: mkdtempSync(join(tmpdir(), 'audit-poison-')),
      deadLetterFile: join(mkdtempSync(join(tmpdir(), 'audit-poison-')), 'audit-dead-letter.ndjson'),
      logger: silent,
    });
    const sent: AuditRecord[] = [];
    const bad = (changes: Partial<AuditRecord>) => {
      const r = auditRecord({ method: tag, ...changes });
      badIds.push(r.id);
      return r;
    };
    const good = (n: number) => Array.from({ length: n }, () => auditRecord({ method: tag })).map((r) => (sent.push(r), r));

    // Live: one batch with three rows Postgres refuses among good ones.
    const live = [
      ...good(20),
      bad({ latencyMs: 2 ** 31 }),
      ...good(10),
      bad({ httpStatus: 40_000 }),
      bad({ method: 'TOOLONGMETHOD' }),
      ...good(9),
    ];
    live.forEach((r) => writer.enqueue(r));
    await writer.flush();
    expect(writer.stats()).toMatchObject({ buffered: 0, written: 39, deadLettered: 3 });

    // Replay: a poison row that went to the spill file during an outage does not stall the replay.
    proxy.cut();
    const spilled = [...good(70), bad({ method: 'NOT-A-VERB' }), ...good(40)];
    spilled.forEach((r) => writer.enqueue(r));
    await writer.flush();
    expect(writer.stats().spilled).toBe(51);
    proxy.restore();
    await writer.drain(20_000);

    // Later batches keep flowing.
    const later = good(5);
    later.forEach((r) => writer.enqueue(r));
    await writer.flush();

    const rows = await direct.auditRecord.findMany({
      where: { id: { in: [...sent, ...badIds.map((id) => ({ id }))].map((r) => r.id) } },
      select: { id: true },
    });
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(sent.map((r) => r.id)));
    const letters = await deadLetters();
    expect(letters).toHaveLength(4);
    const reasons = Object.fromEntries(letters.map((l) => [l.id, l.reason]));
    expect(reasons[badIds[0]]).toMatch(/out of range for type integer.*SQLSTATE 22003/);
    expect(reasons[badIds[1]]).toMatch(/out of range for type smallint.*SQLSTATE 22003/);
    expect(reasons[badIds[2]]).toMatch(/value too long for type character varying\(8\).*SQLSTATE 22001/);
    expect(reasons[badIds[3]]).toMatch(/SQLSTATE 22001/);
    expect(letters.find((l) => l.id === badIds[0])!.record).toMatchObject({ latencyMs: 2 ** 31, method: tag });
    expect(writer.stats()).toMatchObject({ buffered: 0, spilled: 0, deadLettered: 4, written: sent.length });
  }, 60_000);

  it('a spill disk that fails during an outage keeps the records in memory; after repair every record lands exactly once', async () => {
    const base = mkdtempSync(join(tmpdir(), 'audit-disk-'));
    const blocker = join(base, 'audit-spill');
    writeFileSync(blocker, ''); // the spill dir is a regular file: mkdir fails (EEXIST/ENOTDIR), even as root
    const spillDir = join(blocker, 'spill');
    const writer = new AuditWriter(new PostgresAuditSink(viaProxy.pool), {
      batchSize: 200,
      flushIntervalMs: 60_000,
      bufferMax: 300,
      spillDir,
      deadLetterFile: join(base, 'audit-dead-letter.ndjson'),
      logger: silent,
    });
    const sent = Array.from({ length: 1000 }, () => auditRecord({ method: tag }));
    proxy.cut();
    sent.forEach((r) => writer.enqueue(r));
    await waitFor('the failed spill', () => writer.stats().spillFailedRecords === 700, 20_000);
    await writer.flush();
    expect(writer.stats()).toMatchObject({ buffered: 300, spillFailedRecords: 700 });

    rmSync(blocker); // the disk is repaired while the database is still down
    await writer.flush(); // fails (database down), so it retries the spill
    await waitFor('the spill retry', () => writer.stats().spillFailedRecords === 0, 20_000);
    expect(writer.stats()).toMatchObject({ buffered: 300, spilled: 700 });
    proxy.restore();
    await writer.drain(20_000);
    expect(writer.stats()).toMatchObject({ buffered: 0, spilled: 0, spillFailedRecords: 0, written: 1000 });
    expect(readdirSync(spillDir)).toEqual([]);
    const rows = await direct.auditRecord.findMany({ where: { id: { in: sent.map((r) => r.id) } }, select: { id: true } });
    expect(rows).toHaveLength(1000);
  }, 60_000);

  it('a stop while an insert never answers (a Postgres gone silent) spills by its deadline; the next start writes each record once', async () => {
    const spillDir = mkdtempSync(join(tmpdir(), 'audit-silent-'));
    const options = {
      batchSize: 200,
      flushIntervalMs: 60_000,
      bufferMax: 10_000,
      spillDir,
      deadLetterFile: join(spillDir, 'dead', 'audit-dead-letter.ndjson'),
      logger: silent,
    };
    const writer = new AuditWriter(new PostgresAuditSink(viaProxy.pool), options);
    const sent = Array.from({ length: 300 }, () => auditRecord({ method: tag }));
    // Connections that accept and never answer: the batch insert waits for ever.
    proxy.blackhole();
    sent.forEach((r) => writer.enqueue(r));
    const stopping = writer.drain(300);
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await waitFor('the drain to give up at its deadline', () => stopped, 5_000);
    expect(readdirSync(spillDir).filter((f) => f.endsWith('.ndjson'))).not.toEqual([]);
    expect(writer.stats().spilled).toBe(300);
    proxy.restore();

    const next = new AuditWriter(new PostgresAuditSink(direct.pool), options);
    await next.start();
    await next.drain(20_000);
    const rows = await direct.auditRecord.findMany({ where: { id: { in: sent.map((r) => r.id) } }, select: { id: true } });
    expect(rows).toHaveLength(300);
    rmSync(spillDir, { recursive: true, force: true });
  }, 30_000);
});
