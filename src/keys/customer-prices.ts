import type { Meter } from '../generated/prisma/enums';

/**
 * What a tenant charges one caller (a customer's key), resolved when the key is loaded: per slug,
 * a price per meter, the customer's own over the tenant-wide one. A meter without a price is
 * billed at the catalog's list price (BillingService). Billing reads it with two Map lookups.
 */
export type CustomerPrices = ReadonlyMap<string, ReadonlyMap<Meter, bigint>>;

/** A stored price row (price_overrides) as the key and budget loaders read it. */
export interface CustomerPriceRow {
  customerId: string | null;
  slug: string;
  meter: Meter;
  pricePicoUsdPerUnit: bigint;
}

/** The rows as billing reads them, a customer's own over the tenant-wide ones; null when there are none (most keys). */
export function customerPricesOf(rows: readonly CustomerPriceRow[]): CustomerPrices | null {
  if (rows.length === 0) return null;
  const prices = new Map<string, Map<Meter, bigint>>();
  const put = (row: CustomerPriceRow) => {
    let bySlug = prices.get(row.slug);
    if (!bySlug) prices.set(row.slug, (bySlug = new Map<Meter, bigint>()));
    bySlug.set(row.meter, row.pricePicoUsdPerUnit);
  };
  for (const row of rows) if (row.customerId === null) put(row);
  for (const row of rows) if (row.customerId !== null) put(row);
  return prices;
}
