/** The whole audit trail, every tenant's calls (the operator API's /audit). */
import { useQuery } from '@tanstack/react-query';
import { data } from '../../api/client';
import { adminSdk } from '../../api/admin-client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { auditQuery, type AuditFilters } from './queries';

export const operatorAuditKeys = {
  list: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
  call: (requestId: string) => ['admin', 'audit', 'call', requestId] as const,
};

export function useOperatorAuditTrail(filters: AuditFilters) {
  return useCursorList(operatorAuditKeys.list(filters), (cursor) =>
    data(adminSdk.audit.list({ ...auditQuery(filters), limit: PAGE_SIZE, cursor })),
  );
}

/** Any tenant's call in full. */
export function useOperatorAuditCall(requestId: string) {
  return useQuery({ queryKey: operatorAuditKeys.call(requestId), queryFn: () => data(adminSdk.audit.get(requestId)) });
}

/** Where the CSV of the calls these filters select downloads from. */
export const operatorAuditCsvUrl = (filters: AuditFilters) => adminSdk.audit.exportUrl(auditQuery(filters));
