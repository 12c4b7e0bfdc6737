import type { PrismaClient } from '../generated/prisma/client';
import { SEED_ENDPOINTS } from './catalog.seed-data';

/**
 * Inserts the seed endpoints that are missing, each with the built-in simulator as its upstream.
 * Idempotent and safe to run from several processes at once; never touches an existing entry, so
 * an operator's later price or upstream changes survive restarts.
 */
export async function seedCatalog(prisma: PrismaClient): Promise<{ created: number; existing: number }> {
  const existing = new Set((await prisma.catalogEndpoint.findMany({ select: { slug: true } })).map((e) => e.slug));
  let created = 0;
  for (const seed of SEED_ENDPOINTS) {
    if (existing.has(seed.slug)) continue;
    try {
      await prisma.catalogEndpoint.create({
        data: {
          ...seed,
          upstreams: { create: [{ position: 0, name: 'simulator', kind: 'simulator', baseUrl: null, path: '', timeoutMs: 30_000 }] },
        },
      });
      created++;
    } catch (err) {
      // Another process seeded the same slug in the meantime.
      if ((err as { code?: string }).code !== 'P2002') throw err;
    }
  }
  return { created, existing: SEED_ENDPOINTS.length - created };
}
