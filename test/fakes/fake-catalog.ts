import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import type { CatalogService } from '../../src/catalog/catalog.service';
import type { BillingUnit, Category } from '../../src/generated/prisma/enums';
import type { InMemoryDb } from './in-memory-db';

/**
 * The catalog as the domain services read it (CatalogService's in-memory side: find, findById and list), empty
 * unless a test adds entries; and the catalog endpoints table (slug, category, unit) the statements
 * fake writes lines with. The catalog's own storage and reloads are not faked.
 */
export class FakeCatalog implements Pick<CatalogService, 'find' | 'findById' | 'list'> {
  private readonly entries = new Map<string, CatalogEntry>();

  constructor(private readonly db: InMemoryDb) {}

  find(slug: string): CatalogEntry | undefined {
    return this.entries.get(slug);
  }

  list(): CatalogEntry[] {
    return [...this.entries.values()];
  }

  findById(id: string): CatalogEntry | undefined {
    return this.list().find((e) => e.id === id);
  }

  add(entry: CatalogEntry): void {
    this.entries.set(entry.slug, entry);
    this.addEndpoint(entry);
  }

  /** A row of the catalog endpoints table (what a statement line copies); returns its id. */
  addEndpoint(endpoint: { id?: string; slug: string; category: Category; billingUnit: BillingUnit }): string {
    const id = endpoint.id ?? this.db.id();
    this.db.tables.catalogEndpoints.set(id, { id, slug: endpoint.slug, category: endpoint.category, billingUnit: endpoint.billingUnit });
    return id;
  }
}
