import type { Meter } from '../generated/prisma/enums';

/** The slug of a markup on every slug (price_overrides rows; a fixed price is always on one slug). */
export const EVERY_SLUG = '*';

/** The highest markup a tenant may set, in basis points: 1000 % over its resale figure (the customer pays 11 times it). */
export const MAX_MARKUP_BPS = 100_000;

/**
 * What one caller pays for one slug, resolved: per meter, a fixed price if one applies, else the
 * markup if one applies, else the catalog's list price (BillingService).
 */
export interface SlugCustomerPrices {
  /** Fixed prices, pico-USD per the meter's unit: the customer's own, else the tenant-wide one. */
  readonly fixed: ReadonlyMap<Meter, bigint>;
  /** Basis points over the tenant's resale figure for the meters without a fixed price; null: none applies. */
  readonly markupBps: bigint | null;
}

/**
 * What a tenant charges one caller (a customer's key), resolved when the key is loaded, so billing
 * reads it with two Map lookups: `slugs.get(slug) ?? everySlug`, then the meter.
 *
 * Precedence for one meter of a slug, most specific first and, at the same specificity, the
 * customer's before the tenant's (for every customer):
 *   1. the customer's fixed price for the (slug, meter),   2. the tenant's;
 *   3. the customer's markup on the slug,                   4. the tenant's;
 *   5. the customer's markup on every slug (`*`),           6. the tenant's;
 *   7. none: the catalog's list price.
 * So a fixed price, even the tenant's, beats any markup, and a markup on a slug beats the one on every slug.
 */
export interface CustomerPrices {
  /** The slugs with a fixed price or a markup of their own. */
  readonly slugs: ReadonlyMap<string, SlugCustomerPrices>;
  /** Every other slug: no fixed price, the markup on every slug (if any). */
  readonly everySlug: SlugCustomerPrices;
}

/** A stored row of price_overrides as the key and budget loaders read it: a fixed price (meter and price) or a markup (markupBps). */
export interface CustomerPriceRow {
  customerId: string | null;
  slug: string;
  meter: Meter | null;
  pricePicoUsdPerUnit: bigint | null;
  markupBps: number | null;
}

const NO_FIXED_PRICES: ReadonlyMap<Meter, bigint> = new Map();

/**
 * The rows (a customer's own and its tenant's for every customer) as billing reads them, with the
 * precedence above resolved; null when there are none (most keys).
 */
export function customerPricesOf(rows: readonly CustomerPriceRow[]): CustomerPrices | null {
  if (rows.length === 0) return null;
  const fixed = new Map<string, Map<Meter, bigint>>();
  const slugMarkups = new Map<string, bigint>();
  let everySlugMarkup: bigint | null = null;
  // The tenant's rows first, then the customer's, which replace them at the same specificity.
  for (const row of [...rows.filter((r) => r.customerId === null), ...rows.filter((r) => r.customerId !== null)]) {
    if (row.markupBps !== null) {
      if (row.slug === EVERY_SLUG) everySlugMarkup = BigInt(row.markupBps);
      else slugMarkups.set(row.slug, BigInt(row.markupBps));
    } else if (row.meter !== null && row.pricePicoUsdPerUnit !== null) {
      let bySlug = fixed.get(row.slug);
      if (!bySlug) fixed.set(row.slug, (bySlug = new Map<Meter, bigint>()));
      bySlug.set(row.meter, row.pricePicoUsdPerUnit);
    }
  }
  const slugs = new Map<string, SlugCustomerPrices>();
  for (const slug of new Set([...fixed.keys(), ...slugMarkups.keys()])) {
    slugs.set(slug, { fixed: fixed.get(slug) ?? NO_FIXED_PRICES, markupBps: slugMarkups.get(slug) ?? everySlugMarkup });
  }
  return { slugs, everySlug: { fixed: NO_FIXED_PRICES, markupBps: everySlugMarkup } };
}

/** The prices of one slug for this caller; null: none applies (the list price on every meter). */
export function slugCustomerPrices(prices: CustomerPrices | null, slug: string): SlugCustomerPrices | null {
  if (prices === null) return null;
  return prices.slugs.get(slug) ?? prices.everySlug;
}
