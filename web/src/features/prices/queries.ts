/**
 * The prices and markups of one scope a reseller prices for: every customer (`customerId` null) or
 * one customer, whose own apply before those for every customer. The price and markup editors read
 * and change them through these hooks, and invalidate through these query keys.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Meter } from '@unified-api-gateway/sdk';
import { data, sdk } from '../../api/client';
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

/** The routes of a scope: the reseller API's /prices and /markups, or the customer's own. */
function scopeApi(customerId: string | null) {
  if (customerId === null) {
    return {
      prices: () => data(sdk.reseller.prices.list()),
      setPrice: (slug: string, meter: Meter, usd: string) => data(sdk.reseller.prices.setMeter(slug, meter, usd)),
      removePrice: (slug: string, meter: Meter) => data(sdk.reseller.prices.deleteMeter(slug, meter)),
      markups: () => data(sdk.reseller.markups.list()),
      setMarkup: (slug: string, bps: number) => data(sdk.reseller.markups.set(slug, bps)),
      removeMarkup: (slug: string) => data(sdk.reseller.markups.delete(slug)),
    };
  }
  return {
    prices: () => data(sdk.reseller.customers.listPrices(customerId)),
    setPrice: (slug: string, meter: Meter, usd: string) => data(sdk.reseller.customers.setMeterPrice(customerId, slug, meter, usd)),
    removePrice: (slug: string, meter: Meter) => data(sdk.reseller.customers.deleteMeterPrice(customerId, slug, meter)),
    markups: () => data(sdk.reseller.customers.listMarkups(customerId)),
    setMarkup: (slug: string, bps: number) => data(sdk.reseller.customers.setMarkup(customerId, slug, bps)),
    removeMarkup: (slug: string) => data(sdk.reseller.customers.deleteMarkup(customerId, slug)),
  };
}

export function usePriceScope(customerId: string | null) {
  const api = scopeApi(customerId);
  const every = scopeApi(null);
  const forCustomer = customerId !== null;
  const ownPrices = useQuery({ queryKey: priceKeys.prices(customerId), queryFn: api.prices });
  const ownMarkups = useQuery({ queryKey: priceKeys.markups(customerId), queryFn: api.markups });
  const everyPrices = useQuery({ queryKey: priceKeys.prices(null), queryFn: every.prices, enabled: forCustomer });
  const everyMarkups = useQuery({ queryKey: priceKeys.markups(null), queryFn: every.markups, enabled: forCustomer });
  const queries = forCustomer ? [ownPrices, ownMarkups, everyPrices, everyMarkups] : [ownPrices, ownMarkups];
  const own: ScopePrices | null = ownPrices.data && ownMarkups.data ? { prices: ownPrices.data.data, markups: ownMarkups.data.data } : null;
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
