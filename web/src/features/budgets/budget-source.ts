import type { QueryKey } from '@tanstack/react-query';
import type { BudgetRequest, BudgetView } from '@unified-api-gateway/sdk';

/**
 * Whose budget a BudgetCard shows (a key's, a customer's, a tenant's): its cache key and its routes,
 * given by the feature that owns it (keys/queries.ts, customers/queries.ts, tenants/queries.ts).
 */
export interface BudgetSource {
  queryKey: QueryKey;
  load: () => Promise<BudgetView>;
  save: (body: BudgetRequest) => Promise<BudgetView>;
  remove: () => Promise<void>;
  /** What a change makes stale besides the budget itself (the key's effective limits). */
  affects?: QueryKey;
}
