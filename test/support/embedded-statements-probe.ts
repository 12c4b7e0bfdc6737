/**
 * Child-process probe for test/statements/statements-embedded.e2e-spec.ts: the zero-setup default (no
 * DATABASE_URL, no REDIS_URL) closes statements on its own — the scheduled pg-boss job on the
 * embedded Postgres, on the real clock. Env: DATA_DIR, EMBEDDED_PG_PORT. Starts the embedded
 * Postgres, migrates it, writes a tenant and audit records of the two months before this one (the
 * audit batch statement keeps the rollups), starts the gateway with the defaults but no grace
 * period, waits until the operator API shows both months closed, and prints one JSON line with what
 * it saw.
 */
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { PostgresAuditSink } from '../../src/audit/postgres-audit.sink';
import { createApp, shutdownGracefully } from '../../src/app/create-app';
import { loadConfig } from '../../src/config/app-config';
import { startEmbeddedPostgres } from '../../src/database/embedded/embedded-postgres';
import { applyMigrations } from '../../src/database/migrations/migrator';
import { STATEMENTS_QUEUE } from '../../src/statements/statements.job';
import { auditRecord } from './audit-fixtures';

const quiet = {
  info: () => undefined,
  debug: () => undefined,
  error: (o: object, m: string) => process.stderr.write(`${m} ${JSON.stringify(o)}\n`),
};

async function scenario(): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {};
  const config = loadConfig({
    DATA_DIR: process.env.DATA_DIR,
    EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT,
    LOG_LEVEL: 'fatal',
    JOB_POLL_INTERVAL_MS: '500',
    // Every month before this one is due at once, whatever the time of the month the test runs.
    STATEMENT_CLOSE_GRACE_MINUTES: '0',
  });
  seen.defaults = {
    databaseUrl: config.DATABASE_URL ?? null,
    redisUrl: config.REDIS_URL ?? null,
    jobWorker: config.JOB_WORKER,
    jobIntervalMs: config.STATEMENT_JOB_INTERVAL_MS,
  };
  const embedded = await startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_PG_PORT,
    logger: quiet,
    startTimeoutMs: 30_000,
  });
  try {
    await applyMigrations(embedded.url);
    const now = new Date();
    const months = [-2, -1].map((n) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 10)));
    seen.months = months.map((m) => m.toISOString().slice(0, 7));
    const tenantId = randomUUID();
    const pool = new Pool({ connectionString: embedded.url });
    try {
      await pool.query(`INSERT INTO tenants (id, name, updated_at) VALUES ($1, 'embedded statements', now())`, [tenantId]);
      await new PostgresAuditSink(pool).insertBatch([
        auditRecord({ tenantId, createdAt: months[0], customerPricePicoUsd: 1_000_000n }),
        auditRecord({ tenantId, createdAt: months[0], customerPricePicoUsd: 2_000_000n }),
        auditRecord({ tenantId, createdAt: months[1], customerPricePicoUsd: 4_000_000n }),
      ]);
    } finally {
      await pool.end();
    }

    const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
    const app = await createApp({ config, databaseUrl: embedded.url, adminToken });
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const admin = async (path: string) =>
      (await (await fetch(`${base}/api/admin/v1${path}`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
        data: Array<{ month: string; status: string; totals: { calls: number; customer_price_usd: string } }>;
      };
    const db = new Pool({ connectionString: embedded.url });
    const jobStates = async () =>
      (
        await db.query<{ state: string; n: number }>(
          `SELECT state::text, count(*)::int AS n FROM pgboss.job WHERE name = $1 GROUP BY 1 ORDER BY 1`,
          [`${config.JOB_QUEUE_PREFIX}${STATEMENTS_QUEUE}`],
        )
      ).rows;
    try {
      // Until the first run has completed and scheduled the next (the chain of the stately queue).
      const deadline = Date.now() + 30_000;
      let jobs = await jobStates();
      while (!(jobs.some((j) => j.state === 'completed') && jobs.some((j) => j.state === 'created')) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        jobs = await jobStates();
      }
      seen.jobs = jobs;
      const listed = await admin(`/tenants/${tenantId}/statements`);
      seen.statements = listed.data.map((s) => ({
        month: s.month,
        status: s.status,
        calls: s.totals.calls,
        usd: s.totals.customer_price_usd,
      }));
    } finally {
      await db.end();
      await shutdownGracefully(app, 1000);
    }
  } finally {
    await embedded.stop();
  }
  return seen;
}

scenario().then(
  (seen) => {
    process.stdout.write(`${JSON.stringify(seen)}\n`);
    process.exit(0);
  },
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
