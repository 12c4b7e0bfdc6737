import { seedCatalog } from '../../src/catalog/catalog.seeder';
import { applyMigrations, ensureDatabase } from '../../src/database/migrator';
import { PrismaService } from '../../src/database/prisma.service';
import { DEFAULT_TEST_REDIS_URL, DEFAULT_TEST_SERVER_URL } from './test-env';

/**
 * Once per `npm test`: a fresh test database on the server of DATABASE_URL (or the local default),
 * migrated from the committed migrations and seeded with the catalog. Workers inherit the env.
 */
export default async function globalSetup(): Promise<void> {
  const server = process.env.DATABASE_URL || DEFAULT_TEST_SERVER_URL;
  const name = process.env.TEST_DATABASE_NAME || 'gateway_test';
  const url = await ensureDatabase(server, name, { dropFirst: true });
  await applyMigrations(url);
  const prisma = new PrismaService(url);
  try {
    await seedCatalog(prisma);
  } finally {
    await prisma.$disconnect();
  }
  process.env.TEST_SERVER_URL = server;
  process.env.DATABASE_URL = url;
  process.env.REDIS_URL = process.env.REDIS_URL || DEFAULT_TEST_REDIS_URL;
}
