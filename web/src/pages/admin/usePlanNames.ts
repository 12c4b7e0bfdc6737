import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../api/admin-api';

/** Every plan (the first 500, far more than any operator defines), for names and choices. */
export function useAllPlans() {
  return useQuery({ queryKey: ['admin', 'plans', 'all'], queryFn: () => adminApi.plans.list({ limit: 500 }), staleTime: 30_000 });
}

/** Tenants by id, for lists that carry only the id (audit, revenue): the newest 500. */
export function useTenantNames() {
  const tenants = useQuery({
    queryKey: ['admin', 'tenants', 'names'],
    queryFn: () => adminApi.tenants.list({ limit: 500 }),
    staleTime: 30_000,
  });
  const names = new Map(tenants.data?.data.map((t) => [t.id, t.name]) ?? []);
  return { tenants: tenants.data?.data ?? [], nameOf: (id: string | null) => (id ? (names.get(id) ?? id.split('-')[0]) : '—') };
}
