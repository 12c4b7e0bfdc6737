import { join } from 'node:path';
import { seedCatalog } from '../../src/catalog/catalog.seeder';
import { seedModelAliases } from '../../src/model-aliases/model-aliases.seeder';
import { applyMigrations, ensureDatabase } from '../../src/database/migrations/migrator';
import { PrismaService } from '../../src/database/prisma.service';
import { testDatabaseName, testRedisUrl, testServerUrl } from './test-env';

const MIGRATIONS_DIR = join(__dirname, '..', '..', 'prisma', 'migrations');

/**
 * jest globalSetup, once per run: drops and recreates the test database (see test-env.ts for
 * where it lives), applies the committed migrations and seeds the catalog, then exports
 * DATABASE_URL and REDIS_URL so that the workers and the processes they start inherit them.
 * Runs in jest's own process (a plain Node require, not the test sandbox), so the migrator's
 * ESM/WebAssembly schema engine loads directly. About half a second on a local server.
 */
export default async function globalSetup(): Promise<void> {
  const url = await ensureDatabase(testServerUrl(), testDatabaseName(), { dropFirst: true });
  await applyMigrations(url, MIGRATIONS_DIR);
  const prisma = new PrismaService(url);
  try {
    await seedCatalog(prisma);
    await seedModelAliases(prisma);
  } finally {
    await prisma.$disconnect();
  }
  process.env.DATABASE_URL = url;
  process.env.REDIS_URL = testRedisUrl();
}
