import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { AuditRecord } from '../../src/audit/audit-record';
import { auditRecordToJson } from '../../src/audit/audit-record';
import { histogramPercentile, LATENCY_BUCKETS_MS, REBUILD_ROLLUPS_SQL } from '../../src/audit/audit-rollups';
import { AuditWriter } from '../../src/audit/audit-writer';
import { PostgresAuditSink } from '../../src/audit/postgres-audit.sink';
import { PrismaService } from '../../src/database/prisma.service';
import { auditRecord, silentAuditLogger } from '../support/audit-fixtures';
import { testDatabaseUrl } from '../support/test-env';

/**
 * The daily rollups always equal the sums of the raw audit records: kept in each batch's statement,
 * through concurrent writers, a batch retried after it landed, a poison row split out of its batch,
 * a spill file replayed (twice), and a rebuild beside live writers.
 */
describe('audit rollups', () => {
  let prisma: PrismaService;

  beforeAll(() => {
    prisma = new PrismaService(testDatabaseUrl());
  });

  afterAll(async () => {
    await prisma.$disconnect();
  });

  const writer = (spillDir = mkdtempSync(join(tmpdir(), 'rollups-'))) =>
    new AuditWriter(new PostgresAuditSink(prisma.pool), {
      batchSize: 50,
      flushIntervalMs: 60_000,
      bufferMax: 10_000,
      spillDir,
      deadLetterFile: join(spillDir, 'dead-letter.ndjson'),
      logger: silentAuditLogger,
    });

  /** Records of these tenants over two UTC days, three keys, two endpoints, mixed statuses and latencies. */
  function records(tenants: string[], n: number): AuditRecord[] {
    const keys = tenants.flatMap((t) => [randomUUID(), randomUUID()].map((k) => [t, k] as const));
    const endpoints = [randomUUID(), randomUUID()];
    const days = [new Date(Date.UTC(2026, 10, 20, 23, 59, 59, 999)), new Date(Date.UTC(2026, 10, 21, 0, 0, 0, 0))];
    return Array.from({ length: n }, (_, i) => {
      const [tenantId, apiKeyId] = keys[i % keys.length];
      return auditRecord({
        tenantId,
        apiKeyId,
        customerId: i % 3 === 0 ? null : apiKeyId,
        endpointId: i % 7 === 0 ? null : endpoints[i % 2],
        createdAt: days[i % 2],
        httpStatus: i % 5 === 0 ? 429 : 200,
        latencyMs: (i * 37) % 70_000,
        quantity: BigInt(i * 1_000_003),
        wholesalePicoUsd: BigInt(i) * 999_999_937n,
        resalePicoUsd: BigInt(i) * 1_999_999_919n,
        customerPricePicoUsd: BigInt(i) * 2_999_999_929n,
      });
    });
  }

  /** Raw sums against rollup sums for these tenants, per day, tenant, customer, key and endpoint. */
  async function compare(tenants: string[]) {
    const raw = await prisma.$queryRaw<Array<Record<string, string>>>`
      SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day, tenant_id::text, coalesce(customer_id::text, '-') AS customer,
        coalesce(api_key_id::text, '-') AS key, coalesce(endpoint_id::text, '-') AS endpoint, count(*)::text AS calls,
        count(*) FILTER (WHERE http_status >= 400)::text AS errors, sum(quantity)::text AS quantity,
        sum(wholesale_pico_usd)::text AS w, sum(resale_pico_usd)::text AS r, sum(customer_price_pico_usd)::text AS c
      FROM audit_records WHERE tenant_id = ANY(${tenants}::uuid[]) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`;
    const rolled = await prisma.$queryRaw<Array<Record<string, string>>>`
      SELECT day::text AS day, tenant_id::text, CASE WHEN customer_id = '00000000-0000-0000-0000-000000000000' THEN '-' ELSE customer_id::text END AS customer,
        CASE WHEN api_key_id = '00000000-0000-0000-0000-000000000000' THEN '-' ELSE api_key_id::text END AS key,
        CASE WHEN endpoint_id = '00000000-0000-0000-0000-000000000000' THEN '-' ELSE endpoint_id::text END AS endpoint,
        calls::text, errors::text, quantity::text, wholesale_pico_usd::text AS w, resale_pico_usd::text AS r, customer_price_pico_usd::text AS c
      FROM usage_daily WHERE tenant_id = ANY(${tenants}::uuid[]) ORDER BY 1, 2, 3, 4, 5`;
    return { raw, rolled };
  }

  /** The latency histogram of these endpoints, from the raw records and from the rollup. */
  async function latency(endpoints: string[]) {
    const raw = await prisma.$queryRaw<Array<{ endpoint_id: string; day: string; latency_ms: number }>>`
      SELECT endpoint_id::text, (created_at AT TIME ZONE 'UTC')::date::text AS day, latency_ms FROM audit_records
      WHERE endpoint_id = ANY(${endpoints}::uuid[]) AND http_status = 200`;
    const expected = new Map<string, number[]>();
    for (const r of raw) {
      const k = `${r.endpoint_id} ${r.day}`;
      const buckets = expected.get(k) ?? new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
      const i = LATENCY_BUCKETS_MS.findIndex((upper) => r.latency_ms <= upper);
      buckets[i === -1 ? LATENCY_BUCKETS_MS.length : i]++;
      expected.set(k, buckets);
    }
    const rows = await prisma.$queryRaw<Array<{ endpoint_id: string; day: string; buckets: string[] }>>`
      SELECT endpoint_id::text, day::text, buckets::text[] AS buckets FROM latency_daily WHERE endpoint_id = ANY(${endpoints}::uuid[])`;
    const actual = new Map(rows.map((r) => [`${r.endpoint_id} ${r.day}`, r.buckets.map(Number)]));
    return { expected, actual };
  }

  it('equal the raw sums after four writers write overlapping rows concurrently, and after a retried batch', async () => {
    const tenants = [randomUUID(), randomUUID()];
    const all = records(tenants, 2000);
    const writers = [writer(), writer(), writer(), writer()];
    all.forEach((r, i) => writers[i % 4].enqueue(r));
    await Promise.all(writers.map((w) => w.flush()));
    // A batch that landed but whose acknowledgement was lost is sent again: nothing counts twice.
    await new PostgresAuditSink(prisma.pool).insertBatch(all.slice(0, 50));

    const { raw, rolled } = await compare(tenants);
    expect(raw.length).toBeGreaterThan(10);
    expect(rolled).toEqual(raw);
    const endpoints = [...new Set(all.map((r) => r.endpointId).filter((e): e is string => e !== null))];
    const { expected, actual } = await latency(endpoints);
    expect(actual).toEqual(expected);
  });

  it('equal the raw sums when a poison row is split out of its batch into the dead letters', async () => {
    const tenants = [randomUUID()];
    const good = records(tenants, 120);
    // A latency Postgres cannot store (int4): a data error that fails the whole batch statement.
    const poison = auditRecord({ tenantId: tenants[0], latencyMs: 2 ** 40 });
    const w = writer();
    for (const r of [...good.slice(0, 60), poison, ...good.slice(60)]) w.enqueue(r);
    await w.flush();
    const { raw, rolled } = await compare(tenants);
    expect(raw.reduce((n, r) => n + Number(r.calls), 0)).toBe(120);
    expect(rolled).toEqual(raw);
  });

  it('equal the raw sums after a spill file is replayed, and replayed again', async () => {
    const tenants = [randomUUID()];
    const spilled = records(tenants, 300);
    const spillDir = mkdtempSync(join(tmpdir(), 'rollups-spill-'));
    const lines = spilled.map((r) => `${auditRecordToJson(r)}\n`).join('');
    writeFileSync(join(spillDir, 'audit-spill.ndjson'), lines);
    const first = writer(spillDir);
    await first.start();
    await first.drain(10_000);
    // The same lines once more (a replay cut before its checkpoint is taken again from the start).
    writeFileSync(join(spillDir, 'audit-spill.ndjson'), lines);
    const second = writer(spillDir);
    await second.start();
    await second.drain(10_000);
    const { raw, rolled } = await compare(tenants);
    expect(raw.reduce((n, r) => n + Number(r.calls), 0)).toBe(300);
    expect(rolled).toEqual(raw);
  });

  it('are rebuilt from the raw records in one transaction, exactly, while writers keep writing', async () => {
    const tenants = [randomUUID()];
    const w = writer();
    for (const r of records(tenants, 500)) w.enqueue(r);
    await w.flush();
    // Damage the rollup, then rebuild it while another 500 records land.
    await prisma.$executeRaw`UPDATE usage_daily SET calls = 0, customer_price_pico_usd = 1 WHERE tenant_id = ${tenants[0]}::uuid`;
    const client = new Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      const more = records(tenants, 500);
      const writing = (async () => {
        for (let i = 0; i < more.length; i += 25) {
          for (const r of more.slice(i, i + 25)) w.enqueue(r);
          await w.flush();
        }
      })();
      for (const statement of REBUILD_ROLLUPS_SQL) await client.query(statement);
      await writing;
    } finally {
      await client.end();
    }
    const { raw, rolled } = await compare(tenants);
    expect(raw.reduce((n, r) => n + Number(r.calls), 0)).toBe(1000);
    expect(rolled).toEqual(raw);
  });
});

describe('histogramPercentile', () => {
  it('interpolates within the bucket that holds the rank, and is null for an empty histogram', () => {
    const buckets = new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
    expect(histogramPercentile(buckets, 0.5)).toBeNull();
    // 10 calls in (20, 30] ms: the median is half-way through the bucket.
    buckets[LATENCY_BUCKETS_MS.indexOf(30)] = 10;
    expect(histogramPercentile(buckets, 0.5)).toBe(25);
    expect(histogramPercentile(buckets, 1)).toBe(30);
    // One slow call beyond the last bound reads as that bound.
    buckets[LATENCY_BUCKETS_MS.length] = 90;
    expect(histogramPercentile(buckets, 0.95)).toBe(60_000);
  });
});
