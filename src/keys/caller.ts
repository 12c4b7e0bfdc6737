import type { CustomerPrices } from './customer-prices';
import type { BudgetPeriod, BudgetSubject } from '../generated/prisma/enums';

/** The authenticated caller of a public request, as resolved from its API key (cached per process). */
export interface Caller {
  keyId: string;
  tenantId: string;
  /** The tenant's customer the key belongs to; null for the tenant's own keys. */
  customerId: string | null;
  /** Visible key prefix (never the secret), safe for logs. */
  keyPrefix: string;
  /** Per-slug requests per window the operator set on the key; overrides endpoint and catalog limits. */
  keyRateLimit: number | null;
  /**
   * Requests per window across the whole tenant: the tenant's own limit, bounded by its plan's
   * (the smaller of the two); null = no tenant-wide cap.
   */
  tenantRateLimit: number | null;
  /** The categories the tenant's plan allows; null = every category. */
  allowedCategories: ReadonlySet<string> | null;
  /** The limits the tenant set on this key and on its customer; null = none (no extra bucket). */
  limits: CallerLimits | null;
  /** The endpoints the key and its customer may call; null = every one (within the plan). */
  allowedEndpoints: AllowedEndpoints | null;
  /** The tenant's plan discount on the catalog's resale prices, in basis points; 0 = none. */
  resaleDiscountBps: bigint;
  /**
   * What the tenant charges this caller, by slug and meter (pico-USD per the meter's unit): its
   * customer's price, else the tenant-wide one. null = none (most keys, and every own key of a
   * tenant): a customer's key pays the catalog's list price, a tenant's own key the resale figure.
   */
  customerPrices: CustomerPrices | null;
  /** The spend caps that apply to the key's calls (its own, its customer's, its tenant's); null = none. */
  budgets: readonly CallerBudget[] | null;
}

/** A budget that applies to a caller, as the limit check needs it. */
export interface CallerBudget {
  id: string;
  subject: BudgetSubject;
  /** The key's, customer's or tenant's id, which the 402 names. */
  subjectId: string;
  period: BudgetPeriod;
  capPicoUsd: bigint;
}

/** A tenant's request limits on one key and its customer (requests per window). */
export interface CallerLimits {
  /** On the key, all slugs together. */
  keyAll: number | null;
  /** On the key, per slug (capped by the operator's limit of the slug). */
  keyBySlug: ReadonlyMap<string, number>;
  /** On the customer, all its keys and slugs together. */
  customerAll: number | null;
  /** On the customer, per slug, all its keys together. */
  customerBySlug: ReadonlyMap<string, number>;
}

/**
 * Which endpoints a caller may call: every list that is set (the key's, the customer's) must allow
 * the endpoint, by its slug or by its whole category (`text.*`).
 */
export class AllowedEndpoints {
  private constructor(private readonly lists: ReadonlyArray<ReadonlySet<string>>) {}

  /** From the key's and the customer's lists (empty = no restriction); null when neither restricts. */
  static of(...lists: ReadonlyArray<readonly string[]>): AllowedEndpoints | null {
    const set = lists.filter((l) => l.length > 0).map((l) => new Set(l));
    return set.length > 0 ? new AllowedEndpoints(set) : null;
  }

  allows(slug: string, category: string): boolean {
    const wildcard = `${category}.*`;
    return this.lists.every((list) => list.has(slug) || list.has(wildcard));
  }
}
