import { join } from 'node:path';
import { CatalogRepository } from '../../src/catalog/catalog.repository';
import { seedCatalog } from '../../src/catalog/catalog.seeder';
import { storedEndpoint } from '../../src/catalog/catalog.service';
import { defineUpstream } from '../../src/catalog/upstream';
import { seedModelAliases } from '../../src/model-aliases/model-aliases.seeder';
import { applyMigrations, ensureDatabase } from '../../src/database/migrations/migrator';
import { PrismaService } from '../../src/database/prisma.service';
import { testDatabaseName, testRedisUrl, testServerUrl } from './test-env';

const MIGRATIONS_DIR = join(__dirname, '..', '..', 'prisma', 'migrations');

/**
 * jest globalSetup, once per run: drops and recreates the test database (see test-env.ts for
 * where it lives), applies the committed migrations and seeds the catalog (and one endpoint whose
 * slug is as long as a slug may be, so every page a browser suite captures must fit it), then exports
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
    await addLongestSlug(prisma);
  } finally {
    await prisma.$disconnect();
  }
  process.env.DATABASE_URL = url;
  process.env.REDIS_URL = testRedisUrl();
}

/**
 * `infra.` and 48 characters, the most SLUG_PATTERN allows. The suites share one catalog, so an
 * endpoint one suite adds shows on the pages of the others; this one is there from the start, so a
 * table too narrow for it fails every run, not the runs where a long slug happened to be listed.
 */
async function addLongestSlug(prisma: PrismaService): Promise<void> {
  await new CatalogRepository(prisma).create(
    storedEndpoint({
      slug: `infra.${'longest_slug'.padEnd(48, '_x')}`,
      category: 'infra',
      billingUnit: 'call',
      description: 'The longest slug there can be.',
      wholesalePicoUsdPerUnit: 1_000_000_000n,
      resalePicoUsdPerUnit: 1_500_000_000n,
      maxQuantityPerCall: null,
      maxOutputTokens: null,
      defaultRateLimit: 1000,
      declaredLatencyMs: 50,
      streamable: false,
    }),
    [defineUpstream({ name: 'simulator', kind: 'simulator', timeoutMs: 2000 })],
    [],
  );
}
