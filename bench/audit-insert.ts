/**
 * `npm run bench:audit`: how many audit records a second the writer lands in Postgres, with the
 * daily rollups kept in the same statement (the production path), against the bare insert without
 * them. The writer sends one batch at a time (AUDIT_BATCH_SIZE, 2,000), each one prepared
 * INSERT … SELECT FROM unnest(one array per column) — chosen over COPY because it is one
 * statement per batch that also carries ON CONFLICT (a retried batch is a no-op) and the rollup
 * CTEs (a batch and its sums are atomic), which COPY cannot.
 * Records: 1,000 tenants, 50 keys each (half of them customers'), 16 endpoints, statuses and
 * latencies mixed, one day. Target: at least 20,000 records/s. BENCH_AUDIT_SHAPE=spread (default)
 * sends the keys round in turn, so each record of a batch is its own row of every rollup: the worst
 * case. BENCH_AUDIT_SHAPE=skewed draws the callers as bench:reports' seed does (a tenant's share
 * ∝ rank^-0.6, a tenant's first customers most of its calls, each key 1 to 3 endpoints, 5 % of
 * the calls the tenants' own keys; a fixed PRNG seed), as traffic concentrates in practice.
 * Env: BENCH_AUDIT_RECORDS (default 200,000), BENCH_AUDIT_DATABASE (default gateway_bench_audit;
 * dropped and created anew), DATABASE_URL (server; default local).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { auditBatchParameters, INSERT_AUDIT_BATCH_SQL, type AuditRecord } from '../src/audit/audit-record';
import { AuditWriter } from '../src/audit/audit-writer';
import { PostgresAuditSink } from '../src/audit/postgres-audit.sink';
import { applyMigrations } from '../src/database/migrations/migrator';
import { freshDatabase } from './processes';

const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const total = Number(process.env.BENCH_AUDIT_RECORDS ?? 200_000);
const BATCH = Number(process.env.BENCH_AUDIT_BATCH ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_AUDIT_CONCURRENCY ?? 2);

const SHAPE = process.env.BENCH_AUDIT_SHAPE ?? 'spread';

/** mulberry32: the skewed shape's draws, the same every run. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeRecords(n: number): AuditRecord[] {
  const tenants = Array.from({ length: 1000 }, () => randomUUID());
  const keys = tenants.flatMap((tenantId) =>
    Array.from({ length: 50 }, (_, i) => ({ tenantId, apiKeyId: randomUUID(), customerId: i % 2 === 0 ? randomUUID() : null })),
  );
  const endpoints = Array.from({ length: 16 }, () => randomUUID());
  const now = Date.now();
  const random = prng(42);
  /** Tenant t's keys are keys[50 t ..]: the even ones its 25 customers' (one each, the first ones busiest), the odd ones its own. */
  const skewed = () => {
    const t = Math.min(999, Math.floor(1000 * random() ** 2.5));
    const own = random() < 0.05;
    const k = own ? 2 * Math.floor(random() * 5) + 1 : 2 * Math.floor(25 * random() ** 2);
    const key = keys[t * 50 + k];
    return { key, endpoint: endpoints[(t * 50 + k + 5 * Math.floor(random() * (1 + (k % 3)))) % 16] };
  };
  return Array.from({ length: n }, (_, i) => {
    const drawn = SHAPE === 'skewed' ? skewed() : null;
    const key = drawn ? drawn.key : keys[(i * 7919) % keys.length];
    const ok = i % 20 !== 0;
    return {
      id: randomUUID(),
      createdAt: new Date(now - (i % 3_600_000)),
      ...key,
      endpointId: drawn ? drawn.endpoint : endpoints[i % endpoints.length],
      method: 'POST',
      httpStatus: ok ? 200 : 429,
      errorCode: ok ? null : 'rate_limited',
      latencyMs: 5 + (i % 400),
      clientIp: '203.0.113.9',
      upstreamId: ok ? endpoints[(i + 1) % endpoints.length] : null,
      providersTried: ok ? 1 : 0,
      quantity: ok ? BigInt(1 + (i % 3000)) : 0n,
      wholesalePicoUsd: ok ? BigInt(1000 + i) : 0n,
      resalePicoUsd: ok ? BigInt(2000 + i) : 0n,
      customerPricePicoUsd: ok ? BigInt(2500 + i) : 0n,
      usageSource: ok ? 'reported' : null,
      streamOutcome: null,
      keyBudgetId: null,
      customerBudgetId: null,
      tenantBudgetId: null,
    };
  });
}

async function viaWriter(pool: Pool, records: AuditRecord[]): Promise<number> {
  const spillDir = mkdtempSync(join(tmpdir(), 'bench-audit-'));
  const writer = new AuditWriter(new PostgresAuditSink(pool), {
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
  // Warm-up: prepare the statements, fill the caches.
  await viaWriter(pool, makeRecords(5000));
  await bareInsert(pool, makeRecords(5000));

  const withRollups = await viaWriter(pool, makeRecords(total));
  const bare = await bareInsert(pool, makeRecords(total));
  const { rows } = await pool.query<{ records: string; rollup: string; calls: string }>(
    `SELECT (SELECT count(*) FROM audit_records)::text AS records, (SELECT count(*) FROM usage_daily)::text AS rollup,
       (SELECT sum(calls) FROM usage_daily)::text AS calls`,
  );
  await pool.end();
  console.table([
    { path: 'AuditWriter → one statement: insert + daily rollups (production)', 'records/s': Math.round(withRollups), batch: BATCH },
    { path: 'bare INSERT … unnest, no rollups (for comparison)', 'records/s': Math.round(bare), batch: BATCH },
  ]);
  console.log(
    `${total} records per run (${SHAPE}); target ≥ 20,000 records/s with the rollups: ${withRollups >= 20_000 ? 'met' : 'NOT met'}; ` +
      `audit_records ${rows[0].records} rows, usage_daily ${rows[0].rollup} rows holding ${rows[0].calls} calls (the runs through the writer)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
