import type { BillingUnit, Category, Meter } from '../generated/prisma/enums';
import type { UpstreamTarget } from './upstream';

/** One meter of a price, with what a call needs to bill it (computed when the catalog is loaded). */
export interface MeterPricing {
  meter: Meter;
  /** The meter's unit in its base measure: 1000 (tokens, characters), 60,000 (ms a minute), 1 (items). */
  perUnit: bigint;
  wholesalePicoUsdPerUnit: bigint;
  resalePicoUsdPerUnit: bigint;
  /**
   * The most of this meter one call is billed for: the catalog's max_quantity_per_call for meters in
   * the slug's own measure (else the meter's default cap), lowered where needed so that the call's
   * amounts, summed over every meter of the price, stay within int8 pico-USD.
   */
  quantityCap: bigint;
  /** The meters whose usage bills here: this one, and those without a price of their own that bill as it (METERS[m].billsAs). */
  sources: readonly Meter[];
}

/**
 * One price of an endpoint with everything a call needs to use it, computed when the catalog is
 * loaded (not per request): the endpoint's own price, or one of its models'.
 */
export interface Pricing {
  /** The endpoint model's name; null for the price of an endpoint without models. */
  model: string | null;
  /** The meters of the price, in METER_NAMES order. */
  meters: readonly MeterPricing[];
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
  /** When the operator added the endpoint (the OpenAI door's `created` of its models). */
  createdAt: Date;
}
