/** The whole audit trail, every tenant's calls (the operator API's /audit). */
import { data, sdk } from '../../api/client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { auditQuery, type AuditFilters } from './queries';

export const operatorAuditKeys = {
  list: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
};

export function useOperatorAuditTrail(filters: AuditFilters) {
  return useCursorList(operatorAuditKeys.list(filters), (cursor) =>
    data(sdk.admin.audit.list({ ...auditQuery(filters), limit: PAGE_SIZE, cursor })),
  );
}
