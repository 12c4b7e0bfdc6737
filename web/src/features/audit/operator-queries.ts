/** The whole audit trail, every tenant's calls (the operator API's /audit). */
import { adminApi, type AdminAuditFilters } from '../../api/admin-api';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';

export const operatorAuditKeys = {
  list: (filters: AdminAuditFilters) => ['admin', 'audit', filters] as const,
};

export function useOperatorAuditTrail(filters: AdminAuditFilters) {
  return useCursorList(operatorAuditKeys.list(filters), (cursor) => adminApi.audit({ ...filters, limit: PAGE_SIZE, cursor }));
}
