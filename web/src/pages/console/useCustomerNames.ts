import { useQuery } from '@tanstack/react-query';
import { resellerApi } from '../../api/reseller-api';
import { shortId } from '../../lib/format';

/**
 * Names of the tenant's customers by id, for lists that only carry the id (keys, audit, usage): the
 * first 500 customers; any other (or a deleted one) shows its short id.
 */
export function useCustomerNames(enabled: boolean) {
  const customers = useQuery({
    queryKey: ['customers', 'names'],
    queryFn: () => resellerApi.customers.list({ limit: 500 }),
    enabled,
    staleTime: 60_000,
  });
  const names = new Map(customers.data?.data.map((c) => [c.id, c.name]) ?? []);
  return (id: string | null | undefined) => (id ? (names.get(id) ?? shortId(id)) : 'Your own keys');
}
