/**
 * Where the store keeps one period of one budget: in the tenant's hash tag (with every other
 * bucket of its calls, one Redis Cluster slot), one key per period so a new period starts empty
 * and an old one expires on its own.
 */
export function budgetStateKey(tenantId: string, budgetId: string, periodStart: Date): string {
  return `{t:${tenantId}}:b:${budgetId}:${periodStart.getTime()}`;
}
