/** The tenant's audit trail (the reseller API's /audit): every call of its keys and its customers' keys. */
import { useQuery } from '@tanstack/react-query';
import { data, sdk } from '../../api/client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import type { AuditFilterName } from './use-audit-filters';

/** The filters as the address bar holds them (use-audit-filters.ts): strings, the status too. */
export type AuditFilters = Partial<Record<AuditFilterName, string>>;

/** The API's query of the filters: the status a number (a cleared field: none). */
export const auditQuery = ({ status, ...filters }: AuditFilters) => ({ ...filters, status: status ? Number(status) : undefined });

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: Omit<AuditFilters, 'tenant_id'>) => [...auditKeys.all, 'tenant', filters] as const,
  recent: () => [...auditKeys.all, 'recent'] as const,
};

export function useAuditTrail(filters: Omit<AuditFilters, 'tenant_id'>) {
  return useCursorList(auditKeys.list(filters), (cursor) =>
    data(sdk.reseller.audit.list({ ...auditQuery(filters), limit: PAGE_SIZE, cursor })),
  );
}

/** The newest calls, for the console's overview. */
export function useRecentCalls() {
  return useQuery({ queryKey: auditKeys.recent(), queryFn: () => data(sdk.reseller.audit.list({ limit: 5 })) });
}

/** One call of the tenant's in full (a call of another tenant's is a 404, as an unknown one). */
export function useAuditCall(requestId: string) {
  return useQuery({ queryKey: [...auditKeys.all, 'call', requestId] as const, queryFn: () => data(sdk.reseller.audit.get(requestId)) });
}

/** Where the CSV of the calls these filters select downloads from. */
export const auditCsvUrl = (filters: Omit<AuditFilters, 'tenant_id'>) => sdk.reseller.audit.exportUrl(auditQuery(filters));
