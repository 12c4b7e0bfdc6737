/** One UTC day of a key's calls, from the daily usage rollup. */
export interface KeyUsageDay {
  day: Date;
  calls: bigint;
  errors: bigint;
  customerPricePicoUsd: bigint;
  resalePicoUsd: bigint;
  wholesalePicoUsd: bigint;
}

/** What the tenant's plan and the tenant set on request limits and the plan's default budget. */
export interface TenantLimitSettings {
  tenantRateLimit: number | null;
  planName: string | null;
  planRateLimit: number | null;
  planDefaultMonthlyCapPicoUsd: bigint | null;
}

/**
 * Reads behind the effective-limits report: a key's days from usage_daily (never the audit table:
 * a month of a busy key is 30 rows there) and the tenant's and plan's settings that the caller
 * folds into one figure.
 */
export abstract class KeyUsageRepository {
  /** The key's days in [from, to), only those with calls, oldest first. */
  abstract days(tenantId: string, keyId: string, from: Date, to: Date): Promise<KeyUsageDay[]>;

  abstract tenantSettings(tenantId: string): Promise<TenantLimitSettings>;
}
