import type { BillingUnit, Category } from '../generated/prisma/enums';
import type { UpstreamTarget } from '../proxy/provider.types';

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
  defaultRateLimit: number;
  /** Operator's per-endpoint limit (admin panel); null = catalog default applies. */
  endpointRateLimit: number | null;
  declaredLatencyMs: number;
  streamable: boolean;
  enabled: boolean;
  /** Enabled upstreams in fallback order. */
  upstreams: UpstreamTarget[];
}
