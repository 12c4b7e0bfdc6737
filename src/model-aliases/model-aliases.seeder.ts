import { CatalogRepository } from '../catalog/catalog.repository';
import { SEED_MODEL_ALIASES } from '../catalog/catalog.seed-data';
import { modelIdOf } from '../catalog/model-id';
import type { PrismaService } from '../database/prisma.service';
import { ModelAliasesRepository } from './model-aliases.repository';

/**
 * The seed's aliases that are missing (run after seedCatalog), each only while its target is in the
 * catalog: an operator who removed a seeded model gets no alias naming nothing. (One who removed a
 * seeded alias whose target is still there gets it back on the next start: point it elsewhere
 * instead.) Idempotent; never changes an existing alias.
 */
export async function seedModelAliases(prisma: PrismaService): Promise<number> {
  const catalog = await new CatalogRepository(prisma).findAll();
  const ids = new Set(catalog.flatMap((e) => [e.slug, ...e.models.map((m) => modelIdOf(e.slug, m.name))]));
  return new ModelAliasesRepository(prisma).createMissing(SEED_MODEL_ALIASES.filter((a) => ids.has(a.target)));
}
