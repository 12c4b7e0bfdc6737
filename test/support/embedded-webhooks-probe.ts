/**
 * Child-process probe for test/webhooks/embedded-webhooks.e2e-spec.ts: the zero-setup default (no
 * DATABASE_URL, no REDIS_URL) runs webhooks too — pg-boss on the embedded Postgres. Env: DATA_DIR,
 * EMBEDDED_PG_PORT. Starts the embedded Postgres, migrates it, starts the gateway on it, registers
 * an endpoint on a receiver that fails the first attempt, suspends a customer, waits for the retry
 * to be delivered, and prints one JSON line with what it saw.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { createApp, shutdownGracefully } from '../../src/app/create-app';
import { loadConfig } from '../../src/config/app-config';
import { startEmbeddedPostgres } from '../../src/database/embedded/embedded-postgres';
import { partitionTables } from '../../src/audit/audit-partitions';
import { applyMigrations } from '../../src/database/migrations/migrator';

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
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_BASE_MS: '100',
  });
  seen.defaults = { databaseUrl: config.DATABASE_URL ?? null, redisUrl: config.REDIS_URL ?? null, jobWorker: config.JOB_WORKER };
  const embedded = await startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_PG_PORT,
    logger: quiet,
    startTimeoutMs: 30_000,
  });
  const received: Array<{ id: string | undefined; attempt: string | undefined }> = [];
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ id: req.headers['webhook-id'] as string, attempt: req.headers['webhook-attempt'] as string });
      res.writeHead(received.length === 1 ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await applyMigrations(embedded.url);
    const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
    const app = await createApp({ config, databaseUrl: embedded.url, adminToken });
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const api = async (token: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { id: string; key: string; data: Array<Record<string, unknown>> };
    };
    try {
      const tenant = await api(adminToken, 'POST', '/api/admin/v1/tenants', { name: 'embedded', kind: 'reseller' });
      const { key } = await api(adminToken, 'POST', `/api/admin/v1/tenants/${tenant.id}/management-keys`, {});
      await api(key, 'POST', '/api/reseller/v1/webhook-endpoints', { url: receiverUrl, events: ['customer.suspended'] });
      const customer = await api(key, 'POST', '/api/reseller/v1/customers', { name: 'Ada' });
      await api(key, 'POST', `/api/reseller/v1/customers/${customer.id}/suspend`);
      const deadline = Date.now() + 20_000;
      let delivery: Record<string, unknown> | undefined;
      while (Date.now() < deadline) {
        const [first] = (await api(key, 'GET', '/api/reseller/v1/webhook-deliveries')).data;
        if (first?.state === 'delivered') {
          delivery = first;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      seen.delivery = delivery && { id: delivery.id, state: delivery.state, attempt_count: delivery.attempt_count };
      seen.received = received;
    } finally {
      await shutdownGracefully(app, 1000);
    }
    const db = new Client({ connectionString: embedded.url });
    await db.connect();
    try {
      seen.pgboss = (await db.query<{ version: number }>('SELECT version FROM pgboss.version')).rows[0];
      seen.jobs = (
        await db.query<{ state: string; n: number }>(
          `SELECT state::text, count(*)::int AS n FROM pgboss.job WHERE name = 'gw.webhooks.delivery' GROUP BY 1 ORDER BY 1`,
        )
      ).rows;
      // The audit trail's monthly partitions, made by the app at start on the embedded default too.
      seen.auditPartitions = await partitionTables(db);
      seen.partitionJob = (await db.query<{ name: string }>(`SELECT name FROM pgboss.queue WHERE name = 'gw.audit.partitions'`)).rows;
    } finally {
      await db.end();
    }
  } finally {
    receiver.close();
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
