/** The authenticated caller of a public request, as resolved from its API key (cached per process). */
export interface Caller {
  keyId: string;
  tenantId: string;
  /** The tenant's customer the key belongs to; null for the tenant's own keys. */
  customerId: string | null;
  /** Visible key prefix (never the secret), safe for logs. */
  keyPrefix: string;
  /** Per-slug requests per window set on the key; overrides endpoint and catalog limits. */
  keyRateLimit: number | null;
  /**
   * Requests per window across the whole tenant: the tenant's own limit, bounded by its plan's
   * (the smaller of the two); null = no tenant-wide cap.
   */
  tenantRateLimit: number | null;
  /** The categories the tenant's plan allows; null = every category. */
  allowedCategories: ReadonlySet<string> | null;
}
