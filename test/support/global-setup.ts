import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { seedCatalog } from '../../src/catalog/catalog.seeder';
import { ensureDatabase } from '../../src/database/migrator';
import { PrismaService } from '../../src/database/prisma.service';
import { DEFAULT_TEST_REDIS_URL, DEFAULT_TEST_SERVER_URL } from './test-env';

const ROOT = join(__dirname, '..', '..');

/**
 * Once per `npm test`: a fresh test database on the server of DATABASE_URL (or the local default),
 * migrated from the committed migrations and seeded with the catalog. Workers inherit the env.
 * Migrations run through the migrate CLI in a child process: the schema engine's WebAssembly
 * leaves timers behind that would otherwise hold jest open.
 */
export default async function globalSetup(): Promise<void> {
  const server = process.env.DATABASE_URL || DEFAULT_TEST_SERVER_URL;
  const name = process.env.TEST_DATABASE_NAME || 'gateway_test';
  const url = await ensureDatabase(server, name, { dropFirst: true });
  await promisify(execFile)(
    process.execPath,
    ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, 'src/database/migrate.cli.ts'), 'deploy'],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: url } },
  );
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
