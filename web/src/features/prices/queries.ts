/**
 * The prices and markups of one scope a reseller prices for: every customer (`customerId` null) or
 * one customer, whose own apply before those for every customer. The price and markup editors read
 * and change them through these hooks, and invalidate through these query keys.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Meter } from '../../api/openapi.generated';
import { resellerApi } from '../../api/reseller-api';
import { useToast } from '../../components/Toasts';
import type { ScopePrices } from '../../lib/customer-prices';

/** What the price and markup editors are given: the scope they edit. */
export interface PriceScopeProps {
  /** null: every customer's prices and markups. */
  customerId: string | null;
  /** "every customer" or the customer's name. */
  scope: string;
  readOnly?: boolean;
}

/** The query keys of a scope's prices and markups (every customer's: the tenant's). */
export const priceKeys = {
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
  const api = scopeApi(customerId);
  const forCustomer = customerId !== null;
  const prices = useQuery({ queryKey: priceKeys.prices(customerId), queryFn: api.prices });
  const markups = useQuery({ queryKey: priceKeys.markups(customerId), queryFn: api.markups });
  const everyPrices = useQuery({ queryKey: priceKeys.prices(null), queryFn: resellerApi.prices.list, enabled: forCustomer });
  const everyMarkups = useQuery({ queryKey: priceKeys.markups(null), queryFn: resellerApi.markups.list, enabled: forCustomer });
  const queries = forCustomer ? [prices, markups, everyPrices, everyMarkups] : [prices, markups];
  const own: ScopePrices | null = prices.data && markups.data ? { prices: prices.data.data, markups: markups.data.data } : null;
  const fallback: ScopePrices | null =
    everyPrices.data && everyMarkups.data ? { prices: everyPrices.data.data, markups: everyMarkups.data.data } : null;
  return {
    own,
    /** For one customer: the prices and markups for every customer, which apply where it has none. */
    fallback: forCustomer ? fallback : null,
    isPending: queries.some((q) => q.isPending),
    error: queries.find((q) => q.isError)?.error ?? null,
    retry: () => queries.forEach((q) => void q.refetch()),
  };
}

/** A change of a scope's prices or markups: both ask again (a price and a markup of a slug decide together), and a toast says so. */
function useScopeChange<V>(
  customerId: string | null,
  run: (api: ReturnType<typeof scopeApi>, variables: V) => Promise<unknown>,
  said: (v: V) => string,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (variables: V) => run(scopeApi(customerId), variables),
    onSuccess: (_, variables) => {
      void queryClient.invalidateQueries({ queryKey: priceKeys.prices(customerId) });
      void queryClient.invalidateQueries({ queryKey: priceKeys.markups(customerId) });
      toast(said(variables));
    },
  });
}

export interface PriceChange {
  slug: string;
  meter: Meter;
  unitLabel: string;
  /** USD per unit, the exact decimal string. */
  usd: string;
}

export function useSetPrice(customerId: string | null) {
  return useScopeChange<PriceChange>(
    customerId,
    (api, p) => api.setPrice(p.slug, p.meter, p.usd),
    (p) => `Price of ${p.slug} per ${p.unitLabel} saved; it applies to the next call`,
  );
}

export function useRemovePrice(customerId: string | null) {
  return useScopeChange<{ slug: string; meter: Meter }>(
    customerId,
    (api, p) => api.removePrice(p.slug, p.meter),
    () => 'Price removed',
  );
}

/** `slugName`: how the toast names the slug ("every slug" for `*`). */
export function useSetMarkup(customerId: string | null, slugName: (slug: string) => string) {
  return useScopeChange<{ slug: string; bps: number }>(
    customerId,
    (api, m) => api.setMarkup(m.slug, m.bps),
    (m) => `Markup on ${slugName(m.slug)} saved; it applies to the next call`,
  );
}

export function useRemoveMarkup(customerId: string | null) {
  return useScopeChange<string>(
    customerId,
    (api, slug) => api.removeMarkup(slug),
    () => 'Markup removed',
  );
}
