import type { PrismaService } from '../database/prisma.service';
import { CatalogRepository } from './catalog.repository';
import { SEED_ENDPOINTS, SEED_MODEL_ALIASES, SEED_MODELS, SEED_PROVIDER_UPSTREAMS, type SeedModel } from './catalog.seed-data';
import { meterPricesOf } from './meter-prices';
import { storedEndpoint } from './catalog.service';
import { defineUpstream, type UpstreamDefinition } from './upstream';
import { ModelAliasesRepository } from '../model-aliases/model-aliases.repository';
import { modelIdOf } from '../model-aliases/model-id';

/**
 * Inserts the seed endpoints that are missing, each with the built-in simulator as its upstream,
 * through the catalog's one write path, then the seed's model aliases that are missing.
 * Idempotent and safe to run from several processes at once; never touches an existing entry or
 * alias, so an operator's later price, upstream or alias changes survive restarts.
 */
export async function seedCatalog(prisma: PrismaService): Promise<{ created: number; existing: number; aliasesCreated: number }> {
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
  return { created, existing: SEED_ENDPOINTS.length - created, aliasesCreated: await seedModelAliases(prisma, repository) };
}

/**
 * The seed's aliases that are missing, each only while its target is in the catalog: an operator
 * who removed a seeded model gets no alias naming nothing. (One who removed a seeded alias whose
 * target is still there gets it back on the next start: point it elsewhere instead.)
 */
async function seedModelAliases(prisma: PrismaService, catalog: CatalogRepository): Promise<number> {
  const ids = new Set((await catalog.findAll()).flatMap((e) => [e.slug, ...e.models.map((m) => modelIdOf(e.slug, m.name))]));
  return new ModelAliasesRepository(prisma).createMissing(SEED_MODEL_ALIASES.filter((a) => ids.has(a.target)));
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
