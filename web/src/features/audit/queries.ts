/** The tenant's audit trail (the reseller API's /audit): every call of its keys and its customers' keys. */
import { useQuery } from '@tanstack/react-query';
import { resellerApi, type ResellerAuditFilters } from '../../api/reseller-api';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: ResellerAuditFilters) => [...auditKeys.all, 'tenant', filters] as const,
  recent: () => [...auditKeys.all, 'recent'] as const,
};

export function useAuditTrail(filters: ResellerAuditFilters) {
  return useCursorList(auditKeys.list(filters), (cursor) => resellerApi.audit({ ...filters, limit: PAGE_SIZE, cursor }));
}

/** The newest calls, for the console's overview. */
export function useRecentCalls() {
  return useQuery({ queryKey: auditKeys.recent(), queryFn: () => resellerApi.audit({ limit: 5 }) });
}
