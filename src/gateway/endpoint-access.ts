import type { CatalogEntry } from '../catalog/catalog-entry';
import { GatewayError } from '../common/errors/error-catalog';
import type { Caller } from '../keys/caller';

/**
 * Refuses (403 endpoint_not_allowed) a caller whose plan does not include the endpoint's category,
 * or whose key or customer may not call the endpoint; whichever door the call came through.
 */
export function refuseUnlessAllowed(caller: Caller | undefined, endpoint: CatalogEntry): void {
  const allowed = caller?.allowedCategories;
  if (allowed && !allowed.has(endpoint.category)) {
    throw new GatewayError('endpoint_not_allowed', undefined, { category: endpoint.category, allowed_categories: [...allowed] });
  }
  if (caller?.allowedEndpoints && !caller.allowedEndpoints.allows(endpoint.slug, endpoint.category)) {
    throw new GatewayError('endpoint_not_allowed', 'This key may not call this endpoint.', { slug: endpoint.slug });
  }
}

/** Whether the caller may call the endpoint (what refuseUnlessAllowed lets through). */
export function mayCall(caller: Caller, endpoint: CatalogEntry): boolean {
  if (caller.allowedCategories && !caller.allowedCategories.has(endpoint.category)) return false;
  return !caller.allowedEndpoints || caller.allowedEndpoints.allows(endpoint.slug, endpoint.category);
}
