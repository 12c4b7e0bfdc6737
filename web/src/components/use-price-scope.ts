/**
 * The prices and markups of one scope a reseller prices for: every customer (`customerId` null) or
 * one customer, whose own apply before those for every customer. The price and markup editors read
 * and change them through this one hook, and invalidate through its query keys.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Meter } from '../api/openapi.generated';
import { resellerApi } from '../api/reseller-api';
import type { ScopePrices } from '../lib/customer-prices';

/** What the price and markup editors are given: the scope they edit. */
export interface PriceScopeProps {
  /** null: every customer's prices and markups. */
  customerId: string | null;
  /** "every customer" or the customer's name. */
  scope: string;
  readOnly?: boolean;
}

/** The query keys of a scope's prices and markups (every customer's: the tenant's). */
export const priceQueryKeys = {
  prices: (customerId: string | null) => (customerId === null ? ['prices', 'tenant'] : ['prices', 'customer', customerId]),
  markups: (customerId: string | null) => (customerId === null ? ['markups', 'tenant'] : ['markups', 'customer', customerId]),
};

/** The routes of a scope. */
function scopeApi(customerId: string | null) {
  if (customerId === null) {
    return {
      prices: resellerApi.prices.list,
      setPrice: resellerApi.prices.set,
      removePrice: resellerApi.prices.remove,
      markups: resellerApi.markups.list,
      setMarkup: resellerApi.markups.set,
      removeMarkup: resellerApi.markups.remove,
    };
  }
  return {
    prices: () => resellerApi.customers.prices(customerId),
    setPrice: (slug: string, meter: Meter, usd: string) => resellerApi.customers.setPrice(customerId, slug, meter, usd),
    removePrice: (slug: string, meter: Meter) => resellerApi.customers.removePrice(customerId, slug, meter),
    markups: () => resellerApi.customers.markups(customerId),
    setMarkup: (slug: string, bps: number) => resellerApi.customers.setMarkup(customerId, slug, bps),
    removeMarkup: (slug: string) => resellerApi.customers.removeMarkup(customerId, slug),
  };
}

export function usePriceScope(customerId: string | null) {
  const queryClient = useQueryClient();
  const api = scopeApi(customerId);
  const forCustomer = customerId !== null;
  const prices = useQuery({ queryKey: priceQueryKeys.prices(customerId), queryFn: api.prices });
  const markups = useQuery({ queryKey: priceQueryKeys.markups(customerId), queryFn: api.markups });
  const everyPrices = useQuery({ queryKey: priceQueryKeys.prices(null), queryFn: resellerApi.prices.list, enabled: forCustomer });
  const everyMarkups = useQuery({ queryKey: priceQueryKeys.markups(null), queryFn: resellerApi.markups.list, enabled: forCustomer });
  const queries = forCustomer ? [prices, markups, everyPrices, everyMarkups] : [prices, markups];
  const own: ScopePrices | null = prices.data && markups.data ? { prices: prices.data.data, markups: markups.data.data } : null;
  const fallback: ScopePrices | null =
    everyPrices.data && everyMarkups.data ? { prices: everyPrices.data.data, markups: everyMarkups.data.data } : null;
  return {
    api,
    own,
    /** For one customer: the prices and markups for every customer, which apply where it has none. */
    fallback: forCustomer ? fallback : null,
    isPending: queries.some((q) => q.isPending),
    error: queries.find((q) => q.isError)?.error ?? null,
    retry: () => queries.forEach((q) => void q.refetch()),
    /** After a change of this scope's prices or markups. */
    changed: () => {
      void queryClient.invalidateQueries({ queryKey: priceQueryKeys.prices(customerId) });
      void queryClient.invalidateQueries({ queryKey: priceQueryKeys.markups(customerId) });
    },
  };
}
