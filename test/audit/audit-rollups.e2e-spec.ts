import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { AuditMeters, AuditRecord } from '../../src/audit/audit-record';
import { auditRecordToJson } from '../../src/audit/audit-record';
import { histogramPercentile, LATENCY_BUCKETS_MS, REBUILD_ROLLUPS_SQL } from '../../src/audit/audit-rollups';
import { AuditWriter } from '../../src/audit/audit-writer';
import { PostgresAuditSink } from '../../src/audit/postgres-audit.sink';
import { PrismaService } from '../../src/database/prisma.service';
import { auditRecord, silentAuditLogger } from '../support/audit-fixtures';
import { testDatabaseUrl } from '../support/test-env';

/**
 * The daily rollups (every usage rollup, the meter rollups, and the latency histograms) always equal the sums of the raw audit records: kept in each batch's statement,
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

  const endpointsOf = (rs: AuditRecord[]) => [...new Set(rs.map((r) => r.endpointId).filter((e): e is string => e !== null))];

  /**
   * Records of these tenants over two UTC days, three keys, two endpoints, mixed statuses and
   * latencies; every other one billed in two meters (input and output tokens, its amounts split
   * between them), the others without meters (on endpoints no catalog holds: no meter rows).
   */
  function records(tenants: string[], n: number): AuditRecord[] {
    const keys = tenants.flatMap((t) => [randomUUID(), randomUUID()].map((k) => [t, k] as const));
    const endpoints = [randomUUID(), randomUUID()];
    const days = [new Date(Date.UTC(2026, 10, 20, 23, 59, 59, 999)), new Date(Date.UTC(2026, 10, 21, 0, 0, 0, 0))];
    return Array.from({ length: n }, (_, i) => {
      const [tenantId, apiKeyId] = keys[i % keys.length];
      const figures = [BigInt(i * 1_000_003), BigInt(i) * 999_999_937n, BigInt(i) * 1_999_999_919n, BigInt(i) * 2_999_999_929n];
      const output = figures.map((f) => f / 3n);
      const meters: AuditMeters | null =
        i % 2 === 1
          ? { input_tokens: figures.map((f, j) => String(f - output[j])) as never, output_tokens: output.map(String) as never }
          : null;
      return auditRecord({
        tenantId,
        apiKeyId,
        customerId: i % 3 === 0 ? null : apiKeyId,
        endpointId: i % 7 === 0 ? null : endpoints[i % 2],
        createdAt: days[i % 2],
        httpStatus: i % 5 === 0 ? 429 : 200,
        latencyMs: (i * 37) % 70_000,
        quantity: figures[0],
        wholesalePicoUsd: figures[1],
        resalePicoUsd: figures[2],
        customerPricePicoUsd: figures[3],
        meters,
      });
    });
  }

  /**
   * The meter rollups against the records' meters summed by their keys: per tenant, day, customer,
   * endpoint and meter for these tenants, per day, endpoint and meter for these endpoints.
   */
  async function compareMeters(tenants: string[], endpoints: string[]) {
    const none = '00000000-0000-0000-0000-000000000000';
    const sums = `sum((m.value->>0)::numeric)::text AS q, sum((m.value->>1)::numeric)::text AS w,
      sum((m.value->>2)::numeric)::text AS r, sum((m.value->>3)::numeric)::text AS c`;
    const rawByMeter = await prisma.$queryRawUnsafe<unknown[]>(
      `SELECT tenant_id::text AS t, (created_at AT TIME ZONE 'UTC')::date::text AS d, coalesce(customer_id, '${none}')::text AS cu,
         coalesce(endpoint_id, '${none}')::text AS e, m.key AS meter, ${sums}
       FROM audit_records CROSS JOIN LATERAL jsonb_each(meters) AS m
       WHERE tenant_id = ANY($1::uuid[]) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      tenants,
    );
    const byMeter = await prisma.$queryRawUnsafe<unknown[]>(
      `SELECT tenant_id::text AS t, day::text AS d, customer_id::text AS cu, endpoint_id::text AS e, meter::text AS meter,
         quantity::text AS q, wholesale_pico_usd::text AS w, resale_pico_usd::text AS r, customer_price_pico_usd::text AS c
       FROM usage_daily_by_meter WHERE tenant_id = ANY($1::uuid[]) ORDER BY 1, 2, 3, 4, 5`,
      tenants,
    );
    const rawByEndpoint = await prisma.$queryRawUnsafe<unknown[]>(
      `SELECT (created_at AT TIME ZONE 'UTC')::date::text AS d, endpoint_id::text AS e, m.key AS meter, ${sums}
       FROM audit_records CROSS JOIN LATERAL jsonb_each(meters) AS m
       WHERE endpoint_id = ANY($1::uuid[]) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      endpoints,
    );
    const byEndpoint = await prisma.$queryRawUnsafe<unknown[]>(
      `SELECT day::text AS d, endpoint_id::text AS e, meter::text AS meter, quantity::text AS q, wholesale_pico_usd::text AS w,
         resale_pico_usd::text AS r, customer_price_pico_usd::text AS c
       FROM usage_daily_by_endpoint_meter WHERE endpoint_id = ANY($1::uuid[]) ORDER BY 1, 2, 3`,
      endpoints,
    );
    expect(rawByMeter.length).toBeGreaterThan(0);
    expect(rawByEndpoint.length).toBeGreaterThan(0);
    expect({ table: 'usage_daily_by_meter', rows: byMeter }).toEqual({ table: 'usage_daily_by_meter', rows: rawByMeter });
    expect({ table: 'usage_daily_by_endpoint_meter', rows: byEndpoint }).toEqual({
      table: 'usage_daily_by_endpoint_meter',
      rows: rawByEndpoint,
    });
  }

  /**
   * Each usage rollup against the raw sums grouped by its keys, for these tenants (the rollup by
   * endpoint, across every tenant, for these endpoints: only this test writes them).
   */
  async function compare(tenants: string[], endpoints: string[] = []) {
    const none = '00000000-0000-0000-0000-000000000000';
    const dims = {
      day: { raw: `(created_at AT TIME ZONE 'UTC')::date::text`, rolled: 'day::text' },
      tenant: { raw: `coalesce(tenant_id::text, '-')`, rolled: `CASE WHEN tenant_id = '${none}' THEN '-' ELSE tenant_id::text END` },
      customer: {
        raw: `coalesce(customer_id::text, '-')`,
        rolled: `CASE WHEN customer_id = '${none}' THEN '-' ELSE customer_id::text END`,
      },
      key: { raw: `coalesce(api_key_id::text, '-')`, rolled: `CASE WHEN api_key_id = '${none}' THEN '-' ELSE api_key_id::text END` },
      endpoint: {
        raw: `coalesce(endpoint_id::text, '-')`,
        rolled: `CASE WHEN endpoint_id = '${none}' THEN '-' ELSE endpoint_id::text END`,
      },
    };
    type Dim = keyof typeof dims;
    const rollups: Array<[table: string, keys: Dim[], scope: 'tenants' | 'endpoints']> = [
      ['usage_daily', ['day', 'tenant', 'customer', 'key', 'endpoint'], 'tenants'],
      ['usage_daily_by_tenant', ['day', 'tenant'], 'tenants'],
      ['usage_daily_by_customer', ['day', 'tenant', 'customer'], 'tenants'],
      ['usage_daily_by_endpoint', ['day', 'endpoint'], 'endpoints'],
    ];
    const result: Record<string, { raw: Array<Record<string, string>>; rolled: Array<Record<string, string>> }> = {};
    for (const [table, keys, scope] of rollups) {
      const where = scope === 'tenants' ? `tenant_id = ANY($1::uuid[])` : `endpoint_id = ANY($1::uuid[])`;
      const order = keys.map((_, i) => i + 1).join(', ');
      const raw = await prisma.$queryRawUnsafe<Array<Record<string, string>>>(
        `SELECT ${keys.map((k) => `${dims[k].raw} AS ${k}`).join(', ')}, count(*)::text AS calls,
           count(*) FILTER (WHERE http_status >= 400)::text AS errors, sum(quantity)::text AS quantity,
           sum(wholesale_pico_usd)::text AS w, sum(resale_pico_usd)::text AS r, sum(customer_price_pico_usd)::text AS c
         FROM audit_records WHERE ${where} GROUP BY ${order} ORDER BY ${order}`,
        scope === 'tenants' ? tenants : endpoints,
      );
      const rolled = await prisma.$queryRawUnsafe<Array<Record<string, string>>>(
        `SELECT ${keys.map((k) => `${dims[k].rolled} AS ${k}`).join(', ')}, calls::text, errors::text, quantity::text,
           wholesale_pico_usd::text AS w, resale_pico_usd::text AS r, customer_price_pico_usd::text AS c
         FROM ${table} WHERE ${where} ORDER BY ${order}`,
        scope === 'tenants' ? tenants : endpoints,
      );
      result[table] = { raw, rolled };
    }
    return result;
  }

  /** Every usage and meter rollup equals the raw sums of these tenants' (and endpoints') records; returns the calls. */
  async function expectRollupsEqualRaw(tenants: string[], endpoints: string[] = []): Promise<number> {
    const tables = await compare(tenants, endpoints);
    for (const [table, { raw, rolled }] of Object.entries(tables)) expect({ table, rows: rolled }).toEqual({ table, rows: raw });
    if (endpoints.length > 0) expect(tables.usage_daily_by_endpoint.raw.length).toBeGreaterThan(0);
    await compareMeters(tenants, endpoints);
    return tables.usage_daily.raw.reduce((n, r) => n + Number(r.calls), 0);
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

    const endpoints = endpointsOf(all);
    expect((await compare(tenants)).usage_daily.raw.length).toBeGreaterThan(10);
    expect(await expectRollupsEqualRaw(tenants, endpoints)).toBe(2000);
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
    expect(await expectRollupsEqualRaw(tenants, endpointsOf(good))).toBe(120);
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
    expect(await expectRollupsEqualRaw(tenants, endpointsOf(spilled))).toBe(300);
  });

  it('are rebuilt from the raw records in one transaction, exactly, while writers keep writing', async () => {
    const tenants = [randomUUID()];
    const w = writer();
    const first = records(tenants, 500);
    for (const r of first) w.enqueue(r);
    await w.flush();
    // Damage every rollup, then rebuild them while another 500 records land.
    for (const table of ['usage_daily', 'usage_daily_by_tenant', 'usage_daily_by_customer'])
      await prisma.$executeRawUnsafe(`UPDATE ${table} SET calls = 0, customer_price_pico_usd = 1 WHERE tenant_id = $1::uuid`, tenants[0]);
    await prisma.$executeRawUnsafe(
      `UPDATE usage_daily_by_endpoint SET calls = 0, wholesale_pico_usd = 1 WHERE endpoint_id = ANY($1::uuid[])`,
      endpointsOf(first),
    );
    await prisma.$executeRawUnsafe(`UPDATE usage_daily_by_meter SET quantity = 0 WHERE tenant_id = $1::uuid`, tenants[0]);
    await prisma.$executeRawUnsafe(`DELETE FROM usage_daily_by_endpoint_meter WHERE endpoint_id = ANY($1::uuid[])`, endpointsOf(first));
    const client = new Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    let more: AuditRecord[] = [];
    try {
      more = records(tenants, 500);
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
    expect(await expectRollupsEqualRaw(tenants, endpointsOf([...first, ...more]))).toBe(1000);
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
