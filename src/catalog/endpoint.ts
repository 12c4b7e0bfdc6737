import type { CatalogEndpoint, EndpointModel } from '../generated/prisma/client';

/**
 * What defines a catalog endpoint: the Prisma model's fields (prisma/schema.prisma says what each
 * means) but its identity, timestamps and enabled flag. The seed, the operator API and the tests
 * all define endpoints in this one shape.
 */
export type EndpointDefinition = Omit<CatalogEndpoint, 'id' | 'createdAt' | 'updatedAt' | 'enabled'>;

/** What the operator may change on an endpoint (its slug, category and billing unit are fixed). */
export type EndpointChanges = Partial<Omit<EndpointDefinition, 'slug' | 'category' | 'billingUnit'>> & { enabled?: boolean };

/** A model a caller may choose on an endpoint, at its own prices. */
export type ModelDefinition = Pick<EndpointModel, 'name' | 'wholesalePicoUsdPerUnit' | 'resalePicoUsdPerUnit'> &
  Partial<Pick<EndpointModel, 'maxOutputTokens'>>;
