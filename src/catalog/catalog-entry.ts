import type { BillingUnit, Category } from '../generated/prisma/enums';
import type { UpstreamTarget } from './upstream';

/**
 * One price of an endpoint with everything a call needs to use it, computed when the catalog is
 * loaded (not per request): the endpoint's own price, or one of its models'.
 */
export interface Pricing {
  /** The endpoint model's name; null for the price of an endpoint without models. */
  model: string | null;
  wholesalePicoUsdPerUnit: bigint;
  resalePicoUsdPerUnit: bigint;
  /**
   * The most usage one call is billed for: the catalog's max_quantity_per_call (else the billing
   * unit's default), lowered where needed so that quantity × price stays within int8 pico-USD.
   */
  quantityCap: bigint;
  /**
   * Token endpoints: the most output tokens one call at this price can produce, as the operator
   * declared it (the model's, else the endpoint's); null = not declared. Sizes budget holds.
   */
  maxOutputTokens: bigint | null;
  /** Enabled upstreams that serve this price, in fallback order. */
  upstreams: UpstreamTarget[];
}

/** A catalog endpoint as held in memory by CatalogService (refreshed on change, never read per request). */
export interface CatalogEntry {
  id: string;
  slug: string;
  category: Category;
  operation: string;
  billingUnit: BillingUnit;
  description: string;
  wholesalePicoUsdPerUnit: bigint;
  resalePicoUsdPerUnit: bigint;
  /** Operator's sanity cap on one call's usage; null = the billing unit's default. */
  maxQuantityPerCall: bigint | null;
  defaultRateLimit: number;
  /** Operator's per-endpoint limit (admin panel); null = catalog default applies. */
  endpointRateLimit: number | null;
  declaredLatencyMs: number;
  streamable: boolean;
  enabled: boolean;
  /** Enabled upstreams in fallback order. */
  upstreams: UpstreamTarget[];
  /** The price of a call on an endpoint without models. */
  pricing: Pricing;
  /** Models a caller may choose, in position order (the first is the default); empty = one price. */
  models: Pricing[];
}
