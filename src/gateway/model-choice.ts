import type { CatalogEntry, Pricing } from '../catalog/catalog-entry';
import { GatewayError } from '../common/errors/error-catalog';

/**
 * The price (and the upstreams) of a call. The caller may name a `model` only on an endpoint that
 * offers several, each priced in the catalog; absent, the first model is used. `model` is removed
 * from the input: no provider ever forwards the caller's choice of model (the operator fixes the
 * upstream-side model), or a tenant could run the dearest model at the slug's flat price.
 */
export function choosePricing(endpoint: CatalogEntry, input: Record<string, unknown>): Pricing {
  if (!Object.hasOwn(input, 'model')) return endpoint.models[0] ?? endpoint.pricing;
  const requested = input.model;
  delete input.model;
  const allowed = endpoint.models.map((m) => m.model!);
  if (allowed.length === 0) {
    throw new GatewayError('invalid_request', `The endpoint ${endpoint.slug} has one price and no models to choose from; omit "model".`, {
      allowed_models: allowed,
    });
  }
  const chosen = typeof requested === 'string' ? endpoint.models.find((m) => m.model === requested) : undefined;
  if (!chosen) {
    throw new GatewayError('invalid_request', `Unknown model for ${endpoint.slug}; "model" must be one of: ${allowed.join(', ')}.`, {
      allowed_models: allowed,
    });
  }
  return chosen;
}
