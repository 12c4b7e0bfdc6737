import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { seedCatalog } from '../../src/catalog/catalog.seeder';
import { seedModelAliases } from '../../src/model-aliases/model-aliases.seeder';
import { dropDatabase, ensureDatabase } from '../../src/database/migrations/migrator';
import { PrismaService } from '../../src/database/prisma.service';
import { testDatabaseName, testServerUrl } from './test-env';

const ROOT = join(__dirname, '..', '..');

export interface SuiteDatabase {
  /** For GatewayHarness.start({ DATABASE_URL: url }). */
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of one suite's own, beside the run's shared test database, for what a suite must not do
 * to the others: closing a month of statements closes it for every tenant of a database, and
 * test/statements owns that timeline in the shared one. Created fresh (`<test database>_<suffix>`),
 * migrated as global-setup does, but through the migrate CLI in a child process (Prisma's schema
 * engine cannot load in jest's sandbox), and seeded with the catalog. drop() removes it.
 */
export async function createSuiteDatabase(suffix: string): Promise<SuiteDatabase> {
  const name = `${testDatabaseName()}_${suffix}`;
  const url = await ensureDatabase(testServerUrl(), name, { dropFirst: true });
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, 'src/database/migrations/migrate.cli.ts'), 'deploy'],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: url } },
      (err, _stdout, stderr) => (err ? reject(new Error(`migrating ${name} failed: ${stderr || err.message}`)) : resolve()),
    );
  });
  const prisma = new PrismaService(url);
  try {
    await seedCatalog(prisma);
    await seedModelAliases(prisma);
  } finally {
    await prisma.$disconnect();
  }
  return { url, drop: () => dropDatabase(testServerUrl(), name) };
}
