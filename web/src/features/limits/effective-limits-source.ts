import type { QueryKey } from '@tanstack/react-query';
import type { EffectiveLimitsView, KeyUsageView } from '@unified-api-gateway/sdk';

/** Whose effective limits and usage a key's page shows (the reseller API's key, or the operator API's): cache keys and routes. */
export interface EffectiveLimitsSource {
  queryKey: QueryKey;
  load: () => Promise<EffectiveLimitsView>;
  usageKey: QueryKey;
  loadUsage: () => Promise<KeyUsageView>;
}
