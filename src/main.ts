import 'reflect-metadata';
import { loadOrCreateAdminToken } from './app/admin-token.file';
import { createApp, shutdownGracefully } from './app/create-app';
import { seedCatalog } from './catalog/catalog.seeder';
import { seedModelAliases } from './model-aliases/model-aliases.seeder';
import { PinoLoggerService } from './common/logging/pino-logger.service';
import { ConfigValidationError, loadConfig } from './config/app-config';
import { startEmbeddedPostgres } from './database/embedded/embedded-postgres';
import { applyMigrations } from './database/migrations/migrator';
import { PrismaService } from './database/prisma.service';
import { OperatorSetupService } from './users/operator-setup.service';
import { publicBase, startupSummary } from './app/startup-summary';
import type { AddressInfo } from 'node:net';

/**
 * Starts the gateway. Without DATABASE_URL it runs an embedded Postgres under DATA_DIR; without
 * REDIS_URL it keeps limits in process. Migrations and the catalog seed are applied at start
 * (both idempotent; the migration engine holds an advisory lock, so many processes may start at once).
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

  const app = await createApp({ config, databaseUrl, adminToken });
  await app.listen(config.PORT, config.HOST);
  // The port bound (PORT=0 picks a free one).
  const { port } = app.getHttpServer().address() as AddressInfo;
  const base = publicBase(config.CONSOLE_ORIGIN, config.HOST, port);
  log.info(
    { port, database: embedded ? 'embedded' : 'DATABASE_URL', redis: config.REDIS_URL ? 'REDIS_URL' : 'in-process' },
    `gateway listening on ${base}/api/public/v1/{slug}`,
  );
  const setupLink = await app.get(OperatorSetupService).issueSetupToken();
  for (const line of startupSummary(base, setupLink)) log.info(line);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight calls and draining the audit buffer');
    try {
      await shutdownGracefully(app, config.SHUTDOWN_GRACE_MS);
      await embedded?.stop();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`gateway failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
