import type { PrismaService } from '../database/prisma.service';
import { CatalogRepository } from './catalog.repository';
import { SEED_ENDPOINTS } from './catalog.seed-data';
import { storedEndpoint } from './catalog.service';
import { defineUpstream } from './upstream';

/**
 * Inserts the seed endpoints that are missing, each with the built-in simulator as its upstream,
 * through the catalog's one write path. Idempotent and safe to run from several processes at once;
 * never touches an existing entry, so an operator's later price or upstream changes survive restarts.
 */
export async function seedCatalog(prisma: PrismaService): Promise<{ created: number; existing: number }> {
  const repository = new CatalogRepository(prisma);
  const existing = new Set((await repository.findAll()).map((e) => e.slug));
  let created = 0;
  for (const seed of SEED_ENDPOINTS) {
    if (existing.has(seed.slug)) continue;
    try {
      await repository.create(storedEndpoint({ maxOutputTokens: null, ...seed, maxQuantityPerCall: null }), [
        defineUpstream({ name: 'simulator', kind: 'simulator' }),
      ]);
      created++;
    } catch (err) {
      // Another process seeded the same slug in the meantime.
      if ((err as { code?: string }).code !== 'P2002') throw err;
    }
  }
  return { created, existing: SEED_ENDPOINTS.length - created };
}
