/** Any tenant's key as the operator reads it (the operator API's /keys/{id}): cache keys and hooks of the admin key page. */
import { useQuery } from '@tanstack/react-query';
import { data } from '../../api/client';
import { adminSdk } from '../../api/admin-client';
import type { EffectiveLimitsSource } from '../limits/effective-limits-source';

export const adminKeyKeys = {
  all: ['admin', 'keys'] as const,
  detail: (id: string) => [...adminKeyKeys.all, 'detail', id] as const,
  effective: (id: string) => [...adminKeyKeys.detail(id), 'effective'] as const,
  usage: (id: string) => [...adminKeyKeys.detail(id), 'usage'] as const,
};

export function useAdminKey(id: string) {
  return useQuery({ queryKey: adminKeyKeys.detail(id), queryFn: () => data(adminSdk.keys.get(id)) });
}

export const adminKeyEffectiveLimits = (id: string): EffectiveLimitsSource => ({
  queryKey: adminKeyKeys.effective(id),
  load: () => data(adminSdk.keys.effectiveLimits(id)),
  usageKey: adminKeyKeys.usage(id),
  loadUsage: () => data(adminSdk.keys.usage(id)),
});
