import 'reflect-metadata';
import { tuneV8ForCalls } from './app/v8-tuning';
// Before anything else allocates (see v8-tuning.ts).
tuneV8ForCalls();
import { loadOrCreateAdminToken } from './app/admin-token.file';
import { createApp, shutdownGracefully } from './app/create-app';
import { seedCatalog } from './catalog/catalog.seeder';
import { seedModelAliases } from './model-aliases/model-aliases.seeder';
import { PinoLoggerService } from './common/logging/pino-logger.service';
import { AppConfig, ConfigValidationError, gatewayProcessCount, loadConfig } from './config/app-config';
import { startEmbeddedPostgres } from './database/embedded/embedded-postgres';
import { applyMigrations } from './database/migrations/migrator';
import { PrismaService } from './database/prisma.service';
import { OperatorSetupService } from './users/operator-setup.service';
import { publicBase, startupSummary } from './app/startup-summary';
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { announceListening, GatewayCluster, ISSUES_SETUP_LINK_ENV } from './app/gateway-cluster';

/**
 * Starts the gateway. Without DATABASE_URL it runs an embedded Postgres under DATA_DIR; without
 * REDIS_URL it keeps limits in process. Migrations and the catalog seed are applied at start
 * (both idempotent; the migration engine holds an advisory lock, so many processes may start at once).
 * With GATEWAY_PROCESSES above 1 this process prepares the database once, then forks the workers
 * that serve the port (app/gateway-cluster.ts); each worker runs `serveAsWorker`.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigValidationError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = new PinoLoggerService(config.LOG_LEVEL);
  const log = logger.pino;
  if (cluster.isWorker) return serveAsWorker(config, log);

  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, logger: log });
  const databaseUrl = config.DATABASE_URL ?? embedded!.url;

  const applied = await applyMigrations(databaseUrl);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  const seeder = new PrismaService(databaseUrl);
  const seeded = { ...(await seedCatalog(seeder)), aliasesCreated: await seedModelAliases(seeder) };
  await seeder.$disconnect();
  log.info({ seeded }, 'catalog seeded');

  let adminToken = config.ADMIN_TOKEN;
  if (!adminToken) {
    const generated = await loadOrCreateAdminToken(config.DATA_DIR);
    adminToken = generated.token;
    if (generated.tightened) log.warn({ file: generated.file }, 'the admin token file was readable by other users; its mode is now 0600');
    log.warn({ file: generated.file }, `ADMIN_TOKEN is not set; the operator API token is in ${generated.file}`);
  }
  const where = {
    database: embedded ? 'embedded' : 'DATABASE_URL',
    redis: config.REDIS_CLUSTER_NODES ? 'REDIS_CLUSTER_NODES' : config.REDIS_URL ? 'REDIS_URL' : 'in-process',
  };

  const processes = gatewayProcessCount(config.GATEWAY_PROCESSES);
  if (processes > 1) {
    const workers = new GatewayCluster(processes, log, { DATABASE_URL: databaseUrl, ADMIN_TOKEN: adminToken });
    let first;
    try {
      first = await workers.start();
    } catch (err) {
      log.fatal({ err }, 'the gateway workers failed to start');
      process.exit(1);
    }
    const base = publicBase(config.CONSOLE_ORIGIN, config.HOST, first.port);
    log.info({ port: first.port, processes, ...where }, `gateway listening on ${base}/api/public/v1/{slug}`);
    const setupLink = first.setupLink && { token: first.setupLink.token, expiresAt: new Date(first.setupLink.expiresAt) };
    for (const line of startupSummary(base, setupLink)) log.info(line);
    onStopSignal(log, `stopping ${processes} workers: each finishes its in-flight calls and drains its audit buffer`, async () => {
      const clean = await workers.stop();
      if (!clean) throw new Error('a worker did not stop cleanly');
    });
    return;
  }

  const app = await createApp({ config, databaseUrl, adminToken });
  await app.listen(config.PORT, config.HOST);
  // The port bound (PORT=0 picks a free one).
  const { port } = app.getHttpServer().address() as AddressInfo;
  const base = publicBase(config.CONSOLE_ORIGIN, config.HOST, port);
  log.info({ port, ...where }, `gateway listening on ${base}/api/public/v1/{slug}`);
  const setupLink = await app.get(OperatorSetupService).issueSetupToken();
  for (const line of startupSummary(base, setupLink)) log.info(line);

  onStopSignal(log, 'shutting down: finishing in-flight calls and draining the audit buffer', async () => {
    await shutdownGracefully(app, config.SHUTDOWN_GRACE_MS);
    await embedded?.stop();
  });
}

/**
 * One of GATEWAY_PROCESSES workers: the primary already migrated and seeded the database, and
 * passes the database URL and the admin token it resolved. Stops like a single process on SIGTERM,
 * and when the primary is gone (its IPC channel closed), so no worker outlives it.
 */
async function serveAsWorker(config: AppConfig, log: Logger): Promise<void> {
  const app = await createApp({ config, databaseUrl: config.DATABASE_URL!, adminToken: config.ADMIN_TOKEN! });
  await app.listen(config.PORT, config.HOST);
  const { port } = app.getHttpServer().address() as AddressInfo;
  const setupLink = process.env[ISSUES_SETUP_LINK_ENV] === '1' ? await app.get(OperatorSetupService).issueSetupToken() : null;
  announceListening(port, setupLink);
  const stop = onStopSignal(log, 'worker shutting down: finishing in-flight calls and draining the audit buffer', () =>
    shutdownGracefully(app, config.SHUTDOWN_GRACE_MS),
  );
  process.on('disconnect', () => stop('the primary process is gone'));
}

/** On SIGTERM or SIGINT (once): runs `stop`, then exits 0, or 1 if it failed. Returns the trigger, for other reasons to stop. */
function onStopSignal(log: Logger, message: string, stop: () => Promise<void>): (reason: string) => void {
  let stopping = false;
  const trigger = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, message);
    stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => trigger('SIGTERM'));
  process.on('SIGINT', () => trigger('SIGINT'));
  return trigger;
}

main().catch((err) => {
  process.stderr.write(`gateway failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
