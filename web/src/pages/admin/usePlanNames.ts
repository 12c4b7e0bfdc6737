import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../api/admin-api';
import { shortId } from '../../lib/format';
import { useNamesById } from '../../lib/use-names-by-id';

/** Every plan (the first 500, far more than any operator defines), for names and choices. */
export function useAllPlans() {
  return useQuery({ queryKey: ['admin', 'plans', 'all'], queryFn: () => adminApi.plans.list({ limit: 500 }), staleTime: 30_000 });
}

/**
 * Tenant names for the ids on screen (audit, revenue rows carry only the id), looked up by id
 * however many tenants there are; the short id meanwhile, and for an id no tenant has.
 */
export function useTenantNames(ids: Iterable<string | null | undefined>, enabled = true) {
  const names = useNamesById({
    scope: ['admin', 'tenants'],
    ids,
    fetch: (chunk) => adminApi.tenants.list({ ids: chunk, limit: chunk.length }),
    nameOf: (tenant) => tenant.name,
    enabled,
  });
  return (id: string | null) => (id ? (names.name(id) ?? shortId(id)) : '—');
}
