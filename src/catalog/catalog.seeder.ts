import type { PrismaService } from '../database/prisma.service';
import { CatalogRepository } from './catalog.repository';
import { SEED_ENDPOINTS, SEED_MODELS, SEED_PROVIDER_UPSTREAMS, type SeedModel } from './catalog.seed-data';
import { meterPricesOf } from './meter-prices';
import { storedEndpoint } from './catalog.service';
import { defineUpstream, type UpstreamDefinition } from './upstream';

/**
 * Inserts the seed endpoints that are missing, each with the built-in simulator as its upstream,
 * through the catalog's one write path (the seed's model aliases follow: seedModelAliases).
 * Idempotent and safe to run from several processes at once; never touches an existing entry, so
 * an operator's later price or upstream changes survive restarts.
 */
export async function seedCatalog(prisma: PrismaService): Promise<{ created: number; existing: number }> {
  const repository = new CatalogRepository(prisma);
  const existing = new Set((await repository.findAll()).map((e) => e.slug));
  let created = 0;
  for (const seed of SEED_ENDPOINTS) {
    if (existing.has(seed.slug)) continue;
    try {
      const models = SEED_MODELS[seed.slug] ?? [];
      await repository.create(
        storedEndpoint({ maxOutputTokens: null, ...seed, maxQuantityPerCall: null }),
        seedUpstreams(models),
        models.map(({ name, prices, maxOutputTokens }) => ({ name, prices: meterPricesOf(seed.billingUnit, { prices }), maxOutputTokens })),
      );
      created++;
    } catch (err) {
      // Another process seeded the same slug in the meantime.
      if ((err as { code?: string }).code !== 'P2002') throw err;
    }
  }
  return { created, existing: SEED_ENDPOINTS.length - created };
}

/**
 * The simulator (serving the simulator model on a slug with models, else everything), then one
 * upstream per provider model, each serving its model only: a call naming a provider's model never
 * falls back to the simulator at that model's price.
 */
function seedUpstreams(models: readonly SeedModel[]): UpstreamDefinition[] {
  const simulator = models.find((m) => m.servedBy === 'simulator');
  return [
    defineUpstream({ name: 'simulator', kind: 'simulator', servesModel: simulator?.name ?? null }),
    ...models.flatMap((m) =>
      m.servedBy === 'simulator'
        ? []
        : [
            defineUpstream({
              name: `${m.servedBy} ${m.name}`,
              kind: m.servedBy,
              model: m.name,
              servesModel: m.name,
              ...SEED_PROVIDER_UPSTREAMS[m.servedBy],
            }),
          ],
    ),
  ];
}
